/**
 * What the third attack run got past the proxy: pages on other sites spending
 * the budget through <img> and no-cors requests, a forged X-Forwarded-For,
 * every viewer counted as loopback, revalidation loops after 401/403/404,
 * bytes that are not the JSON the check read, and counts beside a filtered list.
 * The upstream is a scripted fetch, so each answer is exactly the one attacked.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fakeClock, INTRANET, testProxy } from './helpers.js';

interface Script {
  calls: string[];
  fetch: (input: string, init: RequestInit) => Promise<Response>;
}

/** An upstream that answers every call with `answer(path)`; 200 with a small JSON body by default. */
function upstream(answer?: (path: string, call: number) => Response): Script {
  const calls: string[] = [];
  return {
    calls,
    fetch: async (input) => {
      const url = new URL(input);
      calls.push(`${url.pathname}${url.search}`);
      return answer
        ? answer(url.pathname, calls.length)
        : new Response(JSON.stringify({ ok: true, at: calls.length }), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          });
    },
  };
}

const BASE = 'https://svc.example';
const distinct = (index: number) => `/api/v1/projects/1001/answers?offset=${index}`;
const envelope = (code: string, status: number, message = 'No.') =>
  new Response(JSON.stringify({ error: { code, message, status } }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
const settle = async () => {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe('Fetch Metadata: a request another site made spends no budget', () => {
  it.each([
    ['an <img> on another site', { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'no-cors' }],
    [
      'a no-cors fetch on another site',
      { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'no-cors' },
    ],
    [
      'a link followed from another site',
      { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate' },
    ],
    [
      'an <img> on a same-site page',
      { 'Sec-Fetch-Site': 'same-site', 'Sec-Fetch-Mode': 'no-cors' },
    ],
  ])('%s is answered from the cache or refused', async (_what, headers) => {
    const script = upstream();
    const proxy = testProxy({ baseUrl: BASE }, { fetch: script.fetch });
    const cached = await proxy.get(distinct(0), { headers: { Origin: INTRANET } });
    expect(cached.status).toBe(200);
    for (let i = 1; i <= 40; i += 1) {
      const answer = await proxy.get(distinct(i), { headers });
      expect(answer.status).toBe(403);
    }
    expect(script.calls).toHaveLength(1);
    const hit = await proxy.get(distinct(0), { headers });
    expect(hit.status).toBe(200);
    expect(hit.headers['x-aivis-cache']).toBe('HIT');
    expect(script.calls).toHaveLength(1);
  });

  it('still lets the allowed page, a same-origin page, an address typed in, and servers without the headers spend', async () => {
    const script = upstream();
    const proxy = testProxy({ baseUrl: BASE }, { fetch: script.fetch });
    const asks: Record<string, string>[] = [
      { Origin: INTRANET, 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'cors' },
      { 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'cors' },
      { 'Sec-Fetch-Site': 'none', 'Sec-Fetch-Mode': 'navigate' },
      {},
    ];
    for (const [index, headers] of asks.entries()) {
      expect((await proxy.get(distinct(100 + index), { headers })).status).toBe(200);
    }
    expect(script.calls).toHaveLength(4);
  });
});

describe('CLIENT_IP_HEADER=X-Forwarded-For', () => {
  it('believes the entry the trusted reverse proxy appended, not what the client wrote', async () => {
    const script = upstream();
    const clock = fakeClock();
    const proxy = testProxy(
      {
        baseUrl: BASE,
        clientBudgetSharePercent: 5,
        maxQueueWaitMs: 0,
        clientIpHeader: 'X-Forwarded-For',
      },
      { fetch: script.fetch, now: clock.now, sleep: clock.sleep },
    );
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const answer = await proxy.handler(
        new Request(`http://localhost${distinct(i)}`, {
          // The client prepends a different address each time; nginx appends the real one.
          headers: { 'X-Forwarded-For': `6.6.6.${i}, 192.0.2.10` },
        }),
        { clientAddress: '127.0.0.1' },
      );
      statuses.push(answer.status);
    }
    // One client: 5 % of 60 is a share of 3.
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
  });
});

describe('every viewer behind a local reverse proxy looks like loopback', () => {
  const run = async (clientIpHeader: string | undefined, addresses: string[]) => {
    const warnings: string[] = [];
    const script = upstream();
    const proxy = testProxy(
      { baseUrl: BASE, ...(clientIpHeader ? { clientIpHeader } : {}) },
      { fetch: script.fetch, warn: (message: string) => warnings.push(message) },
    );
    for (const [index, clientAddress] of addresses.entries()) {
      await proxy.handler(new Request(`http://localhost${distinct(index)}`), { clientAddress });
    }
    return warnings;
  };
  const loopback = Array.from({ length: 40 }, (_, i) => (i % 2 ? '127.0.0.1' : '::1'));

  it('is said once in the log, naming CLIENT_IP_HEADER', async () => {
    const warnings = await run(undefined, loopback);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('CLIENT_IP_HEADER');
  });

  it('is not said when a client header is set, or when other addresses come too', async () => {
    expect(await run('X-Real-IP', loopback)).toEqual([]);
    expect(await run(undefined, ['10.0.0.7', ...loopback])).toEqual([]);
  });
});

describe('after the service refused (401, 403, 404)', () => {
  const TTL = 60;
  const setup = (refusal: () => Response) => {
    let refuse = false;
    const script = upstream((path, call) =>
      refuse
        ? refusal()
        : new Response(JSON.stringify({ path, call }), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          }),
    );
    const clock = fakeClock();
    const proxy = testProxy(
      {
        baseUrl: BASE,
        cacheTtlSeconds: TTL,
        staleWhileRevalidateSeconds: 300,
        staleIfErrorSeconds: 3_600,
        clientBudgetSharePercent: 100,
      },
      { fetch: script.fetch, now: clock.now, sleep: clock.sleep },
    );
    return {
      script,
      clock,
      proxy,
      refuseFromNow: () => {
        refuse = true;
      },
    };
  };

  it.each([
    ['a revoked token (401)', () => envelope('unauthenticated', 401), 401],
    ['a token without scope (403)', () => envelope('insufficient_scope', 403), 403],
  ])(
    '%s: stops serving stored copies, says so, and asks again only after a backoff, for every key',
    async (_what, refusal, status) => {
      const { script, clock, proxy, refuseFromNow } = setup(refusal);
      await proxy.get(distinct(1));
      await proxy.get(distinct(2));
      expect(script.calls).toHaveLength(2);
      refuseFromNow();
      clock.advance((TTL + 1) * 1000);
      // The first ask after the TTL gets the stale copy and revalidates behind it.
      await proxy.get(distinct(1));
      await settle();
      expect(script.calls).toHaveLength(3);
      const answers = [];
      for (let i = 0; i < 30; i += 1) {
        clock.advance(300);
        answers.push(await proxy.get(distinct(1 + (i % 2))));
      }
      // Ten seconds of asking: no loop of rejected upstream calls, no stale data.
      expect(script.calls).toHaveLength(3);
      for (const answer of answers) {
        expect(answer.status).toBe(status);
        expect(answer.headers['x-aivis-cache']).not.toBe('STALE');
        expect(JSON.parse(answer.body).error.message).toMatch(/stored cop/i);
      }
      // After the backoff upstream is asked once more.
      clock.advance(60_000);
      await proxy.get(distinct(3));
      expect(script.calls).toHaveLength(4);
    },
  );

  it('a deleted project (404): that key stops being served and backs off; others go on', async () => {
    let gone = false;
    const script = upstream((path) =>
      gone && path.includes('/1001/')
        ? envelope('not_found', 404, 'Project 1001 was not found.')
        : new Response(JSON.stringify({ path }), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          }),
    );
    const clock = fakeClock();
    const proxy = testProxy(
      { baseUrl: BASE, cacheTtlSeconds: TTL, staleWhileRevalidateSeconds: 300 },
      { fetch: script.fetch, now: clock.now, sleep: clock.sleep },
    );
    const other = '/api/v1/projects/1002/answers';
    await proxy.get(distinct(1));
    await proxy.get(other);
    gone = true;
    clock.advance((TTL + 1) * 1000);
    await proxy.get(distinct(1));
    await settle();
    const calls = script.calls.length;
    for (let i = 0; i < 20; i += 1) {
      const answer = await proxy.get(distinct(1));
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.body).error.message).toMatch(/stored cop/i);
    }
    expect(script.calls.length).toBe(calls);
    expect((await proxy.get(other)).status).toBe(200);
    expect(script.calls.length).toBe(calls + 1);
  });
});

