/**
 * Nobody can spend the whole account budget alone: a page on a disallowed
 * origin (or an <img> flood) gets nothing upstream when ALLOWED_ORIGINS is set,
 * and one client address gets a share of the per-minute budget, not all of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientKey } from '../../proxy/client-address.js';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.js';
import { serveFetchHandler } from '../../server/serve-fetch-handler.js';
import { fakeClock, INTRANET, testProxy } from './helpers.js';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: false });
});
afterAll(async () => {
  await sandbox?.close();
});

const distinct = (index: number) => `/api/v1/projects/1001/answers?offset=${index}`;
const upstreamSince = (mark: number) => sandbox.requestLog.length - mark;

describe('origins outside ALLOWED_ORIGINS', () => {
  it('spend no upstream budget, however many distinct URLs they ask for', async () => {
    const proxy = testProxy({ baseUrl: sandbox.baseUrl, allowedOrigins: [INTRANET] });
    const mark = sandbox.requestLog.length;
    for (let i = 0; i < 40; i += 1) {
      const answer = await proxy.get(distinct(i), {
        headers: { Origin: 'https://evil.example.com' },
      });
      expect(answer.status).toBe(403);
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    }
    expect(upstreamSince(mark)).toBe(0);
    expect(proxy.handler.stats().budgetRemaining).toBe(60);
  });

  it('still get what the cache holds, and allowed origins and origin-less clients still reach upstream', async () => {
    const proxy = testProxy({ baseUrl: sandbox.baseUrl, allowedOrigins: [INTRANET] });
    const mark = sandbox.requestLog.length;
    const allowed = await proxy.get(distinct(100), { headers: { Origin: INTRANET } });
    expect(allowed.status).toBe(200);
    const script = await proxy.get(distinct(101));
    expect(script.status).toBe(200);
    expect(upstreamSince(mark)).toBe(2);
    const cached = await proxy.get(distinct(100), {
      headers: { Origin: 'https://evil.example.com' },
    });
    expect(cached.status).toBe(200);
    expect(cached.headers['x-aivis-cache']).toBe('HIT');
    expect(upstreamSince(mark)).toBe(2);
  });
});

describe('per-client share of the budget', () => {
  it('gives one address its share of misses, then a 429 with Retry-After, while others go on', async () => {
    const clock = fakeClock();
    const proxy = testProxy(
      { baseUrl: sandbox.baseUrl, clientBudgetSharePercent: 10, maxQueueWaitMs: 0 },
      clock,
    );
    const ask = (index: number, clientAddress: string) =>
      proxy.handler(new Request(`http://localhost${distinct(index)}`), { clientAddress });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) statuses.push((await ask(200 + i, '10.0.0.7')).status);
    // 10 % of 60 a minute.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429, 429, 429]);
    const refused = await ask(220, '10.0.0.7');
    const body = (await refused.json()) as { error: { code: string; retry_after: number } };
    expect(body.error.code).toBe('rate_limited');
    expect(refused.headers.get('Retry-After')).toBe(String(body.error.retry_after));
    expect(body.error.retry_after).toBeGreaterThan(0);
    expect(body.error.retry_after).toBeLessThanOrEqual(11);
    // Cached answers cost nothing: the same address still reads them.
    expect((await ask(200, '10.0.0.7')).status).toBe(200);
    // Another address has its own share.
    expect((await ask(230, '10.0.0.8')).status).toBe(200);
    // One IPv6 /64 is one client: an attacker cannot rotate through its own prefix.
    const v6: number[] = [];
    for (let i = 0; i < 7; i += 1) v6.push((await ask(240 + i, `2001:db8:1:2::${i + 1}`)).status);
    expect(v6.slice(0, 6)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(v6[6]).toBe(429);
    // The share comes back with time.
    clock.advance(61_000);
    expect((await ask(250, '10.0.0.7')).status).toBe(200);
  });

  it('believes a client-address header only when CLIENT_IP_HEADER names it', async () => {
    const run = async (clientIpHeader?: string) => {
      const proxy = testProxy(
        {
          baseUrl: sandbox.baseUrl,
          clientBudgetSharePercent: 5,
          maxQueueWaitMs: 0,
          ...(clientIpHeader ? { clientIpHeader } : {}),
        },
        fakeClock(),
      );
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const answer = await proxy.handler(
          new Request(`http://localhost${distinct(300 + i + (clientIpHeader ? 10 : 0))}`, {
            headers: { 'CF-Connecting-IP': `192.0.2.${i}` },
          }),
          { clientAddress: '10.9.9.9' },
        );
        statuses.push(answer.status);
      }
      return statuses;
    };
    // Unconfigured: the header is anyone's to forge, so the socket address counts (share 3).
    expect(await run()).toEqual([200, 200, 200, 429, 429, 429]);
    // Behind Cloudflare: each address its own share.
    expect(await run('CF-Connecting-IP')).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it('gets the peer address from the Node host', async () => {
    const proxy = testProxy({
      baseUrl: sandbox.baseUrl,
      clientBudgetSharePercent: 5,
      maxQueueWaitMs: 0,
    });
    const served = await serveFetchHandler(proxy.handler);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const answer = await fetch(`${served.url}${distinct(400 + i)}`);
        await answer.arrayBuffer();
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await served.close();
    }
  });
});

describe('clientKey', () => {
  it.each([
    ['10.0.0.7', '10.0.0.7'],
    ['::ffff:10.0.0.7', '10.0.0.7'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['[2001:db8::5]', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('%s counts as %s', (address, key) => {
    expect(clientKey(address)).toBe(key);
  });
});
