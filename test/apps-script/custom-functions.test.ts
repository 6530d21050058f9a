/**
 * The AIVIS_* functions called as Sheets calls them, from the built Code.js,
 * against the sandbox over HTTP.
 */
import { describe, expect, test } from 'vitest';
import { FORMULA_BRAND } from '../../sandbox/data/hostile.js';
import { ENDPOINTS } from '../../shared/api/endpoints.js';
import { isDate } from '../../support/apps-script/harness.js';
import { useSandbox } from './fakes/context.js';

const suite = useSandbox();
type Grid = unknown[][];
const column = (grid: Grid, name: string) => {
  const index = (grid[0] as string[]).indexOf(name);
  expect(index, `column ${name}`).toBeGreaterThanOrEqual(0);
  return grid.slice(1).map((row) => row[index]);
};

describe('every function returns a table with a header row and typed cells', () => {
  test('AIVIS_PROJECTS lists the projects of the token with numbers, Dates and booleans', () => {
    const addon = suite.load();
    const grid = addon.call('AIVIS_PROJECTS') as Grid;
    const expected = suite.api('/projects').body as { projects: Array<{ id: number }> };
    expect(column(grid, 'id')).toEqual(expected.projects.map((project) => project.id));
    expect(column(grid, 'last_checked_at').every(isDate)).toBe(true);
    expect(column(grid, 'connections.ga4').every((value) => typeof value === 'boolean')).toBe(true);
    for (const row of grid) expect(row).toHaveLength((grid[0] as unknown[]).length);
  });

  test('AIVIS_ANSWERS collects every answer of the period across pages, with one fetchAll batch', async () => {
    const addon = suite.load();
    const total = (
      suite.api('/projects/1001/answers?limit=1').body as { pagination: { total: number } }
    ).pagination.total;
    const mark = (await suite.sandbox.log()).length;
    const grid = addon.call('AIVIS_ANSWERS', 1001) as Grid;
    expect(total).toBeGreaterThanOrEqual(1000);
    expect(grid.length - 1).toBe(total);
    expect(new Set(column(grid, 'id')).size).toBe(total);
    expect(column(grid, 'checked_at').every(isDate)).toBe(true);
    expect(column(grid, 'prominence_level').every((v) => v === '' || Number.isInteger(v))).toBe(
      true,
    );
    // Page 1 alone (it tells the total), then every other page in a single fetchAll.
    const batches = new Set(addon.urlFetch.calls.map((call) => call.batch));
    expect(batches.size).toBe(2);
    const requests = await suite.sandbox.since(mark);
    expect(requests).toHaveLength(addon.urlFetch.calls.length);
    expect(requests.length).toBe(Math.ceil(total / ENDPOINTS.answers.params.limit.max));
  });

  test('AIVIS_SUMMARY takes blocks and period and keeps only those blocks', () => {
    const grid = suite
      .load()
      .call('AIVIS_SUMMARY', 1001, 'ai_visibility,competitors', 'last_90_days') as Grid;
    expect(grid[0]).toEqual(['block', 'field', 'value']);
    const blocks = new Set(column(grid, 'block').filter((block) => block !== ''));
    expect(blocks).toContain('ai_visibility');
    expect(blocks).toContain('competitors');
    for (const block of ['profile', 'questions', 'search', 'ai_traffic', 'recommendations']) {
      expect(blocks).not.toContain(block);
    }
    const requested = grid.find((row) => row[0] === 'period' && row[1] === 'requested');
    expect(requested?.[2]).toBe('last_90_days');
  });

  test('the dataset, group_by and audience arguments and options reach the API', async () => {
    const addon = suite.load();
    const mark = (await suite.sandbox.log()).length;
    const search = addon.call(
      'AIVIS_SEARCH',
      1001,
      'top_queries',
      'source=bing; period=90d',
    ) as Grid;
    expect(search[0]).toContain('query');
    const competitors = addon.call('AIVIS_COMPETITORS', 1001, 'history') as Grid;
    expect(competitors[0]).toContain('month');
    const domains = addon.call('AIVIS_CITATIONS', 1001, 'domain') as Grid;
    expect(domains[0]).toContain('domain');
    expect(domains[0]).not.toContain('url');
    const traffic = addon.call('AIVIS_AI_TRAFFIC', 1001, 'landing_pages', [
      ['period', '90d'],
    ]) as Grid;
    expect(traffic[0]).toContain('path');
    const plan = addon.call('AIVIS_ACTION_PLAN', 1001, 'seo', 'limit=2') as Grid;
    expect(plan.length - 1).toBeLessThanOrEqual(2);
    const queries = (await suite.sandbox.since(mark)).map(
      (entry) => `${entry.path}?${String(entry.query)}`,
    );
    expect(
      queries.some(
        (q) =>
          q.includes('search-performance') && q.includes('source=bing') && q.includes('period=90d'),
      ),
    ).toBe(true);
    expect(queries.some((q) => q.includes('/competitors') && q.includes('dataset=history'))).toBe(
      true,
    );
    expect(
      queries.some(
        (q) => q.includes('/action-plan') && q.includes('audience=seo') && q.includes('limit=2'),
      ),
    ).toBe(true);
  });

  test('options as a two-column range accept cell values: numbers, booleans and dates', async () => {
    const addon = suite.load();
    const mark = (await suite.sandbox.log()).length;
    const since = addon.evaluate('new Date(2026, 10, 1)');
    const grid = addon.call('AIVIS_ANSWERS', 1001, [
      ['platform', 'gemini'],
      ['since', since],
      ['only_flagged', true],
      ['max_rows', 30],
      ['', ''],
    ]) as Grid;
    const rows = grid.slice(1).filter((row) => !String(row[0]).startsWith('Showing'));
    const platform = (grid[0] as string[]).indexOf('platform');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(30);
    expect(new Set(rows.map((row) => row[platform]))).toEqual(new Set(['gemini']));
    const [first] = await suite.sandbox.since(mark);
    expect(String(first?.query)).toContain('since=2026-11-01');
    expect(String(first?.query)).toContain('only_flagged=true');
  });

  test('a connected source without data returns its reason', () => {
    const addon = suite.load();
    const expected = suite.api('/projects/1002/ai-traffic').body as { reason: string };
    const traffic = addon.call('AIVIS_AI_TRAFFIC', 1002) as Grid;
    expect(column(traffic, 'reason')).toEqual([expected.reason]);
    expect(column(traffic, 'available')).toEqual([false]);
    const bing = addon.call('AIVIS_SEARCH', 1002, 'summary', 'source=bing') as Grid;
    expect(String(column(bing, 'reason')[0])).toMatch(/Bing/);
  });

  test('hostile text comes back as text: a custom function result is never parsed as a formula', () => {
    const grid = suite.load().call('AIVIS_COMPETITORS', 1001) as Grid;
    expect(column(grid, 'name')).toContain(FORMULA_BRAND);
  });
});

