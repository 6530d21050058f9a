/**
 * The budget several instances share lives in Redis as a Lua script
 * (proxy/redis-store.ts BUDGET_SCRIPT, SHARE_SCRIPT). Whatever the sequence of
 * reservations, learned X-RateLimit-* figures, 429 holds and passing time, the
 * script must decide exactly what one instance's UpstreamPacer and
 * ClientShares decide: the shared budget is the single-instance budget,
 * counted once. Run against a real redis-server on a free port.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientShares } from '../../proxy/client-share.js';
import { PACER_WINDOW_MS, UpstreamPacer } from '../../proxy/pacer.js';
import { createRedisStore, type RedisStore } from '../../proxy/redis-store.js';
import { type RunningRedis, startRedis } from '../../support/redis.js';
import { fakeClock } from './helpers.js';

let redis: RunningRedis;
const stores: RedisStore[] = [];
let accounts = 0;

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  for (const store of stores) await store.close();
  await redis?.close();
});

/** A store for a fresh account, so each case starts from an empty budget. */
async function freshStore(now: () => number): Promise<RedisStore> {
  accounts += 1;
  const store = createRedisStore({
    url: redis.url,
    account: `test-account-${accounts}`,
    scope: `test-scope-${accounts}`,
    secret: 'test-seal-secret',
    timeoutMs: 2_000,
    now,
  });
  stores.push(store);
  expect(await store.ready()).toBe(true);
  return store;
}

type Op =
  | { kind: 'reserve' }
  | { kind: 'advance'; ms: number }
  | { kind: 'observe'; limit?: number; remaining?: number }
  | { kind: 'block'; ms: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({ kind: 'reserve' as const }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      ms: fc.integer({ min: 0, max: 30_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record(
      {
        kind: fc.constant('observe' as const),
        limit: fc.integer({ min: 1, max: 12 }),
        remaining: fc.integer({ min: 0, max: 12 }),
      },
      { requiredKeys: ['kind'] },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('block' as const),
      ms: fc.integer({ min: 0, max: 20_000 }),
    }),
  },
);

describe('the shared budget script', () => {
  it('decides every reservation as one UpstreamPacer would (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 10 }),
        fc.option(fc.integer({ min: 1, max: 10 }), { nil: undefined }),
        fc.integer({ min: 0, max: 40_000 }),
        fc.array(op, { minLength: 1, maxLength: 40 }),
        async (limit, cap, maxWaitMs, ops) => {
          const clock = fakeClock();
          const pacer = new UpstreamPacer({
            limit,
            ...(cap === undefined ? {} : { cap }),
            maxWaitMs,
            maxQueueLength: 1_000,
            ...clock,
          });
          const store = await freshStore(clock.now);
          for (const step of ops) {
            const now = clock.now();
            if (step.kind === 'advance') {
              clock.advance(step.ms);
            } else if (step.kind === 'block') {
              pacer.blockFor(step.ms);
              await store.blockUntil(now + step.ms, now);
            } else if (step.kind === 'observe') {
              pacer.observe(
                step.limit === undefined ? null : String(step.limit),
                step.remaining === undefined ? null : String(step.remaining),
              );
              await store.observe({
                now,
                windowMs: PACER_WINDOW_MS,
                limit,
                ...(step.limit === undefined ? {} : { announcedLimit: step.limit }),
                ...(step.remaining === undefined ? {} : { remaining: step.remaining }),
              });
            } else {
              const local = pacer.reserve();
              const shared = await store.reserve({
                now,
                windowMs: PACER_WINDOW_MS,
                limit,
                cap: cap ?? 0,
                maxWaitMs,
              });
              expect(shared.ok).toBe(local.ok);
              if (local.ok && shared.ok) expect(shared.waitMs).toBe(local.waitMs);
              if (!local.ok && !shared.ok) expect(shared.retryAfterMs).toBe(local.retryAfterMs);
              expect(shared.limit).toBe(pacer.limit);
              expect(shared.remaining).toBe(pacer.remaining());
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it.each([
    // [limit, sends at one instant, expected waits]: the window frees the oldest send after 61 s.
    { limit: 2, reserves: 3, maxWaitMs: 61_000, waits: [0, 0, PACER_WINDOW_MS] },
    { limit: 2, reserves: 3, maxWaitMs: 60_000, waits: [0, 0, undefined] },
    { limit: 1, reserves: 2, maxWaitMs: 200_000, waits: [0, PACER_WINDOW_MS] },
  ])(
    'limit $limit, $reserves at once, wait at most $maxWaitMs: waits $waits',
    async ({ limit, reserves, maxWaitMs, waits }) => {
      const clock = fakeClock();
      const store = await freshStore(clock.now);
      const seen: (number | undefined)[] = [];
      for (let index = 0; index < reserves; index += 1) {
        const answer = await store.reserve({
          now: clock.now(),
          windowMs: PACER_WINDOW_MS,
          limit,
          cap: 0,
          maxWaitMs,
        });
        seen.push(answer.ok ? answer.waitMs : undefined);
      }
      expect(seen).toEqual(waits);
    },
  );

  it('a learned limit and a 429 hold are the account’s, whoever learned them', async () => {
    const clock = fakeClock();
    const first = await freshStore(clock.now);
    // A second instance of the same account: same names, another connection.
    const second = createRedisStore({
      url: redis.url,
      account: `test-account-${accounts}`,
      scope: `test-scope-${accounts}`,
      secret: 'test-seal-secret',
      timeoutMs: 2_000,
      now: clock.now,
    });
    stores.push(second);
    await second.ready();
    const request = {
      now: clock.now(),
      windowMs: PACER_WINDOW_MS,
      limit: 60,
      cap: 0,
      maxWaitMs: 0,
    };
    await first.observe({
      now: clock.now(),
      windowMs: PACER_WINDOW_MS,
      limit: 60,
      announcedLimit: 120,
    });
    expect(await second.reserve(request)).toMatchObject({ ok: true, limit: 120, remaining: 119 });
    await first.blockUntil(clock.now() + 5_000, clock.now());
    expect(await second.reserve(request)).toMatchObject({ ok: false, retryAfterMs: 5_000 });
  });

  it('counts a client’s share as ClientShares does (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: 1, maxLength: 30 }),
        async (share, gaps) => {
          const clock = fakeClock();
          const store = await freshStore(clock.now);
          const local = new ClientShares();
          for (const gap of gaps) {
            clock.advance(gap);
            const expected = local.take('203.0.113.7', share, clock.now());
            const shared = await store.takeShare(
              '203.0.113.7',
              share,
              clock.now(),
              PACER_WINDOW_MS,
            );
            expect(shared.ok).toBe(expected.ok);
            if (!shared.ok && !expected.ok) {
              expect(Math.abs(shared.retryAfterMs - expected.retryAfterMs)).toBeLessThanOrEqual(1);
            }
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
