/**
 * CLIENT_BUDGET_SHARE across instances: one client address spreading its
 * misses over two instances that share Redis gets one share, not one per
 * instance; another address still gets its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxyConfig } from '../../proxy/config.js';
import { createProxyHandler } from '../../proxy/handler.js';
import { createRedisStore, type RedisStore } from '../../proxy/redis-store.js';
import { accountName, cacheScopeName } from '../../proxy/stored-answer.js';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.js';
import { type RunningRedis, startRedis } from '../../support/redis.js';
import { ENTRY_TOKEN } from './helpers.js';

let redis: RunningRedis;
let sandbox: RunningSandbox;
const stores: RedisStore[] = [];

beforeAll(async () => {
  redis = await startRedis();
  sandbox = await startSandbox({ port: 0, rateLimit: false });
});
afterAll(async () => {
  for (const store of stores) await store.close();
  await sandbox?.close();
  await redis?.close();
});

describe('the per-client share with two instances sharing Redis', () => {
  it('counts one client once across both', async () => {
    // 10 % of the assumed 60 a minute: 6 misses per client address.
    const config = proxyConfig({
      baseUrl: sandbox.baseUrl,
      token: ENTRY_TOKEN,
      clientBudgetSharePercent: 10,
      storeTimeoutMs: 5_000,
    });
    const account = await accountName(config.baseUrl, config.token);
    const scope = await cacheScopeName(config.baseUrl, config.token, config.allowedProjects);
    const handlers = [0, 1].map(() => {
      const store = createRedisStore({
        url: redis.url,
        account,
        scope,
        secret: 'test-seal-secret',
        timeoutMs: 5_000,
        now: Date.now,
      });
      stores.push(store);
      return createProxyHandler(config, { store, sharedCache: null, notice: () => undefined });
    });
    for (const store of stores) expect(await store.ready()).toBe(true);
    const ask = async (instance: number, offset: number, address: string) => {
      const response = await handlers[instance]!(
        new Request(`http://localhost/api/v1/projects/1001/answers?offset=${offset}`),
        { clientAddress: address },
      );
      await response.arrayBuffer();
      return response.status;
    };
    const statuses: number[] = [];
    for (let offset = 0; offset < 8; offset += 1)
      statuses.push(await ask(offset % 2, offset, '203.0.113.9'));
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    expect(await ask(1, 50, '198.51.100.4')).toBe(200);
  });
});
