/**
 * A Sheets read checks its parameters once, where the raw input comes in
 * (checkRead in apps-script-platform/fetch-table.ts): a custom function once,
 * a dashboard's prefetch and the reads after it once per read. The sources
 * run here in Node against the sandbox, with the Apps Script services faked,
 * and every call of the core's validateParams outside the client's own
 * request preparation is counted.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { runCustomFunction } from '../../apps-script/src/custom-functions.js';
import {
  checkRead,
  fetchTable,
  type PlannedRead,
  prefetch,
} from '../../apps-script-platform/fetch-table.js';
import { USER_KEYS } from '../../apps-script-platform/user-token.js';
import {
  FakeCache,
  FakeProperties,
  fakeUrlFetchApp,
  fakeUtilities,
  skipSleep,
} from '../../support/apps-script/services.js';
import { useSandbox } from './fakes/context.js';

const counter = vi.hoisted(() => ({ checks: 0 }));

vi.mock('../../shared/api/validate.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../shared/api/validate.js')>();
  return {
    ...original,
    validateParams: ((...args: Parameters<typeof original.validateParams>) => {
      // The client's request preparation is the core's business (shared/client/prepare.ts).
      if (!new Error().stack?.includes('shared/client/')) counter.checks += 1;
      return original.validateParams(...args);
    }) as typeof original.validateParams,
  };
});

const context = useSandbox();
const options = { budgetMs: 20_000, refreshStamp: 'validate-once' };

beforeEach(() => {
  counter.checks = 0;
  const user = new FakeProperties();
  user.setProperty(USER_KEYS.token, 'aivis_test_entry');
  user.setProperty(USER_KEYS.baseUrl, context.sandbox.baseUrl);
  const cache = new FakeCache();
  vi.stubGlobal('UrlFetchApp', fakeUrlFetchApp(context.http).service);
  vi.stubGlobal('CacheService', { getScriptCache: () => cache });
  vi.stubGlobal('Utilities', { ...fakeUtilities, sleep: skipSleep });
  vi.stubGlobal('PropertiesService', {
    getUserProperties: () => user,
    getDocumentProperties: () => new FakeProperties(),
    getScriptProperties: () => new FakeProperties(),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a Sheets read validates its parameters once', () => {
  test('a custom function over a paged list: one check, then the table', () => {
    const grid = runCustomFunction('AIVIS_ANSWERS', [1001, 'platform=chatgpt; max_rows=30']);
    expect(grid.length).toBeGreaterThan(1);
    expect(counter.checks).toBe(1);
  });

  test('raw input still gets the core’s words, naming the parameter and what it allows', () => {
    expect(() => runCustomFunction('AIVIS_ANSWERS', [1001, 'platform=altavista'])).toThrow(
      /platform.*chatgpt/,
    );
    expect(counter.checks).toBe(1);
  });

  test('a dashboard-like batch: each read checked once, prefetch and fetchTable take it as it is', () => {
    const credentials = { baseUrl: context.sandbox.baseUrl, token: 'aivis_test_entry' };
    const planned: PlannedRead[] = [
      { read: checkRead('summary', { project: 1001, include: 'profile' }), maxRows: 1 },
      { read: checkRead('competitors', { project: 1001, dataset: 'ranking' }), maxRows: 10 },
      { read: checkRead('action-plan', { project: 1001, limit: 3 }), maxRows: 3 },
    ];
    expect(counter.checks).toBe(planned.length);
    expect(prefetch(planned, options, credentials)).toBe(planned.length);
    for (const { read, maxRows } of planned) {
      const fetched = fetchTable(read, maxRows, options, credentials);
      // Everything came from the prefetched batch.
      expect(fetched.requests).toBe(0);
    }
    expect(counter.checks).toBe(planned.length);
  });
});
