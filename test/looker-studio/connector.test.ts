/**
 * The connector's behaviour through the BUILT Code.js against the sandbox:
 * KEY auth, the stepped config, date ranges, hostile text, the cache, and
 * how many requests a large report costs.
 */
import { describe, expect, test } from 'vitest';
import { REPORTS } from '../../looker-studio/src/reports.js';
import {
  FORMULA_BRAND,
  IMG_ONERROR,
  JAVASCRIPT_URL,
  SCRIPT_TAG,
  SIGNED_QUERIES,
} from '../../sandbox/data/hostile.js';
import { ENDPOINTS } from '../../shared/api/endpoints.js';
import { describeRule, type ParamRule } from '../../shared/api/param-rules.js';
import { column, ENTRY_TOKEN, shiftDate, useConnectorSuite } from './fakes/suite.js';

const { suite, load, config, schema, data } = useConnectorSuite();

/** The fields getSchema offers, read by a connector of their own (its sample read counts there). */
const fieldNames = (params: Record<string, string>) =>
  schema(load(), params).map((field) => field.name);

/** The period object of an answers page of project 1001, for ranges anchored to its data. */
function latestCheckDay(): string {
  const { body } = suite.api('/projects/1001/answers?limit=1');
  return (body as { period: { end: string } }).period.end;
}

describe('KEY auth', () => {
  test('the auth type is KEY', () => {
    expect(load().call('getAuthType')).toEqual({ type: 'KEY' });
  });

  test('setCredentials keeps a token the API accepts, in user properties only', () => {
    const connector = load({ token: undefined });
    expect(connector.call('isAuthValid')).toBe(false);
    expect(connector.call('setCredentials', { key: ` ${ENTRY_TOKEN} ` })).toEqual({
      errorCode: 'NONE',
    });
    expect(connector.userProperties.getProperty('AIVIS_TOKEN')).toBe(ENTRY_TOKEN);
    expect(connector.call('isAuthValid')).toBe(true);
    // The check was GET /projects with the token as a bearer token, never in the URL.
    const call = connector.urlFetch.calls[0]!;
    expect(call.url).toMatch(/\/api\/v1\/projects$/);
    expect(call.headers.Authorization).toBe(`Bearer ${ENTRY_TOKEN}`);
  });

  test.each(['aivis_test_expired', 'aivis_test_revoked', 'aivis_test_no_scope', 'not a token', ''])(
    'setCredentials refuses %j and keeps nothing',
    (key) => {
      const connector = load({ token: undefined });
      expect(connector.call('setCredentials', { key })).toEqual({
        errorCode: 'INVALID_CREDENTIALS',
      });
      expect(connector.userProperties.getKeys()).toEqual([]);
      expect(connector.call('isAuthValid')).toBe(false);
    },
  );

  test('resetAuth forgets the token', () => {
    const connector = load();
    expect(connector.call('isAuthValid')).toBe(true);
    connector.call('resetAuth');
    expect(connector.userProperties.getProperty('AIVIS_TOKEN')).toBeNull();
    expect(connector.call('isAuthValid')).toBe(false);
  });

  test('a token that expires later is no longer valid', () => {
    const connector = load({ token: 'aivis_test_expired' });
    expect(connector.call('isAuthValid')).toBe(false);
  });
});

describe('config', () => {
  test('first step: the account’s projects and every report; a date range is required', () => {
    const first = config(load());
    expect(first.isSteppedConfig).toBe(true);
    expect(first.dateRangeRequired).toBe(true);
    const [project, report, ...rest] = first.configParams;
    expect(rest).toEqual([]);
    const { body } = suite.api('/projects');
    const ids = (body as { projects: Array<{ id: number }> }).projects.map((each) =>
      String(each.id),
    );
    expect(project!.name).toBe('project');
    expect(project!.options!.map((option) => option.value)).toEqual(ids);
    expect(report!.name).toBe('report');
    expect(report!.isDynamic).toBe(true);
    // Every dataset, then the portfolio (docs/agencies.md).
    expect(report!.options!.map((option) => option.value)).toEqual([
      ...REPORTS.map((each) => each.value),
      'portfolio',
    ]);
    for (const value of [
      'answers',
      'summary:ai_visibility',
      'competitors:ranking',
      'competitors:history',
      'citations:domain',
      'citations:url',
      'search-performance:top_queries',
      'ai-traffic:daily',
      'action-plan',
    ]) {
      expect(report!.options!.map((option) => option.value)).toContain(value);
    }
  });

  test.each([
    ['search-performance:top_queries', 'search-performance', ['source']],
    ['ai-traffic:daily', 'ai-traffic', ['source']],
    ['answers', 'answers', ['platform']],
    ['citations:url', 'citations', ['platform']],
    ['citations:domain', 'citations', []],
    ['competitors:detail', 'competitors', ['competitor']],
    ['action-plan', 'action-plan', []],
  ] as const)(
    '%s shows the parameters it takes, with the endpoint table’s help',
    (report, endpoint, ids) => {
      const step = config(load(), { project: '1001', report });
      expect(step.isSteppedConfig).toBe(false);
      const [about, ...extra] = step.configParams.slice(2);
      expect(about!.type).toBe('INFO');
      expect(about!.text).toContain(ENDPOINTS[endpoint].summary);
      expect(extra.map((param) => param.name)).toEqual(ids);
      for (const param of extra) {
        const rule = (ENDPOINTS[endpoint].params as Record<string, ParamRule>)[param.name]!;
        expect(param.helpText).toContain(describeRule(rule));
        if (rule.kind === 'enum')
          expect(param.options!.map((option) => option.value)).toEqual(rule.values);
      }
    },
  );

  test('the token appears in no config, field, cache key or log', () => {
    const connector = load();
    const texts = [
      JSON.stringify(config(connector)),
      JSON.stringify(config(connector, { project: '1001', report: 'answers' })),
      JSON.stringify(schema(connector, { project: '1001', report: 'answers' })),
      JSON.stringify(
        data(
          connector,
          { project: '1001', report: 'answers' },
          {
            startDate: latestCheckDay(),
            endDate: latestCheckDay(),
          },
        ),
      ),
      [...connector.scriptCache.entries.keys()].join('\n'),
      connector.logs.join('\n'),
    ];
    for (const text of texts) expect(text).not.toContain(ENTRY_TOKEN);
    expect(connector.scriptCache.entries.size).toBeGreaterThan(0);
  });
});

