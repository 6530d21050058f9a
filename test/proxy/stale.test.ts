/**
 * Stale copies: served at once while a refresh runs (stale-while-revalidate),
 * and standing in when the service answers 429 or 5xx or cannot be reached.
 * The upstream is the real sandbox behind a switch that swaps the proxy's
 * token for a scenario token, so the failures are the sandbox's own answers.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAILURE_BACKOFF_MS } from '../../proxy/handler.js';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.js';
import { type ServedHandler, serveFetchHandler } from '../../server/serve-fetch-handler.js';
import { ENTRY_TOKEN, fakeClock, LeakWatch, testProxy } from './helpers.js';

type Mode = 'ok' | '429' | '500';
const SCENARIO_TOKEN: Record<Mode, string | undefined> = {
  ok: undefined,
  '429': 'aivis_test_rate_limited',
  '500': 'aivis_test_server_error',
};

let sandbox: RunningSandbox;
let upstream: ServedHandler;
let mode: Mode = 'ok';
let upstreamHits = 0;
const watch = new LeakWatch();

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: false });
  upstream = await serveFetchHandler(async (request) => {
    upstreamHits += 1;
    const url = new URL(request.url);
    const headers = new Headers(request.headers);
    const swapped = SCENARIO_TOKEN[mode];
    if (swapped) headers.set('Authorization', `Bearer ${swapped}`);
    return fetch(`${sandbox.baseUrl}${url.pathname}${url.search}`, { headers });
  });
});
afterAll(async () => {
  await upstream?.close();
  await sandbox?.close();
});
beforeEach(() => {
  mode = 'ok';
});

const TTL = 60;
const SWR = 300;

function staleProxy() {
  const clock = fakeClock();
  const proxy = testProxy(
    {
      baseUrl: upstream.url,
      cacheTtlSeconds: TTL,
      staleWhileRevalidateSeconds: SWR,
      staleIfErrorSeconds: 3_600,
    },
    { now: clock.now, sleep: clock.sleep },
    watch,
  );
  return { clock, proxy };
}

describe('stale-while-revalidate', () => {
  it('serves the stale copy at once after the TTL and refreshes it once in the background', async () => {
    const { clock, proxy } = staleProxy();
    const path = '/api/v1/projects/1001?include=ai_visibility,connections';
    const first = await proxy.get(path);
    expect(first.headers['x-aivis-cache']).toBe('MISS');

    clock.advance(30_000);
    const fresh = await proxy.get(path);
    expect(fresh.headers['x-aivis-cache']).toBe('HIT');
    expect(fresh.headers['cache-control']).toContain(`max-age=${TTL - 30},`);
    expect(fresh.headers.age).toBe('30');

    clock.advance((TTL - 30 + 1) * 1000);
    const hitsBefore = upstreamHits;
    const stale = await Promise.all(Array.from({ length: 20 }, () => proxy.get(path)));
    for (const answer of stale) {
      expect(answer.status).toBe(200);
      expect(answer.headers['x-aivis-cache']).toBe('STALE');
      expect(answer.headers['cache-control']).toContain('max-age=0,');
      expect(answer.body).toBe(first.body);
    }
    // One refresh for twenty stale answers; once it has settled, the copy is fresh again.
    await proxy.settled();
    expect(proxy.handler.stats().upstreamRequests).toBe(2);
    expect(upstreamHits).toBe(hitsBefore + 1);
    const after = await proxy.get(path);
    expect(after.headers['x-aivis-cache']).toBe('HIT');
    expect(after.headers.age).toBe('0');
    expect(upstreamHits).toBe(hitsBefore + 1);
  });

  it('fetches in the foreground once the copy is older than the stale window', async () => {
    const { clock, proxy } = staleProxy();
    const path = '/api/v1/projects/1002/action-plan';
    await proxy.get(path);
    clock.advance((TTL + SWR + 1) * 1000);
    const answer = await proxy.get(path);
    expect(answer.headers['x-aivis-cache']).toBe('REVALIDATED');
    expect(proxy.handler.stats().upstreamRequests).toBe(2);
  });
});

describe('stale copies when the service fails', () => {
  it.each([
    ['429', 'upstream 429'],
    ['500', 'upstream 500'],
  ] as const)('answers with the stale copy when upstream says %s', async (failure, reason) => {
    const { clock, proxy } = staleProxy();
    const path = `/api/v1/projects/1003/competitors?limit=${failure === '429' ? 10 : 11}`;
    const first = await proxy.get(path);
    expect(first.status).toBe(200);

    mode = failure;
    // Past the stale-while-revalidate window, so the proxy asks upstream before answering.
    clock.advance((TTL + SWR + 5) * 1000);
    const hitsBefore = upstreamHits;
    const answer = await proxy.get(path);
    expect(upstreamHits).toBe(hitsBefore + 1);
    expect(answer.status).toBe(200);
    expect(answer.body).toBe(first.body);
    expect(answer.headers['x-aivis-cache']).toBe('STALE');
    expect(answer.headers['x-aivis-stale-reason']).toBe(reason);
    expect(answer.headers.etag).toBe(first.headers.etag);

    // No tight loop: the next viewers get the stale copy without another upstream call...
    const next = await proxy.get(path);
    expect(next.headers['x-aivis-stale-reason']).toBe(reason);
    expect(upstreamHits).toBe(hitsBefore + 1);
    // ...until the back-off has passed; then the recovered service is asked again.
    mode = 'ok';
    clock.advance(FAILURE_BACKOFF_MS);
    const recovered = await proxy.get(path);
    expect(recovered.headers['x-aivis-cache']).toBe('REVALIDATED');
    expect(upstreamHits).toBe(hitsBefore + 2);
  });

  it('passes the error on with its Retry-After when nothing is cached', async () => {
    const { proxy } = staleProxy();
    mode = '429';
    const limited = await proxy.get('/api/v1/projects/1001/citations?group_by=domain');
    expect(limited.status).toBe(429);
    const body = JSON.parse(limited.body) as { error: { code: string; retry_after: number } };
    expect(body.error.code).toBe('rate_limited');
    expect(limited.headers['retry-after']).toBe(String(body.error.retry_after));

    mode = '500';
    const failed = await proxy.get('/api/v1/projects/1001/citations?group_by=url');
    expect(failed.status).toBe(500);
    expect(JSON.parse(failed.body).error.code).toBe('server_error');
  });

  it('holds off upstream for Retry-After after a 429 instead of hammering it', async () => {
    const { clock, proxy } = staleProxy();
    mode = '429';
    const hitsBefore = upstreamHits;
    await proxy.get('/api/v1/projects/1002/citations');
    // The sandbox says Retry-After: 1; the fake clock moves only when the proxy sleeps.
    mode = 'ok';
    const before = clock.now();
    const next = await proxy.get('/api/v1/projects/1002/citations?limit=5');
    expect(next.status).toBe(200);
    expect(clock.now() - before).toBeGreaterThanOrEqual(1_000);
    expect(upstreamHits).toBe(hitsBefore + 2);
  });

  it('covers an unreachable service with the stale copy, else answers 502', async () => {
    const clock = fakeClock();
    // A port that nothing listens on once the server is closed.
    const gone = await serveFetchHandler(async (request) => {
      const url = new URL(request.url);
      return fetch(`${sandbox.baseUrl}${url.pathname}${url.search}`, {
        headers: { Authorization: `Bearer ${ENTRY_TOKEN}` },
      });
    });
    const proxy = testProxy(
      { baseUrl: gone.url, cacheTtlSeconds: TTL, staleWhileRevalidateSeconds: 0 },
      { now: clock.now, sleep: clock.sleep },
      watch,
    );
    const first = await proxy.get('/api/v1/projects');
    expect(first.status).toBe(200);
    await gone.close();
    clock.advance((TTL + 1) * 1000);
    const stale = await proxy.get('/api/v1/projects');
    expect(stale.status).toBe(200);
    expect(stale.headers['x-aivis-stale-reason']).toBe('upstream unreachable');
    const nothing = await proxy.get('/api/v1/projects/1001');
    expect(nothing.status).toBe(502);
    expect(JSON.parse(nothing.body).error).toMatchObject({ code: 'server_error', status: 502 });
  });

  it('leaked no token on any of these paths', () => {
    expect(watch.seen.length).toBeGreaterThan(20);
    expect(
      watch.leaks([ENTRY_TOKEN, 'aivis_test_rate_limited', 'aivis_test_server_error']),
    ).toEqual([]);
  });
});

describe('pacing inside the handler', () => {
  it('queues requests beyond the budget until a slot frees up instead of failing them', async () => {
    const clock = fakeClock();
    const proxy = testProxy(
      { baseUrl: upstream.url, maxUpstreamPerMinute: 2, maxQueueWaitMs: 120_000 },
      { now: clock.now, sleep: clock.sleep },
      watch,
    );
    const before = clock.now();
    const answers = await Promise.all(
      [0, 1, 2, 3].map((offset) => proxy.get(`/api/v1/projects/1001/answers?offset=${offset}`)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(proxy.handler.stats().upstreamRequests).toBe(4);
    // Two went at once; the other two waited for the window to move on.
    expect(clock.now() - before).toBeGreaterThanOrEqual(60_000);
  });
});
