import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE } from '../../sandbox/data/hostile.js';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.js';
import { LIMITS } from '../../shared/api/vocabulary.js';
import { api, PRO } from './helpers.js';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: false });
});
afterAll(() => sandbox.close());
const get = (path: string, token?: string) =>
  api(sandbox.baseUrl, `/api/v1/projects/${path}`, token);

describe('answers (data-api 4.3)', () => {
  it('pages with the exact pagination object', async () => {
    const first = await get('1001/answers?limit=100');
    const { total } = first.body.pagination;
    expect(total).toBeGreaterThanOrEqual(1000);
    expect(first.body.pagination).toEqual({
      offset: 0,
      limit: 100,
      returned: 100,
      total,
      has_more: true,
    });
    const last = await get(`1001/answers?limit=100&offset=${total - 10}`);
    expect(last.body.pagination).toEqual({
      offset: total - 10,
      limit: 100,
      returned: 10,
      total,
      has_more: false,
    });
    const second = await get('1001/answers?limit=100&offset=100');
    const ids = new Set(
      [...first.body.answers, ...second.body.answers].map((row: { id: number }) => row.id),
    );
    expect(ids.size).toBe(200);
    expect((await get('1001/answers')).body.pagination.limit).toBe(LIMITS.pageSize.default);
  });

  it('include_answer_text caps the page at 20 rows and max_answer_chars truncates', async () => {
    const answer = await get(
      '1001/answers?include_answer_text=true&limit=100&max_answer_chars=200',
    );
    expect(answer.body.pagination.limit).toBe(LIMITS.answersWithTextPageCap);
    expect(answer.body.answers).toHaveLength(LIMITS.answersWithTextPageCap);
    for (const row of answer.body.answers) {
      expect(Array.from(row.answer_text as string).length).toBeLessThanOrEqual(200);
      expect(typeof row.answer_text_truncated).toBe('boolean');
    }
    expect(
      answer.body.answers.some(
        (row: { answer_text_truncated: boolean }) => row.answer_text_truncated,
      ),
    ).toBe(true);
    const withoutText = await get('1001/answers?limit=5');
    expect(withoutText.body.answers[0].answer_text).toBeUndefined();
  });

  it('filters by platform, question, prominence and flags', async () => {
    const summary = await get('1001?include=questions');
    const promptId = summary.body.questions.additional[2].id;
    const answer = await get(
      `1001/answers?platform=gemini&prompt_id=${promptId}&prominence_max=1&limit=100`,
    );
    expect(answer.body.answers.length).toBeGreaterThan(0);
    for (const row of answer.body.answers) {
      expect(row).toMatchObject({ platform: 'gemini', prompt_id: promptId });
      expect(row.prominence_level).toBeLessThanOrEqual(1);
    }
    const flagged = await get('1001/answers?only_flagged=true&limit=100');
    for (const row of flagged.body.answers)
      expect(
        row.brand_sentiment === 'negative' || row.brand_drawback !== null || row.on_topic === false,
      ).toBe(true);
    expect(flagged.body.pagination.total).toBeLessThan(
      (await get('1001/answers')).body.pagination.total,
    );
  });

  it('since/until replace the period and say custom', async () => {
    const answer = await get(
      '1001/answers?since=2026-03-01&until=2026-03-31&period=last_year&limit=100',
    );
    expect(answer.body.period).toMatchObject({
      requested: 'custom',
      used: 'custom',
      start: '2026-03-01',
      end: '2026-03-31',
    });
    for (const row of answer.body.answers) expect(row.checked_at.slice(0, 7)).toBe('2026-03');
  });

  it('covers last_year for 1001', async () => {
    const answer = await get('1001/answers?period=last_year');
    expect(answer.body.period).toMatchObject({
      requested: 'last_year',
      used: 'last_year',
      start: '2025-01-01',
      end: '2025-12-31',
    });
    expect(answer.body.pagination.total).toBeGreaterThan(0);
  });

  it('1003: longer periods fall back to last_30_days, and recent answers are not judged yet', async () => {
    for (const period of ['last_60_days', 'last_90_days', 'this_year', 'last_year']) {
      const answer = await get(`1003/answers?period=${period}`);
      expect(answer.body.period).toMatchObject({ requested: period, used: 'last_30_days' });
    }
    const newest = await get('1003/answers?limit=100');
    const unjudged = newest.body.answers.filter(
      (row: { brand_mentioned: unknown }) => row.brand_mentioned === null,
    );
    expect(unjudged.length).toBeGreaterThan(0);
    for (const row of unjudged) {
      for (const field of [
        'prominence_level',
        'on_topic',
        'names_brands',
        'brand_sentiment',
        'brand_drawback',
        'evidence_quote',
      ])
        expect(row[field], field).toBeNull();
    }
    const summary = await get('1003?include=answer_insights');
    expect(summary.body.answer_insights.not_yet_judged).toBeGreaterThan(0);
  });
});

