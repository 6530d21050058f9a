/**
 * A shared store that is away at start, or hangs, never costs a request the
 * instance could answer alone: it answers from its own memory and budget,
 * says so once, and its stats say it counts alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxyConfig } from '../../proxy/config.js';
import { createProxyHandler } from '../../proxy/handler.js';
import { createRedisStore, type RedisStore } from '../../proxy/redis-store.js';
import type { SharedStore } from '../../proxy/store.js';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.js';
import { freePort } from '../../support/redis.js';
import { ENTRY_TOKEN } from './helpers.js';

let sandbox: RunningSandbox;
let store: RedisStore | undefined;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: true });
});
afterAll(async () => {
  await store?.close();
  await sandbox?.close();
});

const paths = Array.from(
  { length: 4 },
  (_, index) => `/api/v1/projects/1001/answers?offset=${index}`,
);

describe('a shared store that cannot answer', () => {
  it('Redis away at start: every request answered alone, said once, shown in the stats', async () => {
    const port = await freePort();
    store = createRedisStore({
      url: `redis://:not-logged@127.0.0.1:${port}`,
      account: 'a',
      scope: 's',
      secret: 'test-seal-secret',
      timeoutMs: 200,
      now: Date.now,
    });
    expect(await store.ready()).toBe(false);
    const notices: string[] = [];
    const handler = createProxyHandler(
      proxyConfig({ baseUrl: sandbox.baseUrl, token: ENTRY_TOKEN, storeTimeoutMs: 200 }),
      { store, notice: (text) => notices.push(text), sharedCache: null },
    );
    for (const path of [...paths, ...paths]) {
      const response = await handler(new Request(`http://localhost${path}`));
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    expect(sandbox.requestLog).toHaveLength(paths.length);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('the shared store (redis) is unreachable');
    expect(notices.join('')).not.toContain('not-logged');
    expect(handler.stats().store).toMatchObject({ kind: 'redis', state: 'alone' });
    // Alone, it keeps to its fallback share of the plan (25 % of 60).
    expect(handler.stats().budgetLimit).toBe(15);
  });

  it('a store that never answers costs one timeout, then nothing until it is tried again', async () => {
    const hang = () => new Promise<never>(() => undefined);
    const hanging: SharedStore = {
      kind: 'test',
      reserve: hang,
      observe: hang,
      blockUntil: hang,
      takeShare: hang,
      lock: hang,
      unlock: hang,
      isLocked: hang,
    };
    const notices: string[] = [];
    const handler = createProxyHandler(
      proxyConfig({ baseUrl: sandbox.baseUrl, token: ENTRY_TOKEN, storeTimeoutMs: 50 }),
      { store: hanging, notice: (text) => notices.push(text), sharedCache: null },
    );
    const response = await handler(new Request(`http://localhost/api/v1/projects/1002`));
    expect(response.status).toBe(200);
    expect(notices).toEqual([
      expect.stringContaining(
        'the shared store (test) is slow (no answer within 50 ms)',
      ) as unknown as string,
    ]);
    expect(handler.stats().store).toMatchObject({ state: 'alone', failures: 1 });
  });
});
