/**
 * Pacing against the sandbox with the entry plan's budget enforced (data-api 8:
 * 60 requests per minute per account): the proxy refuses locally rather than
 * letting the service refuse, and counts what other clients of the same
 * account spend. No test waits for a minute: the waits are cut to zero.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.js';
import { LIMITS } from '../../shared/api/vocabulary.js';
import { ENTRY_TOKEN, LeakWatch, testProxy } from './helpers.js';

let sandbox: RunningSandbox;
const budget = LIMITS.rateLimitPerMinute.entry;

beforeEach(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: true });
});
afterEach(async () => {
  await sandbox?.close();
});

const distinct = (index: number) => `/api/v1/projects/1001/answers?offset=${index}`;

describe('upstream budget', () => {
  it('sends at most the budget upstream and answers the rest with its own 429', async () => {
    const watch = new LeakWatch();
    const proxy = testProxy({ baseUrl: sandbox.baseUrl, maxQueueWaitMs: 0 }, {}, watch);
    const answers = [];
    for (let i = 0; i < budget + 10; i += 1) answers.push(await proxy.get(distinct(i)));

    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(budget);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(10);
    for (const answer of refused) {
      const body = JSON.parse(answer.body) as { error: { code: string; retry_after: number } };
      expect(body.error.code).toBe('rate_limited');
      expect(answer.headers['retry-after']).toBe(String(body.error.retry_after));
      // The budget frees up when the oldest request leaves the minute.
      expect(body.error.retry_after).toBeGreaterThan(50);
      expect(body.error.retry_after).toBeLessThanOrEqual(61);
    }
    // The service itself never had to refuse.
    expect(sandbox.requestLog).toHaveLength(budget);
    expect(sandbox.requestLog.every((entry) => entry.status === 200)).toBe(true);
    expect(watch.leaks([ENTRY_TOKEN])).toEqual([]);
  });

  it("counts other clients' spending of the same account from X-RateLimit-Remaining", async () => {
    // A spreadsheet spends 50 of the account's 60 directly.
    for (let i = 0; i < 50; i += 1) {
      const response = await fetch(`${sandbox.baseUrl}/api/v1/projects`, {
        headers: { Authorization: `Bearer ${ENTRY_TOKEN}` },
      });
      await response.body?.cancel();
    }
    const proxy = testProxy({ baseUrl: sandbox.baseUrl, maxQueueWaitMs: 0 });
    const statuses: number[] = [];
    for (let i = 0; i < 15; i += 1) statuses.push((await proxy.get(distinct(i))).status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(budget - 50);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15 - (budget - 50));
    expect(sandbox.requestLog.filter((entry) => entry.status === 429)).toEqual([]);
  });

  it('serves a cached copy, not a 429, when the budget is spent', async () => {
    const proxy = testProxy({
      baseUrl: sandbox.baseUrl,
      maxQueueWaitMs: 0,
      cacheTtlSeconds: 0,
      staleWhileRevalidateSeconds: 0,
    });
    const first = await proxy.get('/api/v1/projects/1002');
    for (let i = 1; i < budget; i += 1) await proxy.get(distinct(i));
    // TTL 0: the copy is stale at once; no budget is left to refresh it.
    const again = await proxy.get('/api/v1/projects/1002');
    expect(again.status).toBe(200);
    expect(again.headers['x-aivis-cache']).toBe('STALE');
    expect(again.headers['x-aivis-stale-reason']).toBe('proxy budget');
    expect(again.body).toBe(first.body);
    expect(sandbox.requestLog).toHaveLength(budget);
  });
});