describe('hostile values sit on the first pages of 1001', () => {
  it('answers: script and img tags in text and evidence, a javascript: URL', async () => {
    const answer = await get('1001/answers?include_answer_text=true');
    const text = JSON.stringify(answer.body.answers);
    expect(text).toContain(JSON.stringify(HOSTILE.scriptTag).slice(1, -1));
    expect(text).toContain(HOSTILE.imgOnerror);
    expect(
      answer.body.answers.some((row: { evidence_quote: string | null }) =>
        row.evidence_quote?.includes(HOSTILE.scriptTag),
      ),
    ).toBe(true);
    expect(
      answer.body.answers.some((row: { cited_urls: string[] }) =>
        row.cited_urls.includes(HOSTILE.javascriptUrl),
      ),
    ).toBe(true);
    expect(
      answer.body.answers.some((row: { answer_text: string }) => row.answer_text.length >= 1000),
    ).toBe(true);
  });

  it('competitor ranking: a formula-looking brand', async () => {
    const answer = await get('1001/competitors');
    expect(answer.body.competitors.map((row: { name: string }) => row.name)).toContain(
      HOSTILE.formulaBrand,
    );
  });

  it('citations: the javascript: URL', async () => {
    const answer = await get('1001/citations');
    expect(answer.body.citations.map((row: { url: string }) => row.url)).toContain(
      HOSTILE.javascriptUrl,
    );
  });

  it('search: queries starting with +, - and @', async () => {
    const answer = await get('1001/search-performance?dataset=top_queries&limit=50');
    const queries = answer.body.rows.map((row: { query: string }) => row.query);
    for (const query of HOSTILE.signedQueries) expect(queries).toContain(query);
  });
});

describe('search-performance (data-api 4.4)', () => {
  it('lists are the stored top sample: at most 50 per dimension, 1000 question queries', async () => {
    for (const dataset of ['top_queries', 'top_pages', 'top_countries', 'queries_by_country']) {
      const answer = await get(`1001/search-performance?dataset=${dataset}&period=365d&limit=100`);
      expect(answer.body.pagination.total, dataset).toBe(LIMITS.searchRowsPerDimension);
    }
    const questions = await get(
      '1001/search-performance?dataset=ai_question_queries&limit=100&offset=950',
    );
    expect(questions.body.pagination.total).toBe(LIMITS.searchQuestionQueries);
    expect(questions.body.pagination).toMatchObject({ returned: 50, has_more: false });
  });

  it('history sums the stored daily series per calendar month', async () => {
    for (const source of ['google', 'bing']) {
      const daily = await get(`1001/search-performance?source=${source}&dataset=daily&period=365d`);
      const history = await get(
        `1001/search-performance?source=${source}&dataset=history&period=365d`,
      );
      expect(daily.body.rows).toHaveLength(365);
      const sums = new Map<string, { clicks: number; impressions: number }>();
      for (const row of daily.body.rows) {
        const month = row.date.slice(0, 7);
        const sum = sums.get(month) ?? { clicks: 0, impressions: 0 };
        sum.clicks += row.clicks;
        sum.impressions += row.impressions;
        sums.set(month, sum);
      }
      expect(
        history.body.rows.map((row: { month: string; clicks: number; impressions: number }) => [
          row.month,
          { clicks: row.clicks, impressions: row.impressions },
        ]),
      ).toEqual([...sums]);
    }
  });

  it('sorts clicks, impressions and ctr high to low, position low to high', async () => {
    for (const sort of ['clicks', 'impressions', 'ctr', 'position']) {
      const answer = await get(`1001/search-performance?dataset=top_pages&sort=${sort}&limit=50`);
      const values = answer.body.rows.map((row: Record<string, number>) => row[sort]!);
      const sorted = [...values].sort((a, b) => (sort === 'position' ? a - b : b - a));
      expect(values, sort).toEqual(sorted);
    }
  });

  it('applies text and numeric filters', async () => {
    const answer = await get(
      '1001/search-performance?dataset=top_queries&query_contains=BRIGHTLANE&min_impressions=100&max_position=10&limit=50',
    );
    expect(answer.body.rows.length).toBeGreaterThan(0);
    for (const row of answer.body.rows) {
      expect(row.query.toLowerCase()).toContain('brightlane');
      expect(row.impressions).toBeGreaterThanOrEqual(100);
      expect(row.position).toBeLessThanOrEqual(10);
    }
    const country = await get(
      '1001/search-performance?dataset=queries_by_country&country=us&limit=50',
    );
    expect(country.body.rows.length).toBeGreaterThan(0);
    for (const row of country.body.rows) expect(row.country).toBe('USA');
  });

  it('1001 has a stale source; 1002 answers bing as unavailable with a reason', async () => {
    expect((await get('1001/search-performance?source=bing')).body.is_stale).toBe(true);
    const bing = await get('1002/search-performance?source=bing&dataset=top_queries');
    expect(bing.status).toBe(200);
    expect(bing.body).toMatchObject({ available: false, source: 'bing' });
    expect(bing.body.reason).toMatch(/not connected/);
  });
});

