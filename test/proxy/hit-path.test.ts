/**
 * The hit path answers from headers built once per entry and second: what
 * varies per viewer (Origin, If-None-Match, HEAD) and over time (Age, the
 * budget) must still be right on every answer. And the log level.
 */
import { describe, expect, it } from 'vitest';
import type { ProxyLogEntry } from '../../proxy/log.js';
import { batchedStdoutLog } from '../../proxy/stdout-log.js';
import { preparedBody, preparedHeaders } from '../../server/prepared-body.js';
import { serveFetchHandler } from '../../server/serve-fetch-handler.js';
import { fakeClock, INTRANET, testProxy } from './helpers.js';

const BODY = JSON.stringify({ projects: [{ id: 1001, name: 'Acme' }] });

function upstream() {
  const calls: string[] = [];
  const fetch = async (input: string) => {
    calls.push(input);
    return new Response(BODY, {
      headers: {
        'Content-Type': 'application/json',
        'X-RateLimit-Limit': '60',
        'X-RateLimit-Remaining': String(60 - calls.length),
      },
    });
  };
  return { calls, fetch };
}

describe('cached answers', () => {
  it('give each viewer its own CORS grant, 304 or 200, and HEAD without a body', async () => {
    const clock = fakeClock();
    const { calls, fetch } = upstream();
    const proxy = testProxy({ baseUrl: 'https://upstream.example' }, { fetch, now: clock.now });
    await proxy.get('/api/v1/projects');
    const granted = await proxy.get('/api/v1/projects', { headers: { Origin: INTRANET } });
    const other = await proxy.get('/api/v1/projects', {
      headers: { Origin: 'https://evil.example.com' },
    });
    const plain = await proxy.get('/api/v1/projects');
    for (const answer of [granted, other, plain]) {
      expect(answer.headers['x-aivis-cache']).toBe('HIT');
      expect(answer.body).toBe(BODY);
      expect(answer.headers.vary).toBe('Origin');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['content-length']).toBe(String(BODY.length));
    }
    expect(granted.headers['access-control-allow-origin']).toBe(INTRANET);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(plain.headers['access-control-allow-origin']).toBeUndefined();

    const etag = plain.headers.etag!;
    const notModified = await proxy.get('/api/v1/projects', {
      headers: { 'If-None-Match': etag, Origin: INTRANET },
    });
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers['content-type']).toBeUndefined();
    expect(notModified.headers['access-control-allow-origin']).toBe(INTRANET);
    const head = await proxy.get('/api/v1/projects', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    const again = await proxy.get('/api/v1/projects');
    expect(again.status).toBe(200);
    expect(again.body).toBe(BODY);
    expect(calls).toHaveLength(1);
  });

  it('show the age and budget of the moment, not of when the headers were first built', async () => {
    const clock = fakeClock();
    const { fetch } = upstream();
    const proxy = testProxy(
      { baseUrl: 'https://upstream.example', cacheTtlSeconds: 60 },
      { fetch, now: clock.now },
    );
    await proxy.get('/api/v1/projects');
    const first = await proxy.get('/api/v1/projects');
    expect(first.headers.age).toBe('0');
    expect(first.headers['cache-control']).toContain('max-age=60,');
    const remaining = Number(first.headers['x-ratelimit-remaining']);
    clock.advance(12_500);
    const later = await proxy.get('/api/v1/projects');
    expect(later.headers.age).toBe('12');
    expect(later.headers['cache-control']).toContain('max-age=47,');
    // Another key spends budget: the hit's budget headers follow.
    await proxy.get('/api/v1/projects/1001');
    const after = await proxy.get('/api/v1/projects');
    expect(Number(after.headers['x-ratelimit-remaining'])).toBeLessThan(remaining);
  });
});

