/**
 * A shared store that flaps (a real redis-server frozen and thawed, SIGSTOP
 * and SIGCONT, every 400 ms of the instances' clock) never lets two
 * instances spend more than the plan: the window an instance last saw the
 * store in is not free to its fallback share, and what it sends alone is
 * added to the store's window when it answers again
 * (docs/proxy-scale-out.md#when-redis-is-down). The instances' clock is the
 * test's; only the store's timeouts run on the wall clock (50 ms each).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxyConfig } from '../../proxy/config.js';
import { createProxyHandler } from '../../proxy/handler.js';
import { createRedisStore, type RedisStore } from '../../proxy/redis-store.js';
import { type RunningRedis, startRedis } from '../../support/redis.js';
import { ENTRY_TOKEN, fakeClock } from './helpers.js';

const PLAN = 20;
const WINDOW_MS = 60_000;
const STEP_MS = 400;
/** 40 steps of 400 ms: 16 s, all inside one window of the plan. */
const STEPS = 40;

let redis: RunningRedis;
const stores: RedisStore[] = [];

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  for (const store of stores) await store.close();
  await redis?.close();
});

/** Two instances on one account, their upstream calls recorded on the test's clock. */
async function fleet(name: string) {
  const clock = fakeClock();
  const sent: number[] = [];
  const fetch = async () => {
    sent.push(clock.now());
    return new Response('{"ok":true}', {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  const config = proxyConfig({
    baseUrl: 'https://svc.example',
    token: ENTRY_TOKEN,
    rateLimitPerMinute: PLAN,
    maxQueueWaitMs: 0,
    clientBudgetSharePercent: 100,
    fallbackBudgetSharePercent: 50,
    storeTimeoutMs: 50,
  });
  const instances = [0, 1].map((index) => {
    const store = createRedisStore({
      url: redis.url,
      account: `${name}-account`,
      scope: `${name}-scope-${index}`,
      secret: ENTRY_TOKEN,
      timeoutMs: 50,
      now: clock.now,
    });
    stores.push(store);
    return createProxyHandler(config, {
      store,
      fetch,
      now: clock.now,
      sleep: async () => undefined,
      sharedCache: null,
      notice: () => undefined,
    });
  });
  for (const store of stores.slice(-2)) expect(await store.ready()).toBe(true);
  let request = 0;
  /** `count` requests from each instance, each for a path not asked before. */
  const ask = async (count: number) => {
    for (const handler of instances) {
      for (let each = 0; each < count; each += 1) {
        request += 1;
        const path = `/api/v1/projects/1001/answers?offset=${request}`;
        await (await handler(new Request(`http://localhost${path}`))).arrayBuffer();
      }
    }
  };
  /** The most calls any window of the plan saw. */
  const busiestWindow = () =>
    Math.max(
      0,
      ...sent.map((at) => sent.filter((other) => other >= at && other < at + WINDOW_MS).length),
    );
  return { clock, sent, ask, busiestWindow, asked: () => request };
}

describe('a shared store that flaps', () => {
  it('two instances stay within a 20-a-minute plan through SIGSTOP/SIGCONT every 400 ms', async () => {
    const { clock, sent, ask, busiestWindow, asked } = await fleet('flapping');
    try {
      for (let step = 0; step < STEPS; step += 1) {
        redis.freeze(step % 2 === 1);
        await ask(2);
        clock.advance(STEP_MS);
      }
    } finally {
      redis.freeze(false);
    }
    // Demand was far above the plan; the fleet spent it, and no more, in any window.
    expect(asked()).toBe(STEPS * 4);
    expect(busiestWindow()).toBeLessThanOrEqual(PLAN);
    expect(sent.length).toBeGreaterThan(PLAN / 2);
  }, 60_000);

  it('after an outage longer than a window, what each instance spent alone is added up, not merged', async () => {
    const { clock, ask, busiestWindow } = await fleet('outage');
    await ask(1);
    redis.freeze(true);
    try {
      await ask(1);
      // A window later, each instance spends its fallback share (half the plan) alone.
      clock.advance(WINDOW_MS + 1_000);
      await ask(12);
    } finally {
      redis.freeze(false);
    }
    // The store answers again (after its retry pause): the fleet's window is already full.
    clock.advance(1_500);
    await ask(10);
    expect(busiestWindow()).toBeLessThanOrEqual(PLAN);
  }, 60_000);
});
