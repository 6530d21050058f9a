/**
 * A card of an answer the cache still holds is served as it was first
 * rendered (docs/loading.md, "Cards from the server"): a second identical
 * request renders nothing, a new answer renders it again, a revalidation is
 * answered 304 from the kept validator, and a viewer's conditional headers
 * never reach the card's own read of the answer. Over the Node host a kept
 * card is written with its length, as a cached API answer is.
 */
import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxyConfig } from '../../proxy/config.js';
import { createProxyHandler } from '../../proxy/handler.js';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.js';
import { serveFetchHandler } from '../../server/serve-fetch-handler.js';
import { fakeClock, type TestProxy, testProxy } from './helpers.js';

const CARD = '/cards/aivis-visibility-score?project=1001';
const API = '/api/v1/projects/1001?include=profile,ai_visibility';
const TTL_SECONDS = 60;

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: false });
});
afterAll(async () => {
  await sandbox?.close();
});

/** A proxy in front of the sandbox whose answers can be renamed, counting the cards it renders. */
function countingProxy(): {
  proxy: TestProxy;
  renders: () => number;
  rename: (from: string, to: string) => void;
  clock: ReturnType<typeof fakeClock>;
} {
  let count = 0;
  let renamed: [string, string] | undefined;
  const clock = fakeClock(Date.now());
  const proxy = testProxy(
    { baseUrl: sandbox.baseUrl, cacheTtlSeconds: TTL_SECONDS },
    {
      now: clock.now,
      sleep: clock.sleep,
      cardRendered: () => {
        count += 1;
      },
      fetch: async (input, init) => {
        if (!renamed) return fetch(input, init);
        // The renamed answer is new: the sandbox must not answer 304 to the old validator.
        const headers = new Headers(init.headers);
        headers.delete('If-None-Match');
        const answer = await fetch(input, { ...init, headers });
        const body = (await answer.text()).replaceAll(renamed[0], renamed[1]);
        const kept = new Headers(answer.headers);
        for (const name of ['Content-Length', 'Content-Encoding', 'ETag']) kept.delete(name);
        return new Response(body, { status: answer.status, headers: kept });
      },
    },
  );
  return {
    proxy,
    renders: () => count,
    rename: (from, to) => {
      renamed = [from, to];
    },
    clock,
  };
}

describe('kept cards', () => {
  it('a second identical card request renders nothing; a new answer renders it again', async () => {
    const { proxy, renders, rename, clock } = countingProxy();
    const first = await proxy.get(CARD);
    expect(first.status).toBe(200);
    expect(renders()).toBe(1);
    const second = await proxy.get(CARD);
    expect(second.status).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['x-aivis-cache']).toBe('HIT');
    expect(renders()).toBe(1);

    // Another form of the same answer is another card.
    await proxy.get(CARD.replace('?', '.svg?'));
    expect(renders()).toBe(2);
    await proxy.get(CARD.replace('?', '.svg?'));
    expect(renders()).toBe(2);

    // The answer changes upstream and the cached one expires: the card shows the new one.
    const brand = JSON.parse((await proxy.get(API)).body).profile.brand_name as string;
    expect(first.body).toContain(brand);
    rename(brand, 'Renamed Brand');
    clock.advance((TTL_SECONDS + 1) * 1000);
    // Served stale while the proxy refreshes it behind the answer: still the kept card.
    const stale = await proxy.get(CARD);
    expect(stale.headers['x-aivis-cache']).toBe('STALE');
    expect(stale.body).toBe(first.body);
    expect(renders()).toBe(2);
    await proxy.settled();
    const renewed = await proxy.get(CARD);
    expect(renders()).toBe(3);
    expect(renewed.body).toContain('Renamed Brand');
    expect(renewed.body).not.toContain(brand);
    expect(renewed.headers.etag).not.toBe(first.headers.etag);
  });

  it('answers a matching revalidation 304 without rendering', async () => {
    const { proxy, renders } = countingProxy();
    const first = await proxy.get(CARD);
    const again = await proxy.get(CARD, { headers: { 'If-None-Match': first.headers.etag! } });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(renders()).toBe(1);

    // A fresh proxy asked conditionally first renders nothing either: the validator suffices.
    const other = countingProxy();
    const conditional = await other.proxy.get(CARD, {
      headers: { 'If-None-Match': first.headers.etag! },
    });
    expect(conditional.status).toBe(304);
    expect(other.renders()).toBe(0);
  });

  it('a viewer sending the API answer’s own validator cannot empty the card others are served', async () => {
    const { proxy } = countingProxy();
    const apiEtag = (await proxy.get(API)).headers.etag!;
    const attacked = await proxy.get(CARD, { headers: { 'If-None-Match': apiEtag } });
    expect(attacked.status).toBe(200);
    const brand = JSON.parse((await proxy.get(API)).body).profile.brand_name as string;
    expect(attacked.body).toContain(brand);
    const next = await proxy.get(CARD);
    expect(next.body).toBe(attacked.body);
    expect(next.body).toContain(brand);
  });
});

describe('the kept dashboard', () => {
  it('renders once per set of answers: a second embed, and a revalidation, render nothing', async () => {
    const { proxy, renders } = countingProxy();
    const path = '/embed/aivis-dashboard?project=1001';
    const first = await proxy.get(path);
    expect(first.status).toBe(200);
    expect(renders()).toBe(1);
    const second = await proxy.get(path);
    expect(second.body).toBe(first.body);
    expect(renders()).toBe(1);
    const again = await proxy.get(path, { headers: { 'If-None-Match': first.headers.etag! } });
    expect(again.status).toBe(304);
    expect(renders()).toBe(1);
    // The fragment is another form of the same answers: rendered once too.
    await proxy.get(path.replace('/embed/', '/cards/'));
    await proxy.get(path.replace('/embed/', '/cards/'));
    expect(renders()).toBe(2);
  });
});

describe('a kept card over the Node host', () => {
  it('is written with its length, as a cached API answer is, not in chunks', async () => {
    const served = await serveFetchHandler(
      createProxyHandler(proxyConfig({ baseUrl: sandbox.baseUrl, token: 'aivis_test_entry' })),
    );
    try {
      const headersOf = (path: string, encoding?: string) =>
        new Promise<{ headers: Record<string, unknown>; length: number }>((resolve, reject) => {
          get(
            `${served.url}${path}`,
            { headers: encoding ? { 'accept-encoding': encoding } : {} },
            (response) => {
              let length = 0;
              response.on('data', (chunk: Buffer) => {
                length += chunk.length;
              });
              response.on('end', () => resolve({ headers: response.headers, length }));
            },
          ).on('error', reject);
        });
      await headersOf(CARD); // rendered and kept
      for (const encoding of [undefined, 'gzip']) {
        const { headers, length } = await headersOf(CARD, encoding);
        expect(headers['transfer-encoding']).toBeUndefined();
        expect(headers['content-length']).toBe(String(length));
      }
    } finally {
      await served.close();
    }
  });
});