describe('cached answers on a host that writes prepared bytes (the Node host)', () => {
  it('share the entry bytes and one header record per entry and second, built no more per hit', async () => {
    const clock = fakeClock();
    const { fetch } = upstream();
    const proxy = testProxy({ baseUrl: 'https://upstream.example' }, { fetch, now: clock.now });
    await proxy.get('/api/v1/projects');
    const hit = () =>
      proxy.handler(
        new Request('http://localhost/api/v1/projects', { headers: { Origin: INTRANET } }),
        { preparedBodies: true },
      );
    const [a, b] = [await hit(), await hit()];
    expect(preparedBody(a)).toBeDefined();
    expect(preparedBody(a)).toBe(preparedBody(b));
    expect(preparedHeaders(a)).toBe(preparedHeaders(b));
    expect(preparedHeaders(a)!['X-Aivis-Cache']).toBe('HIT');
    // Read like any Response by whoever is not the host: headers and a copy of the bytes.
    expect(a.headers.get('access-control-allow-origin')).toBe(INTRANET);
    expect(await a.text()).toBe(BODY);
    // A runtime that did not say so gets a plain Response (Workers, Bun).
    const plain = await proxy.handler(new Request('http://localhost/api/v1/projects'));
    expect(preparedBody(plain)).toBeUndefined();
    expect(await plain.text()).toBe(BODY);
  });

  it('answer over HTTP with the same bytes, CORS, ETag/304 and HEAD as any other host', async () => {
    const { calls, fetch } = upstream();
    const proxy = testProxy({ baseUrl: 'https://upstream.example' }, { fetch });
    const served = await serveFetchHandler(proxy.handler);
    try {
      const url = `${served.url}/api/v1/projects`;
      const ask = (init?: RequestInit) => globalThis.fetch(url, init);
      expect((await ask()).headers.get('x-aivis-cache')).toBe('MISS');
      const hit = await ask({ headers: { Origin: INTRANET } });
      expect(hit.headers.get('x-aivis-cache')).toBe('HIT');
      expect(await hit.text()).toBe(BODY);
      expect(hit.headers.get('content-length')).toBe(String(BODY.length));
      expect(hit.headers.get('access-control-allow-origin')).toBe(INTRANET);
      expect(hit.headers.get('x-ratelimit-limit')).toBe('60');
      const other = await ask({ headers: { Origin: 'https://evil.example.com' } });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
      await other.body?.cancel();
      const kept = await ask({ headers: { 'If-None-Match': hit.headers.get('etag')! } });
      expect(kept.status).toBe(304);
      expect(await kept.text()).toBe('');
      const head = await ask({ method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(String(BODY.length));
      expect(await head.text()).toBe('');
      expect(calls).toHaveLength(1);
    } finally {
      await served.close();
    }
  });
});

describe('LOG_LEVEL', () => {
  /** The log lines of a miss, a hit and a 404 (testProxy's sink keeps them). */
  async function logged(logLevel: 'info' | 'warn' | 'off') {
    const { fetch } = upstream();
    const proxy = testProxy({ baseUrl: 'https://upstream.example', logLevel }, { fetch });
    await proxy.get('/api/v1/projects');
    await proxy.get('/api/v1/projects');
    await proxy.get('/api/v1/nothing');
    return proxy.watch.logLines;
  }

  it('info logs every answer, warn only failures and stale copies, off nothing', async () => {
    expect(await logged('info')).toHaveLength(3);
    const warn = await logged('warn');
    expect(warn).toHaveLength(1);
    expect(warn[0]).toContain(' 404 ');
    expect(await logged('off')).toEqual([]);
  });
});

describe('the Node entry log sink', () => {
  it('writes the lines of one event-loop turn at once, in order', async () => {
    const writes: string[] = [];
    const log = batchedStdoutLog((text) => writes.push(text));
    const entry = (status: number): ProxyLogEntry => ({
      method: 'GET',
      path: '/api/v1/projects',
      status,
      cache: 'HIT',
      ms: 1,
    });
    log(entry(200));
    log(entry(304));
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(1);
    expect(
      writes[0]!
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split(' ')[3]),
    ).toEqual(['200', '304']);
  });
});