describe('ai-traffic (data-api 4.7)', () => {
  it('history sums the daily series per calendar month, for every metric', async () => {
    const daily = await get('1001/ai-traffic?dataset=daily&period=90d&source=chatgpt');
    const history = await get('1001/ai-traffic?dataset=history&period=90d&source=chatgpt');
    const sums = new Map<string, Record<string, number>>();
    for (const row of daily.body.rows) {
      const month = row.date.slice(0, 7);
      const sum = sums.get(month) ?? { sessions: 0, users: 0, engaged_sessions: 0, conversions: 0 };
      for (const key of Object.keys(sum)) sum[key]! += row[key];
      sums.set(month, sum);
    }
    expect(
      history.body.rows.map(
        ({ month, sessions, users, engaged_sessions, conversions }: Record<string, number>) => [
          month,
          { sessions, users, engaged_sessions, conversions },
        ],
      ),
    ).toEqual([...sums]);
  });

  it('every dataset of 1002 is available: false with a reason', async () => {
    for (const dataset of ['summary', 'sources', 'landing_pages', 'daily', 'history']) {
      const answer = await get(`1002/ai-traffic?dataset=${dataset}`);
      expect(answer.status).toBe(200);
      expect(answer.body.available).toBe(false);
      expect(answer.body.reason).toMatch(/GA4/);
    }
  });

  it('landing pages filter by path and page', async () => {
    const answer = await get('1001/ai-traffic?dataset=landing_pages&path_contains=BLOG&limit=5');
    expect(answer.body.rows.length).toBeGreaterThan(0);
    for (const row of answer.body.rows) expect(row.path.toLowerCase()).toContain('blog');
  });
});

describe('competitors (data-api 4.5)', () => {
  it('ranking: one row per brand, own brand included, ranked by visibility, default 15', async () => {
    const answer = await get('1001/competitors?limit=50');
    const rows = answer.body.competitors;
    expect(new Set(rows.map((row: { name: string }) => row.name)).size).toBe(rows.length);
    expect(rows.filter((row: { is_own_brand: boolean }) => row.is_own_brand)).toHaveLength(1);
    const visibility = rows.map((row: { visibility: number }) => row.visibility);
    expect(visibility).toEqual([...visibility].sort((a, b) => b - a));
    expect(rows.map((row: { rank: number }) => row.rank)).toEqual(
      rows.map((_: unknown, i: number) => i + 1),
    );
    expect((await get('1001/competitors')).body.competitors).toHaveLength(
      LIMITS.competitorRanking.default,
    );
  });

  it('highlights: default 3 per platform, at most 5', async () => {
    const three = await get('1001/competitors?include_highlights=true&limit=3');
    for (const list of Object.values(
      three.body.competitors[0].platform_highlights as Record<string, string[]>,
    ))
      expect(list.length).toBeLessThanOrEqual(3);
    const five = await get(
      '1001/competitors?include_highlights=true&highlights_per_platform=5&limit=1',
    );
    expect(
      Object.values(five.body.competitors[0].platform_highlights as Record<string, string[]>).some(
        (list) => list.length === 5,
      ),
    ).toBe(true);
    expect((await get('1001/competitors?highlights_per_platform=6')).status).toBe(422);
  });

  it('detail is about one brand matching a name fragment, case-insensitively; found says whether one did', async () => {
    const answer = await get('1001/competitors?dataset=detail&competitor=LUMEN');
    expect(answer.body).toMatchObject({ found: true, name: 'Lumen Analytics' });
    expect(answer.body.by_platform.length).toBe(6);
    const none = await get('1001/competitors?dataset=detail&competitor=zzzz');
    expect(none.body.found).toBe(false);
    expect(none.body).not.toHaveProperty('by_platform');
  });

  it('history: months newest first, 12 by default, paged by month', async () => {
    const answer = await get('1001/competitors?dataset=history');
    const months = answer.body.history.map((row: { month: string }) => row.month);
    expect(months).toHaveLength(LIMITS.competitorHistoryMonths.default);
    expect(months[0]).toBe('2026-11');
    expect(months).toEqual([...months].sort().reverse());
    const next = await get('1001/competitors?dataset=history&offset=12&limit=12');
    expect(next.body.history[0].month).toBe('2025-11');
  });
});

