/**
 * Every scenario token of the sandbox, through the built Code.js: the cell's
 * message says what to do, and no message, log, cache entry or sidebar
 * answer ever contains the token.
 */
import { describe, expect, test } from 'vitest';
import { BUILT_SERVICE_URL } from '../../support/apps-script/harness.js';
import { useSandbox } from './fakes/context.js';

const suite = useSandbox({ rateLimit: false, slowDelayMs: 150 });

const SCENARIOS: Array<[token: string, message: RegExp]> = [
  ['aivis_test_expired', /expired or revoked.*Extensions > AI Visibility > Settings/],
  ['aivis_test_revoked', /expired or revoked.*Extensions > AI Visibility > Settings/],
  ['aivis_test_no_scope', /cannot read the Data API.*Settings/],
  ['aivis_test_free', /no paid plan or active trial\. Choose a plan at https?:\/\/\S+/],
  ['aivis_test_server_error', /internal error.*Try again in a few minutes/],
  [
    'aivis_test_rate_limited',
    /per-minute request budget is used up \(retry after 1 s\).*Refresh now/,
  ],
];

describe('scenario tokens', () => {
  test.each(SCENARIOS)('%s', (token, message) => {
    const addon = suite.load({ token });
    const error = addon.errorOf('AIVIS_PROJECTS');
    expect(error).toMatch(/^AIVIS_PROJECTS: /);
    expect(error).toMatch(message);
    expect(error).not.toContain(token);
    expect(addon.logs.join('\n')).not.toContain(token);
  });

  test('a 429 is waited out with Retry-After and retried a bounded number of times', async () => {
    const addon = suite.load({ token: 'aivis_test_rate_limited' });
    const mark = (await suite.sandbox.log()).length;
    addon.errorOf('AIVIS_PROJECTS');
    const attempts = await suite.sandbox.since(mark);
    expect(attempts.length).toBeGreaterThan(1);
    expect(attempts.length).toBeLessThanOrEqual(4);
    expect(attempts.every((entry) => entry.status === 429)).toBe(true);
  });

  test('the slow token still answers within the budget', () => {
    const grid = suite.load({ token: 'aivis_test_slow' }).call('AIVIS_PROJECTS') as unknown[][];
    expect(grid.length).toBeGreaterThan(1);
  });

  test('a project of another account is not_found, with the way to list your projects', () => {
    const error = suite.load().errorOf('AIVIS_SUMMARY', 2001);
    expect(error).toMatch(/not found.*=AIVIS_PROJECTS\(\)/);
  });

  test("the service's own 422 (a prompt_id of another project) is worded like local validation", () => {
    const error = suite.load().errorOf('AIVIS_ANSWERS', 1001, 'prompt_id=200001');
    expect(error).toMatch(
      /Check the arguments: prompt_id 200001 is not a question of project 1001/,
    );
  });

  test('no token set: the message says where to set one, and no request is made', async () => {
    const addon = suite.load({ token: undefined });
    addon.setToken(undefined);
    const mark = (await suite.sandbox.log()).length;
    expect(addon.errorOf('AIVIS_ANSWERS', 1001)).toMatch(
      /No API token is set\. Paste your personal access token in Extensions > AI Visibility > Settings/,
    );
    expect(await suite.sandbox.since(mark)).toHaveLength(0);
  });

  test('an unreachable service address is a network error that points at the setting', () => {
    const addon = suite.load({ baseUrl: 'http://127.0.0.1:9' });
    const error = addon.errorOf('AIVIS_PROJECTS');
    expect(error).toMatch(
      /Could not reach the service at http:\/\/127\.0\.0\.1:9.*Check the service address in Extensions > AI Visibility > Settings/,
    );
    expect(error).not.toContain('aivis_test_entry');
  });
});

describe('the token stays out of everything the sidebar sees', () => {
  test('sidebar state says whether a token is set, never the token', () => {
    const addon = suite.load();
    const state = addon.call('aivisSidebarState') as { settings: { tokenSet: boolean } };
    expect(state.settings.tokenSet).toBe(true);
    expect(JSON.stringify(state)).not.toContain('aivis_test_entry');
  });

  test('saving keeps the stored token when the field is left empty, and Remove token deletes it', () => {
    const addon = suite.load();
    // The whitelisted address (the harness answers it from the sandbox); /api/v1/ is dropped.
    addon.call('aivisSaveSettings', { baseUrl: `${BUILT_SERVICE_URL}/api/v1/`, token: '' });
    expect(addon.userProperties().getProperty('AIVIS_TOKEN')).toBe('aivis_test_entry');
    expect(addon.userProperties().getProperty('AIVIS_BASE_URL')).toBe(BUILT_SERVICE_URL);
    expect((addon.call('AIVIS_PROJECTS') as unknown[][]).length).toBe(4);
    expect(
      addon.errorOf('aivisSaveSettings', { baseUrl: suite.sandbox.baseUrl, token: '' }),
    ).toMatch(/must start with https:\/\/aivis\.example\.com\//);
    addon.call('aivisRemoveToken');
    expect(addon.userProperties().getProperty('AIVIS_TOKEN')).toBeNull();
    expect(addon.errorOf('AIVIS_PROJECTS')).toMatch(/No API token is set/);
  });

  test('a malformed token is refused without repeating it', () => {
    const addon = suite.load();
    const bad = 'secret value with spaces';
    const error = addon.errorOf('aivisSaveSettings', {
      baseUrl: suite.sandbox.baseUrl,
      token: bad,
    });
    expect(error).toMatch(/characters a token never has/);
    expect(error).not.toContain(bad);
  });

  test('Test connection lists the projects of the token; a bad token gives the Settings message', () => {
    const addon = suite.load();
    const projects = addon.call('aivisTestConnection') as Array<{ id: number }>;
    expect(projects.map((project) => project.id)).toEqual([1001, 1002, 1003]);
    addon.setToken('aivis_test_revoked');
    const error = addon.errorOf('aivisTestConnection');
    expect(error).toMatch(/expired or revoked/);
    expect(error).not.toContain('aivis_test_revoked');
  });

  test('requests carry the token only in the Authorization header', () => {
    const addon = suite.load();
    addon.call('AIVIS_ANSWERS', 1001, 'max_rows=30');
    for (const call of addon.urlFetch.calls) {
      expect(call.url).not.toContain('aivis_test_entry');
      expect(call.headers.Authorization).toBe('Bearer aivis_test_entry');
    }
  });
});
