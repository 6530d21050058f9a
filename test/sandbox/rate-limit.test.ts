import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxHandler } from '../../sandbox/app.js';
import { createRateLimiter } from '../../sandbox/rate-limit.js';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.js';
import { LIMITS } from '../../shared/api/vocabulary.js';
import { api, ENTRY, PRO } from './helpers.js';

describe('rate limiter with an injected clock', () => {
  it('allows the budget, refuses the next with a Retry-After of whole seconds, and resets after a minute', () => {
    let now = 1_000_000;
    const limiter = createRateLimiter({ now: () => now, enforce: true });
    for (let i = 1; i <= 60; i++)
      expect(limiter.take('A', 60)).toMatchObject({ allowed: true, remaining: 60 - i });
    now += 59_500;
    expect(limiter.take('A', 60)).toEqual({
      allowed: false,
      limit: 60,
      remaining: 0,
      retryAfter: 1,
    });
    expect(limiter.take('B', 120)).toMatchObject({ allowed: true, remaining: 119 });
    now += 500;
    expect(limiter.take('A', 60)).toMatchObject({ allowed: true, remaining: 59 });
    expect(limiter.take('A', 60).remaining).toBe(58);
  });

  it('refuses nothing and spends nothing when enforcement is off: Remaining stays the whole budget', () => {
    const limiter = createRateLimiter({ now: () => 0, enforce: false });
    for (let i = 0; i < 70; i++) expect(limiter.take('A', 60)).toMatchObject({ allowed: true });
    // A pacer reading Remaining must not stall on a sandbox that never refuses.
    expect(limiter.take('A', 60).remaining).toBe(60);
  });

  it('the handler reports retry_after from the clock', async () => {
    let now = 0;
    const handle = createSandboxHandler({ clock: () => now });
    const request = () =>
      handle(
        new Request('http://127.0.0.1/api/v1/projects', {
          headers: { authorization: `Bearer ${ENTRY}` },
        }),
      );
    for (let i = 0; i < 60; i++) await request();
    now = 20_000;
    const refused = await request();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('40');
    expect((await refused.json()).error.retry_after).toBe(40);
  });
});

describe('rate limit over HTTP (data-api 8)', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
  });
  afterAll(() => sandbox.close());

  it('the entry account gets 60 a minute: the 61st request is 429, headers count down', async () => {
    const remaining: number[] = [];
    for (let i = 0; i < LIMITS.rateLimitPerMinute.entry; i++) {
      const answer = await api(
        sandbox.baseUrl,
        i % 2 ? '/api/v1/projects' : '/api/v1/projects/1002/answers?limit=1',
        ENTRY,
      );
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-ratelimit-limit')).toBe('60');
      remaining.push(Number(answer.headers.get('x-ratelimit-remaining')));
    }
    expect(remaining).toEqual(remaining.map((_, i) => 59 - i));
    const refused = await api(sandbox.baseUrl, '/api/v1/projects', ENTRY);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(refused.body.error.retry_after).toBe(retryAfter);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    // The slow token reads account A's data on a budget of its own, so the
    // demo's loading state never spends account A's minute.
    expect((await api(sandbox.baseUrl, '/api/v1/projects', 'aivis_test_slow')).status).toBe(200);
    // Failed authentication is not counted against anyone.
    expect((await api(sandbox.baseUrl, '/api/v1/projects', 'aivis_test_expired')).status).toBe(401);
  });

  it('the higher plan gets 120 a minute, counted separately', async () => {
    for (let i = 0; i < LIMITS.rateLimitPerMinute.higher; i++) {
      const answer = await api(sandbox.baseUrl, '/api/v1/projects', PRO);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-ratelimit-limit')).toBe('120');
    }
    expect((await api(sandbox.baseUrl, '/api/v1/projects', PRO)).status).toBe(429);
  });

  it('turning enforcement off still sends the headers, with nothing spent', async () => {
    const open = await startSandbox({ port: 0, rateLimit: false });
    try {
      let last: Awaited<ReturnType<typeof api>> | undefined;
      for (let i = 0; i < 62; i++) last = await api(open.baseUrl, '/api/v1/projects', ENTRY);
      expect(last?.status).toBe(200);
      expect(last?.headers.get('x-ratelimit-limit')).toBe('60');
      expect(last?.headers.get('x-ratelimit-remaining')).toBe('60');
    } finally {
      await open.close();
    }
  });
});