describe('what is served parses as JSON from its bytes', () => {
  const bytesProxy = (bytes: Uint8Array<ArrayBuffer>) =>
    testProxy(
      { baseUrl: BASE },
      {
        fetch: async () =>
          new Response(bytes, { status: 200, headers: { 'Content-Type': 'application/json' } }),
      },
    );

  it('a byte-order mark is not served in front of the JSON', async () => {
    const body = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('{"a":1}')]);
    const answer = await bytesProxy(body).get(distinct(1));
    const served = Buffer.from(await answer.response.arrayBuffer());
    if (answer.status === 200) expect(JSON.parse(served.toString('utf8'))).toEqual({ a: 1 });
    else expect(answer.status).toBe(502);
  });

  it('invalid UTF-8 is not cached or served as a 200', async () => {
    const body = new Uint8Array([...new TextEncoder().encode('{"a":"'), 0xff, 0xfe, 0x22, 0x7d]);
    const answer = await bytesProxy(body).get(distinct(1));
    expect(answer.status).toBe(502);
  });

  it('any bytes: served as a 200 exactly when they are UTF-8 JSON (one leading mark dropped), as that JSON', async () => {
    // The rule of docs/security.md, read by the platform's own strict decoder and parser.
    const reference = (bytes: Uint8Array): { value: unknown } | undefined => {
      try {
        return { value: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) };
      } catch {
        return undefined;
      }
    };
    const encode = (text: string) => [...new TextEncoder().encode(text)];
    const bodies = fc
      .tuple(
        fc.boolean(),
        fc.oneof(
          fc.json().map(encode),
          fc.string().map(encode),
          fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 12 }),
        ),
        fc.array(fc.constantFrom(0xef, 0xbb, 0xbf, 0xff, 0xc0, 0x80, 0x22, 0x5d), {
          maxLength: 2,
        }),
        fc.nat(),
      )
      .map(([mark, bytes, noise, at]) => {
        const cut = bytes.length === 0 ? 0 : at % (bytes.length + 1);
        const body = [...bytes.slice(0, cut), ...noise, ...bytes.slice(cut)];
        return new Uint8Array(mark ? [0xef, 0xbb, 0xbf, ...body] : body);
      });
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        const expected = reference(body);
        const answer = await bytesProxy(body).get(distinct(1));
        if (expected === undefined) expect(answer.status).toBe(502);
        else {
          expect(answer.status).toBe(200);
          const served = Buffer.from(await answer.response.arrayBuffer()).toString('utf8');
          expect(JSON.parse(served)).toEqual(expected.value);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('ALLOWED_PROJECTS: the counts beside the filtered list', () => {
  it('say how many projects are shown, and no count tells of the hidden ones', async () => {
    const list = {
      projects: [1001, 1002, 1003, 1004].map((id) => ({ id, name: `P${id}` })),
      returned: 4,
      total: 4,
      project_count: 4,
      pagination: { offset: 0, limit: 50, returned: 4, total: 4, has_more: false },
    };
    const proxy = testProxy(
      { baseUrl: BASE, allowedProjects: [1001, 1003] },
      {
        fetch: async () =>
          new Response(JSON.stringify(list), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          }),
      },
    );
    const body = JSON.parse((await proxy.get('/api/v1/projects')).body);
    expect(body.projects.map((p: { id: number }) => p.id)).toEqual([1001, 1003]);
    expect(body.returned).toBe(2);
    expect(body.total).toBe(2);
    expect(body.pagination).toEqual({
      offset: 0,
      limit: 50,
      returned: 2,
      total: 2,
      has_more: false,
    });
    expect(JSON.stringify(body)).not.toMatch(/:4\b/);
  });
});
