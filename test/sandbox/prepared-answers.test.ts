/**
 * The sandbox encodes an answer once per (account, endpoint, normalized query)
 * and hands it out as bytes (server/prepared-body.ts): what varies per request
 * (rate headers) must still vary, equal queries must share one answer, and
 * readers of the Response must not be able to alter what the next one gets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxHandler } from '../../sandbox/app.js';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.js';
import { BytesResponse, preparedBody } from '../../server/prepared-body.js';
import { ENTRY } from './helpers.js';

const BASE = 'http://127.0.0.1:8787/api/v1/projects/1001';
const get = (handle: ReturnType<typeof createSandboxHandler>, path: string, method = 'GET') =>
  handle(new Request(`${BASE}${path}`, { method, headers: { authorization: `Bearer ${ENTRY}` } }));

describe('prepared answers', () => {
  it('serves equal queries the same bytes with per-request rate headers', async () => {
    let now = 0;
    const handle = createSandboxHandler({ clock: () => now });
    const first = await get(handle, '/answers?limit=100');
    // The same query written differently: defaults spelled out, another order, an unknown parameter.
    const second = await get(handle, '/answers?offset=0&colour=blue&limit=100&period=last_30_days');
    expect(await second.text()).toBe(await first.text());
    expect(first.headers.get('x-ratelimit-remaining')).toBe('59');
    expect(second.headers.get('x-ratelimit-remaining')).toBe('58');
    now += 61_000;
    const third = await get(handle, '/answers?limit=100');
    expect(third.headers.get('x-ratelimit-remaining')).toBe('59');
    const other = await get(handle, '/answers?limit=99');
    expect(((await other.json()) as { answers: unknown[] }).answers).toHaveLength(99);
  });

  it('gives every reader its own copy of the body', async () => {
    const handle = createSandboxHandler({ rateLimit: false });
    const first = await get(handle, '/competitors');
    const copy = new Uint8Array(await first.arrayBuffer());
    copy.fill(0x20);
    await expect(first.text()).rejects.toThrow(TypeError);
    const second = await get(handle, '/competitors');
    const clone = second.clone();
    const streamed = await new Response(second.body).text();
    expect(JSON.parse(streamed)).toHaveProperty('competitors');
    expect(await clone.text()).toBe(streamed);
    expect(second.bodyUsed).toBe(true);
  });

  it('answers HEAD with headers only', async () => {
    const handle = createSandboxHandler({ rateLimit: false });
    const head = await get(handle, '/answers', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
    expect(head).toBeInstanceOf(BytesResponse);
    expect(preparedBody(head)).toBeUndefined();
  });
});

describe('prepared answers over HTTP', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ rateLimit: false });
  });
  afterAll(() => sandbox.close());

  it('sends the bytes whole, with their length, and nothing for HEAD', async () => {
    const url = `${sandbox.baseUrl}/api/v1/projects/1001/answers?limit=100`;
    const headers = { authorization: `Bearer ${ENTRY}` };
    const answer = await fetch(url, { headers });
    const bytes = new Uint8Array(await answer.arrayBuffer());
    expect(Number(answer.headers.get('content-length'))).toBe(bytes.length);
    expect(
      (JSON.parse(new TextDecoder().decode(bytes)) as { answers: unknown[] }).answers,
    ).toHaveLength(100);
    const head = await fetch(url, { method: 'HEAD', headers });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});

describe('prepared answers by request target', () => {
  it('serves a repeated target as before, and still refuses what was refused', async () => {
    const handle = createSandboxHandler({ rateLimit: false });
    for (let round = 0; round < 2; round++) {
      expect((await get(handle, '/answers?limit=3')).status).toBe(200);
      expect((await get(handle, '/answers?limit=500')).status).toBe(422);
      expect((await get(handle, '/answers?prompt_id=999999')).status).toBe(422);
      // Account B does not own 1001, whatever account A asked before.
      const other = await handle(
        new Request(`${BASE}/answers?limit=3`, {
          headers: { authorization: 'Bearer aivis_test_pro' },
        }),
      );
      expect(other.status).toBe(404);
    }
  });
});