describe('citations (data-api 4.6)', () => {
  it('groups by domain with own-site filter, and by URL with url_contains', async () => {
    const own = await get('1001/citations?group_by=domain&own_site_only=true');
    expect(own.body.domains.map((row: { domain: string }) => row.domain)).toEqual([
      'brightlane.example',
    ]);
    const urls = await get('1001/citations?url_contains=PRICING&platform=claude');
    for (const row of urls.body.citations) {
      expect(row.url.toLowerCase()).toContain('pricing');
      expect(row.platforms).toContain('claude');
    }
  });
});

describe('action plan (data-api 4.8)', () => {
  it('orders actions by audience and every next_request answers 200', async () => {
    const first: Record<string, string> = {};
    for (const audience of ['business', 'marketing', 'seo']) {
      const answer = await get(`1001/action-plan?audience=${audience}&limit=10`);
      expect(answer.body.status).toBe('ready');
      first[audience] = answer.body.actions[0].signal;
      for (const action of answer.body.actions) {
        expect(action.next_request.startsWith('/api/v1/')).toBe(true);
        expect(action.evidence.length).toBeGreaterThan(0);
        const followed = await api(sandbox.baseUrl, action.next_request);
        expect(followed.status, action.next_request).toBe(200);
      }
    }
    expect(first).toEqual({
      business: 'ai_landing_pages',
      marketing: 'negative_answers',
      seo: 'search_ctr_gap',
    });
  });

  it('limit bounds the actions; default 5', async () => {
    expect((await get('1001/action-plan')).body.actions).toHaveLength(
      LIMITS.actionPlanLimit.default,
    );
    expect((await get('1001/action-plan?limit=2')).body.actions).toHaveLength(2);
    expect((await get('1001/action-plan?limit=11')).status).toBe(422);
  });

  it('1002 needs data and says why; 2001 has no priority signals', async () => {
    const thin = await get('1002/action-plan');
    expect(thin.body.status).toBe('needs_data');
    const sources = thin.body.data_notes.map((note: { source: string }) => note.source);
    expect(sources).toEqual(expect.arrayContaining(['ga4', 'bing_webmaster_tools', 'answers']));
    const quiet = await get('2001/action-plan', PRO);
    expect(quiet.body.status).toBe('no_priority_signals');
    expect(quiet.body.actions).toEqual([]);
  });
});

describe('determinism', () => {
  it('two sandboxes with the same clock give byte-identical bodies; another clock moves the data', async () => {
    const other = await startSandbox({ port: 0, rateLimit: false });
    const moved = await startSandbox({ port: 0, rateLimit: false, now: '2026-06-01' });
    try {
      for (const path of [
        '/api/v1/projects',
        '/api/v1/projects/1001',
        '/api/v1/projects/1001/answers?include_answer_text=1',
        '/api/v1/projects/1001/search-performance?dataset=history&period=365d',
      ]) {
        const texts = await Promise.all(
          [sandbox, other].map(async (instance) =>
            (
              await fetch(`${instance.baseUrl}${path}`, {
                headers: { authorization: 'Bearer aivis_test_entry' },
              })
            ).text(),
          ),
        );
        expect(texts[0], path).toBe(texts[1]);
      }
      const shifted = await api(moved.baseUrl, '/api/v1/projects/1001/answers');
      expect(shifted.body.period.end).toBe('2026-06-01');
    } finally {
      await other.close();
      await moved.close();
    }
  });
});