describe('row cap', () => {
  test('max_rows stops collecting, fetches only the pages it needs and says so in a last row', async () => {
    const addon = suite.load();
    const total = (
      suite.api('/projects/1001/answers?limit=1').body as { pagination: { total: number } }
    ).pagination.total;
    const mark = (await suite.sandbox.log()).length;
    const grid = addon.call('AIVIS_ANSWERS', 1001, 'max_rows=150') as Grid;
    expect(grid).toHaveLength(1 + 150 + 1);
    const last = grid.at(-1) as unknown[];
    expect(String(last[0])).toContain(`first 150 of ${total} rows`);
    expect(String(last[0])).toContain('max_rows=');
    expect(await suite.sandbox.since(mark)).toHaveLength(2);
  });

  test('a list shorter than the cap has no note row', () => {
    const grid = suite.load().call('AIVIS_COMPETITORS', 1001, 'ranking', 'max_rows=5000') as Grid;
    expect(grid.some((row) => String(row[0]).startsWith('Showing'))).toBe(false);
  });
});

describe('validation messages name the option and what is allowed', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['AIVIS_ANSWERS', [1001, 'limit=500'], /limit must be a whole number from 1 to 100, not '500'/],
    [
      'AIVIS_ANSWERS',
      [1001, 'colour=blue'],
      /colour is not a parameter .*allowed: period, since, until/,
    ],
    ['AIVIS_ANSWERS', [1001, 'platform=myspace'], /platform must be one of chatgpt, perplexity/],
    ['AIVIS_ANSWERS', [1001, 'max_rows=0'], /max_rows must be a whole number from 1 to 50000/],
    ['AIVIS_ANSWERS', [1001, 'platform'], /'platform' is not key=value/],
    [
      'AIVIS_ANSWERS',
      [1001, 'since=2026-11-10; until=2026-11-01'],
      /until must be on or after since/,
    ],
    ['AIVIS_SEARCH', [1001, 'weekly'], /dataset must be one of summary, top_queries/],
    [
      'AIVIS_SEARCH',
      [1001, 'top_queries', 'dataset=daily'],
      /dataset is given both as an argument and in options/,
    ],
    [
      'AIVIS_SUMMARY',
      [1001, 'profile,weather'],
      /include must be a comma-separated list of profile/,
    ],
    ['AIVIS_COMPETITORS', [1001, 'detail'], /competitor is required when dataset=detail/],
    ['AIVIS_ANSWERS', ['', ''], /project is required/],
    ['AIVIS_ANSWERS', [1001, 42], /options must be text such as/],
  ];
  test.each(cases)('%s(%j)', async (name, args, message) => {
    const addon = suite.load();
    const mark = (await suite.sandbox.log()).length;
    const error = addon.errorOf(name, ...args);
    expect(error).toMatch(message);
    expect(error.startsWith(`${name}: Check the arguments`)).toBe(true);
    // Caught before any request.
    expect(await suite.sandbox.since(mark)).toHaveLength(0);
  });
});

