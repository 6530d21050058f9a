/**
 * Failures reach the report author as Looker Studio user errors that say what
 * to do; the debug text (shown to admins) carries the technical detail; no
 * text, debug text, log or cache key ever holds the token.
 */
import { describe, expect, test } from 'vitest';
import { useConnectorSuite } from './fakes/suite.js';

const { suite, load } = useConnectorSuite({ rateLimit: false, slowDelayMs: 150 });

const RANGE = { startDate: '2026-10-20', endDate: '2026-11-14' };
const request = (configParams: Record<string, string>, fields = ['rank']) => ({
  configParams,
  dateRange: RANGE,
  fields: fields.map((name) => ({ name })),
  scriptParams: { lastRefresh: '1' },
});

const SCENARIOS: Array<[token: string, text: RegExp, debug: RegExp]> = [
  [
    'aivis_test_expired',
    /expired or was revoked\. Create a new personal access token.*reset the credentials/,
    /unauthenticated \(HTTP 401\)/,
  ],
  [
    'aivis_test_revoked',
    /expired or was revoked.*reset the credentials/,
    /unauthenticated \(HTTP 401\)/,
  ],
  [
    'aivis_test_no_scope',
    /cannot read the Data API.*reset the credentials/,
    /insufficient_scope \(HTTP 403\)/,
  ],
  [
    'aivis_test_free',
    /no paid plan or active trial\. Choose a plan at https?:\/\/\S+/,
    /paid_plan_required \(HTTP 403\)/,
  ],
  [
    'aivis_test_server_error',
    /internal error.*Refresh the data in a few minutes/,
    /server_error \(HTTP 500\)/,
  ],
  [
    'aivis_test_rate_limited',
    /request budget is used up \(retry after 1 s\)\. Wait a minute/,
    /rate_limited \(HTTP 429\)/,
  ],
];

describe('scenario tokens', () => {
  test.each(SCENARIOS)('%s', (token, text, debug) => {
    const connector = load({ token });
    const error = connector.userErrorOf(
      'getData',
      request({ project: '1001', report: 'action-plan' }),
    );
    expect(error.text).toMatch(text);
    expect(error.debugText).toMatch(debug);
    expect(error.debugText).toContain('/api/v1/projects/1001/action-plan');
    for (const said of [
      error.text,
      error.debugText,
      connector.logs.join('\n'),
      [...connector.scriptCache.entries.keys()].join('\n'),
    ])
      expect(said).not.toContain(token);
  });

  test('getConfig says the same when the project list cannot be read', () => {
    const error = load({ token: 'aivis_test_free' }).userErrorOf('getConfig', { configParams: {} });
    expect(error.text).toMatch(/Choose a plan at/);
  });

  test('a 429 is waited out a bounded number of times, then a clear error', async () => {
    const mark = (await suite.sandbox.log()).length;
    load({ token: 'aivis_test_rate_limited' }).userErrorOf(
      'getData',
      request({ project: '1001', report: 'action-plan' }),
    );
    const attempts = await suite.sandbox.since(mark);
    expect(attempts.length).toBeGreaterThan(1);
    expect(attempts.length).toBeLessThanOrEqual(4);
  });

  test('the slow token still answers within the budget', () => {
    const response = load({ token: 'aivis_test_slow' }).call(
      'getData',
      request({ project: '1001', report: 'action-plan' }),
    ) as { rows: unknown[] };
    expect(response.rows.length).toBeGreaterThan(0);
  });
});

describe('what the author can fix', () => {
  test('no token stored: paste one', () => {
    const error = load({ token: undefined }).userErrorOf(
      'getData',
      request({ project: '1001', report: 'action-plan' }),
    );
    expect(error.text).toMatch(/No access token is stored.*Paste your personal access token/);
  });

  test('a project of another account: choose one of yours', () => {
    const error = load().userErrorOf(
      'getData',
      request({ project: '2001', report: 'action-plan' }),
    );
    expect(error.text).toMatch(
      /not in the account of your token.*Choose one of your projects in .*Edit connection/,
    );
    expect(error.debugText).toMatch(/not_found \(HTTP 404\)/);
  });

  test('a source that is not connected: which integration to connect', () => {
    const error = load().userErrorOf(
      'getData',
      request({ project: '1002', report: 'search-performance:daily', source: 'bing' }, ['date']),
    );
    expect(error.text).toMatch(
      /Bing Webmaster Tools is not connected to this project\. Connect it.*refresh the data/,
    );
    const traffic = load().userErrorOf(
      'getData',
      request({ project: '1002', report: 'ai-traffic:daily' }, ['date']),
    );
    expect(traffic.text).toMatch(/Connect Google Analytics 4/);
  });

  test('a parameter the report requires: named, with what is allowed', () => {
    const error = load().userErrorOf(
      'getData',
      request({ project: '1001', report: 'competitors:detail' }, ['platform']),
    );
    expect(error.text).toMatch(
      /Check the data source settings in .*: competitor is required when dataset=detail/,
    );
  });

  test('a dataset the source does not offer: the parameter is named', () => {
    const error = load().userErrorOf(
      'getData',
      request(
        { project: '1001', report: 'search-performance:ai_question_queries', source: 'bing' },
        ['query'],
      ),
    );
    expect(error.text).toMatch(/dataset ai_question_queries is available for source=google only/);
  });

  test('an unknown report: reconnect; an unknown field: empty cells, the report still loads', () => {
    expect(
      load().userErrorOf('getSchema', { configParams: { report: 'constructor' } }).text,
    ).toMatch(/Choose a report/);
    // docs/looker-studio.md: a field the answer does not hold never fails the report.
    const data = load().call(
      'getData',
      request({ project: '1001', report: 'action-plan' }, ['__proto__', 'title']),
    ) as { rows: Array<{ values: string[] }> };
    expect(data.rows.length).toBeGreaterThan(0);
    for (const row of data.rows) expect(row.values[0]).toBe('');
    expect(data.rows.some((row) => row.values[1] !== '')).toBe(true);
  });

  test('a project id that is not a number: named', () => {
    const error = load().userErrorOf(
      'getData',
      request({ project: '1e3; DROP', report: 'action-plan' }),
    );
    expect(error.text).toMatch(/project /);
  });
});

describe('admins', () => {
  test('isAdminUser is true for the addresses in AIVIS_ADMIN_EMAILS only', () => {
    expect(
      load({ user: 'Admin@Example.com', admins: 'ops@example.com, admin@example.com' }).call(
        'isAdminUser',
      ),
    ).toBe(true);
    expect(
      load({ user: 'author@example.com', admins: 'admin@example.com' }).call('isAdminUser'),
    ).toBe(false);
    expect(load({ user: 'author@example.com' }).call('isAdminUser')).toBe(false);
  });
});