describe('date range', () => {
  test('answers ask for since/until and every row is within the range', async () => {
    const end = latestCheckDay();
    const range = { startDate: shiftDate(end, -6), endDate: shiftDate(end, -2) };
    const params = { project: '1001', report: 'answers' };
    // getSchema's sample read comes first in Looker; these tests count getData's requests.
    const fields = fieldNames(params);
    const mark = (await suite.sandbox.log()).length;
    const response = data(load(), params, range, fields);
    const first = (await suite.sandbox.since(mark))[0]!;
    expect(String(first.query)).toContain(`since=${range.startDate}&until=${range.endDate}`);
    const days = column(response, 'checked_at').map(
      (value) => `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`,
    );
    expect(days.length).toBeGreaterThan(0);
    for (const day of days) {
      expect(day >= range.startDate && day <= range.endDate).toBe(true);
    }
  });

  test('a daily series asks for the smallest window that covers the range and drops the days outside', async () => {
    const { body } = suite.api('/projects/1001/search-performance?dataset=daily&period=30d');
    const window = (body as { period: { end: string } }).period;
    const range = { startDate: shiftDate(window.end, -9), endDate: shiftDate(window.end, -3) };
    const params = { project: '1001', report: 'search-performance:daily' };
    const fields = fieldNames(params);
    const mark = (await suite.sandbox.log()).length;
    const response = data(load(), params, range, fields);
    const queries = (await suite.sandbox.since(mark)).map((entry) => String(entry.query));
    expect(queries).toEqual([expect.stringContaining('period=30d')]);
    const dates = column(response, 'date');
    expect(dates).toHaveLength(7);
    expect(dates).toContain(range.startDate.replaceAll('-', ''));
    expect(dates).toContain(range.endDate.replaceAll('-', ''));
  });

  test('a range longer than 30 days asks for the 90-day window', async () => {
    const { body } = suite.api('/projects/1001/ai-traffic?dataset=daily&period=30d');
    const window = (body as { period: { end: string } }).period;
    const range = { startDate: shiftDate(window.end, -59), endDate: window.end };
    const mark = (await suite.sandbox.log()).length;
    const response = data(load(), { project: '1001', report: 'ai-traffic:daily' }, range);
    const queries = (await suite.sandbox.since(mark)).map((entry) => String(entry.query));
    expect(queries.at(-1)).toContain('period=90d');
    expect(column(response, 'date')).toHaveLength(60);
  });

  test('a longer window a young source has not stored yet falls back to what it has', async () => {
    const { body } = suite.api('/projects/1003/search-performance?dataset=daily&period=30d');
    const window = body as { period: { end: string }; rows: unknown[] };
    const range = { startDate: shiftDate(window.period.end, -59), endDate: window.period.end };
    const params = { project: '1003', report: 'search-performance:daily' };
    const fields = fieldNames(params);
    const mark = (await suite.sandbox.log()).length;
    const response = data(load(), params, range, fields);
    const queries = (await suite.sandbox.since(mark)).map((entry) => String(entry.query));
    expect(queries).toEqual([
      expect.stringContaining('period=90d'),
      expect.stringContaining('period=30d'),
    ]);
    expect(response.rows).toHaveLength(window.rows.length);
  });

  test('a report period covering an older range: last_year, with the period of the latest check', async () => {
    const end = latestCheckDay();
    const lastYear = String(Number(end.slice(0, 4)) - 1);
    const range = { startDate: `${lastYear}-03-01`, endDate: `${lastYear}-05-31` };
    const mark = (await suite.sandbox.log()).length;
    data(load(), { project: '1001', report: 'citations:domain' }, range);
    const queries = (await suite.sandbox.since(mark)).map((entry) => String(entry.query));
    expect(queries.at(-1)).toContain('period=last_year');
  });

  test('history keeps the months of the range only', () => {
    const { body } = suite.api('/projects/1001/search-performance?dataset=history&period=365d');
    const months = (body as { rows: Array<{ month: string }> }).rows.map((row) => row.month).sort();
    expect(months.length).toBeGreaterThan(3);
    const [from, to] = [months[1]!, months[2]!];
    const range = { startDate: `${from}-10`, endDate: `${to}-05` };
    const response = data(load(), { project: '1001', report: 'search-performance:history' }, range);
    expect(column(response, 'month').sort()).toEqual(
      [from, to].map((month) => month.replace('-', '')),
    );
  });

  test('competitor history keeps the months of the range only', () => {
    const end = latestCheckDay();
    const month = end.slice(0, 7);
    const response = data(
      load(),
      { project: '1001', report: 'competitors:history' },
      {
        startDate: `${month}-01`,
        endDate: end,
      },
    );
    expect(column(response, 'month')).toEqual([month.replace('-', '')]);
  });
});