describe('cache', () => {
  test('recalculation within the TTL is served from CacheService without a request', async () => {
    const addon = suite.load();
    const first = addon.call('AIVIS_ANSWERS', 1001, 'platform=claude') as Grid;
    const mark = (await suite.sandbox.log()).length;
    const again = addon.call('AIVIS_ANSWERS', 1001, 'platform=claude') as Grid;
    expect(await suite.sandbox.since(mark)).toHaveLength(0);
    expect(JSON.stringify(again)).toBe(JSON.stringify(first));
  });

  test('a new refresh value fetches afresh; the same value is cached again', async () => {
    const addon = suite.load();
    addon.call('AIVIS_CITATIONS', 1001, 'url', '', 1);
    let mark = (await suite.sandbox.log()).length;
    addon.call('AIVIS_CITATIONS', 1001, 'url', '', 2);
    expect((await suite.sandbox.since(mark)).length).toBeGreaterThan(0);
    mark = (await suite.sandbox.log()).length;
    addon.call('AIVIS_CITATIONS', 1001, 'url', '', 2);
    expect(await suite.sandbox.since(mark)).toHaveLength(0);
  });

  test('answers over 30,000 characters are split into chunks under the 100 KB limit and read back whole', async () => {
    const addon = suite.load();
    const options =
      'include_answer_text=true; max_answer_chars=20000; platform=chatgpt; max_rows=60';
    const first = addon.call('AIVIS_ANSWERS', 1001, options) as Grid;
    expect([...addon.scriptCache.entries.keys()].some((key) => key.endsWith(':1'))).toBe(true);
    expect(addon.scriptCache.largestValueBytes).toBeLessThanOrEqual(100 * 1024);
    const mark = (await suite.sandbox.log()).length;
    const again = addon.call('AIVIS_ANSWERS', 1001, options) as Grid;
    expect(await suite.sandbox.since(mark)).toHaveLength(0);
    expect(JSON.stringify(again)).toBe(JSON.stringify(first));
  });

  test('another token never reads what a token cached', async () => {
    const addon = suite.load();
    addon.call('AIVIS_PROJECTS');
    addon.setToken('aivis_test_pro');
    const expected = (
      suite.api('/projects', 'aivis_test_pro').body as { projects: Array<{ id: number }> }
    ).projects;
    const mark = (await suite.sandbox.log()).length;
    const grid = addon.call('AIVIS_PROJECTS') as Grid;
    expect(column(grid, 'id')).toEqual(expected.map((p) => p.id));
    expect(await suite.sandbox.since(mark)).toHaveLength(1);
  });

  test('cache keys and values never hold the token', () => {
    const addon = suite.load();
    addon.call('AIVIS_PROJECTS');
    addon.call('AIVIS_SUMMARY', 1001);
    for (const [key, entry] of addon.scriptCache.entries) {
      expect(key).not.toContain('aivis_test_entry');
      expect(entry.value).not.toContain('aivis_test_entry');
    }
  });
});
