/**
 * GET /healthz (docs/proxy.md): 200 {"ok":true} from the process itself,
 * without asking upstream or spending budget, behind the same edge checks as
 * every other path; with a shared store, that store's state as a probe finds it.
 */
import { describe, expect, it } from 'vitest';
import { createRedisStore } from '../../proxy/redis-store.js';
import { startRedis } from '../../support/redis.js';
import { fakeClock, INTRANET, testProxy } from './helpers.js';

/** An upstream that must never be reached: every call is recorded and fails. */
function untouchedUpstream() {
  const calls: string[] = [];
  return {
    calls,
    fetch: async (input: string) => {
      calls.push(input);
      throw new Error('the health check reached upstream');
    },
  };
}

describe('GET /healthz', () => {
  it('answers 200 {"ok":true}, uncached, without upstream or budget', async () => {
    const upstream = untouchedUpstream();
    const proxy = testProxy({ baseUrl: 'https://svc.example' }, { fetch: upstream.fetch });
    const before = proxy.handler.stats();
    for (let i = 0; i < 3; i += 1) {
      const answer = await proxy.get('/healthz', { headers: { Origin: INTRANET } });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ ok: true });
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['access-control-allow-origin']).toBe(INTRANET);
      expect(answer.headers['x-aivis-cache']).toBeUndefined();
    }
    expect(upstream.calls).toEqual([]);
    const after = proxy.handler.stats();
    expect(after.upstreamRequests).toBe(0);
    expect(after.budgetRemaining).toBe(before.budgetRemaining);
    expect(after.cacheEntries).toBe(0);
  });

  it('answers under BASE_PATH only, and 404 outside it', async () => {
    const proxy = testProxy(
      { baseUrl: 'https://svc.example', basePath: '/aivis' },
      { fetch: untouchedUpstream().fetch },
    );
    expect((await proxy.get('/aivis/healthz')).status).toBe(200);
    expect((await proxy.get('/healthz')).status).toBe(404);
  });

  it('keeps the edge checks: another Host gets 421, a write 405', async () => {
    const proxy = testProxy(
      { baseUrl: 'https://svc.example' },
      { fetch: untouchedUpstream().fetch },
    );
    const misdirected = await proxy.handler(
      new Request('http://localhost/healthz', { headers: { Host: 'attacker.example' } }),
    );
    expect(misdirected.status).toBe(421);
    expect((await proxy.get('/healthz', { method: 'POST' })).status).toBe(405);
  });

  it('is logged like any answer, without a note', async () => {
    const proxy = testProxy(
      { baseUrl: 'https://svc.example' },
      { fetch: untouchedUpstream().fetch },
    );
    await proxy.get('/healthz');
    expect(proxy.watch.logLines).toHaveLength(1);
    expect(proxy.watch.logLines[0]).toMatch(/ GET \/healthz 200 - \d+ms$/);
  });
});

describe('GET /healthz with a shared store', () => {
  it('says whether the store answers (probed now), and stays 200 while the instance serves alone', async () => {
    const redis = await startRedis();
    const clock = fakeClock();
    const store = createRedisStore({
      url: redis.url,
      account: 'health-account',
      scope: 'health-scope',
      secret: 'health-secret',
      timeoutMs: 50,
      now: clock.now,
    });
    try {
      expect(await store.ready()).toBe(true);
      const proxy = testProxy(
        { baseUrl: 'https://svc.example', storeTimeoutMs: 50 },
        { fetch: untouchedUpstream().fetch, store, now: clock.now, notice: () => undefined },
      );
      const health = async () => {
        const answer = await proxy.get('/healthz');
        expect(answer.status).toBe(200);
        return JSON.parse(answer.body) as { ok: boolean; store?: { kind: string; state: string } };
      };
      expect(await health()).toMatchObject({ ok: true, store: { kind: 'redis', state: 'shared' } });
      redis.freeze(true);
      try {
        // No request in between: the check itself finds the store away.
        expect(await health()).toMatchObject({ ok: true, store: { state: 'alone' } });
      } finally {
        redis.freeze(false);
      }
      clock.advance(1_500);
      expect(await health()).toMatchObject({ ok: true, store: { state: 'shared' } });
    } finally {
      await store.close();
      await redis.close();
    }
  });
});