describe('hostile text of project 1001', () => {
  test('comes back as the text the API sent', () => {
    const connector = load();
    const end = latestCheckDay();
    const range = { startDate: shiftDate(end, -29), endDate: end };
    const ranking = data(connector, { project: '1001', report: 'competitors:ranking' }, range);
    expect(column(ranking, 'name')).toContain(FORMULA_BRAND);
    const answers = data(connector, { project: '1001', report: 'answers' }, range);
    const quotes = column(answers, 'evidence_quote');
    expect(quotes.some((quote) => quote.includes(SCRIPT_TAG) && quote.includes(IMG_ONERROR))).toBe(
      true,
    );
    const queries = data(
      connector,
      { project: '1001', report: 'search-performance:top_queries' },
      range,
    );
    expect(column(queries, 'query')).toEqual(
      expect.arrayContaining([...SIGNED_QUERIES].slice(0, 1)),
    );
  });

  test('a javascript: address never fills a URL field; its domain stays as text', () => {
    const end = latestCheckDay();
    const response = data(
      load(),
      { project: '1001', report: 'citations:url' },
      {
        startDate: shiftDate(end, -29),
        endDate: end,
      },
    );
    const { body } = suite.api('/projects/1001/citations?group_by=url&limit=100');
    const hostile = (body as { citations: Array<{ url: string; domain: string }> }).citations.find(
      (row) => row.url === JAVASCRIPT_URL,
    )!;
    const urls = column(response, 'url');
    expect(urls).not.toContain(JAVASCRIPT_URL);
    expect(urls.every((url) => url === '' || /^https?:\/\//.test(url))).toBe(true);
    expect(column(response, 'domain')).toContain(hostile.domain);
  });
});

describe('requests and cache', () => {
  test('1,000 answers: page 1, then every other page in one fetchAll; the refresh costs nothing', () => {
    const connector = load();
    const end = latestCheckDay();
    // Days of answers, newest first, until the range holds at least 1,000.
    let start = end;
    let total = 0;
    for (let days = 1; days < 60 && total < 1000; days++) {
      start = shiftDate(end, -days + 1);
      const { body } = suite.api(`/projects/1001/answers?since=${start}&until=${end}&limit=1`);
      total = (body as { pagination: { total: number } }).pagination.total;
    }
    expect(total).toBeGreaterThanOrEqual(1000);
    const fields = fieldNames({ project: '1001', report: 'answers' });
    const response = data(
      connector,
      { project: '1001', report: 'answers' },
      { startDate: start, endDate: end },
      fields,
    );
    expect(response.rows).toHaveLength(total);
    const calls = connector.urlFetch.calls;
    expect(calls).toHaveLength(Math.ceil(total / 100));
    expect(new Set(calls.map((call) => call.batch)).size).toBe(2);
    console.log(`getData for ${total} answers: ${calls.length} requests in 2 round trips`);

    data(
      connector,
      { project: '1001', report: 'answers' },
      { startDate: start, endDate: end },
      fields,
    );
    expect(connector.urlFetch.calls).toHaveLength(Math.ceil(total / 100));
  });

  test('another token does not read the first token’s cached answers', () => {
    const range = { startDate: latestCheckDay(), endDate: latestCheckDay() };
    const owner = load({ token: 'aivis_test_pro' });
    expect(
      data(owner, { project: '2001', report: 'competitors:ranking' }, range).rows.length,
    ).toBeGreaterThan(0);
    // Both people use one deployment, so they share its script cache.
    const other = load();
    for (const [key, entry] of owner.scriptCache.entries) other.scriptCache.entries.set(key, entry);
    const error = other.userErrorOf('getData', {
      configParams: { project: '2001', report: 'competitors:ranking' },
      dateRange: range,
      fields: [{ name: 'rank' }],
    });
    expect(error.text).toMatch(/not in the account of your token/);
    expect(other.urlFetch.calls.length).toBeGreaterThan(0);
  });
});
