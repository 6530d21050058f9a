import { describe, expect, it } from 'vitest';
import { validateParams } from '../../shared/api/validate.js';
import { createClient } from '../../shared/client/async-client.js';
import type { FetchLike } from '../../shared/client/types.js';
import { buildRequest } from '../../shared/http/request.js';
import { createRequestCache } from '../../widget/internal/request-cache.js';

interface Transport {
  fetch: FetchLike;
  urls: string[];
  signals: AbortSignal[];
  /** Resolves the pending requests in order. */
  answer(status?: number, body?: string): void;
}

/** A transport whose requests stay pending until the test answers them. */
function manualTransport(): Transport {
  const pending: Array<(response: Awaited<ReturnType<FetchLike>>) => void> = [];
  const urls: string[] = [];
  const signals: AbortSignal[] = [];
  return {
    urls,
    signals,
    fetch: (url, init) => {
      urls.push(url);
      signals.push(init.signal as AbortSignal);
      return new Promise((resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        pending.push(resolve);
      });
    },
    answer(status = 200, body = '{"ok":true}') {
      const resolve = pending.shift();
      resolve?.({
        status,
        headers: { forEach: (callback) => callback('application/json', 'content-type') },
        text: async () => body,
      });
    },
  };
}

const GET = (headers: Record<string, string> = {}, signal?: AbortSignal) => ({
  method: 'GET',
  headers,
  ...(signal ? { signal } : {}),
});

describe('request cache', () => {
  it('sends one request for concurrent calls to the same URL and gives each caller the body', async () => {
    const transport = manualTransport();
    const cache = createRequestCache({ fetch: transport.fetch });
    const calls = [1, 2, 3].map(() => cache.fetch('http://x/api/v1/projects', GET()));
    transport.answer(200, '{"n":1}');
    const bodies = await Promise.all(calls.map(async (call) => (await call).text()));
    expect(transport.urls).toHaveLength(1);
    expect(bodies).toEqual(['{"n":1}', '{"n":1}', '{"n":1}']);
    expect(cache.networkRequests).toBe(1);
  });

  it('reuses a successful answer within the time to live and asks again after it', async () => {
    let now = 1_000;
    const transport = manualTransport();
    const cache = createRequestCache({ fetch: transport.fetch, ttlMs: 30_000, now: () => now });
    const first = cache.fetch('http://x/a', GET());
    transport.answer();
    await first;
    now += 29_999;
    await cache.fetch('http://x/a', GET());
    expect(transport.urls).toHaveLength(1);
    now += 1;
    const third = cache.fetch('http://x/a', GET());
    expect(transport.urls).toHaveLength(2);
    transport.answer();
    expect((await third).status).toBe(200);
  });

  it('keeps answers of different tokens apart', async () => {
    const transport = manualTransport();
    const cache = createRequestCache({ fetch: transport.fetch });
    const a = cache.fetch('http://x/a', GET({ Authorization: 'Bearer one' }));
    const b = cache.fetch('http://x/a', GET({ Authorization: 'Bearer two' }));
    const c = cache.fetch('http://x/a', GET({ authorization: 'Bearer one' }));
    expect(transport.urls).toHaveLength(2);
    transport.answer(200, '"one"');
    transport.answer(200, '"two"');
    expect(await (await a).text()).toBe('"one"');
    expect(await (await b).text()).toBe('"two"');
    expect(await (await c).text()).toBe('"one"');
  });

  it('does not keep error answers, so the next call asks again', async () => {
    const transport = manualTransport();
    const cache = createRequestCache({ fetch: transport.fetch });
    const failed = cache.fetch('http://x/a', GET());
    transport.answer(500, '{"error":{}}');
    expect((await failed).status).toBe(500);
    const retried = cache.fetch('http://x/a', GET());
    expect(transport.urls).toHaveLength(2);
    transport.answer(200);
    expect((await retried).status).toBe(200);
  });

  it('with a time to live of 0 still shares in-flight requests but keeps nothing', async () => {
    const transport = manualTransport();
    const cache = createRequestCache({ fetch: transport.fetch, ttlMs: 0 });
    const a = cache.fetch('http://x/a', GET());
    const b = cache.fetch('http://x/a', GET());
    transport.answer();
    await Promise.all([a, b]);
    expect(transport.urls).toHaveLength(1);
    const c = cache.fetch('http://x/a', GET());
    transport.answer();
    await c;
    expect(transport.urls).toHaveLength(2);
  });

  it("one caller's abort leaves the shared request running for the others", async () => {
    const transport = manualTransport();
    const cache = createRequestCache({ fetch: transport.fetch });
    const leaving = new AbortController();
    const a = cache.fetch('http://x/a', GET({}, leaving.signal));
    const b = cache.fetch('http://x/a', GET());
    leaving.abort();
    await expect(a).rejects.toBeDefined();
    expect(transport.signals[0]?.aborted).toBe(false);
    transport.answer(200, '"still here"');
    expect(await (await b).text()).toBe('"still here"');
  });

  it('aborts the network request when every caller has aborted, and a later call starts afresh', async () => {
    const transport = manualTransport();
    const cache = createRequestCache({ fetch: transport.fetch });
    const one = new AbortController();
    const two = new AbortController();
    const a = cache.fetch('http://x/a', GET({}, one.signal));
    const b = cache.fetch('http://x/a', GET({}, two.signal));
    one.abort();
    two.abort();
    await expect(a).rejects.toBeDefined();
    await expect(b).rejects.toBeDefined();
    expect(transport.signals[0]?.aborted).toBe(true);
    const c = cache.fetch('http://x/a', GET());
    expect(transport.urls).toHaveLength(2);
    transport.answer(); // the aborted one was already rejected; this answers the new one
    transport.answer();
    expect((await c).status).toBe(200);
  });

  it('keys on the URL buildRequest produces: two clients asking the same thing cost one request', async () => {
    const transport = manualTransport();
    const cache = createRequestCache({ fetch: transport.fetch });
    const options = { baseUrl: 'http://x', token: 'aivis_test_entry', fetch: cache.fetch };
    const params = {
      project: 1001,
      period: 'last_30_days' as const,
      include: ['ai_visibility' as const],
    };
    const clients = [createClient(options), createClient(options)];
    const pending = clients.map((client) => client.get('summary', params));
    await new Promise((resolve) => setTimeout(resolve, 0));
    const checked = validateParams('summary', params);
    if (!checked.ok) throw new Error('the summary params should be valid');
    expect(transport.urls).toEqual([
      buildRequest({ baseUrl: 'http://x', token: 'aivis_test_entry' }, 'summary', checked.params)
        .url,
    ]);
    expect(transport.urls[0]).not.toContain('aivis_test_entry');
    transport.answer(
      404,
      JSON.stringify({ error: { code: 'not_found', message: 'No', status: 404 } }),
    );
    for (const call of pending) await expect(call).rejects.toMatchObject({ code: 'not_found' });
  });
});
