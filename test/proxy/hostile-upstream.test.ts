/**
 * An upstream that attacks the proxy's viewers through its answers: a
 * Content-Type that makes a browser run the body, the token echoed in an
 * encoded form, absurd rate headers. The proxy's answers stay JSON (or the
 * YAML document), unsniffable, token-free, and the proxy stays responsive.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServedHandler, serveFetchHandler } from '../../server/serve-fetch-handler.js';
import { echoForms } from '../shared/token-echoes.js';
import { ENTRY_TOKEN, LeakWatch, testProxy } from './helpers.js';

let hostile: ServedHandler;
const watch = new LeakWatch();
const SCRIPT = '<script>alert(document.domain)</script>';
const ECHOES = echoForms(ENTRY_TOKEN);

beforeAll(async () => {
  hostile = await serveFetchHandler(async (request) => {
    const { pathname, searchParams } = new URL(request.url);
    const token = (request.headers.get('Authorization') ?? '').replace(/^Bearer /, '');
    if (pathname === '/openapi/v1.yaml') {
      return new Response(`openapi: 3.1.0\ninfo: {title: "${SCRIPT}"}\n`, {
        headers: { 'Content-Type': 'text/html' },
      });
    }
    if (pathname.endsWith('/citations')) {
      // Valid JSON that a browser renders as a page when told it is HTML.
      return new Response(JSON.stringify({ citations: [{ url: SCRIPT }] }), {
        headers: { 'Content-Type': 'text/html; charset=utf-8' },
      });
    }
    if (pathname.endsWith('/answers')) {
      const form = Number(searchParams.get('offset') ?? 0);
      const echo = ECHOES[form]?.[1] ?? token;
      const body = `{"answers":[{"text":"seen ${echo.replace(/"/g, '\\"')} here"}],"note":"${echo}"}`;
      return new Response(body, {
        headers: { 'Content-Type': 'application/json', 'X-Echo': echo },
      });
    }
    if (pathname.endsWith('/ai-traffic')) {
      return Response.json(
        { error: { code: 'validation_failed', status: 422, message: `bad ${ECHOES[4]?.[1]}` } },
        { status: 422 },
      );
    }
    return Response.json(
      { projects: [] },
      { headers: { 'X-RateLimit-Limit': '1000000000', 'X-RateLimit-Remaining': '0' } },
    );
  });
});
afterAll(async () => {
  await hostile?.close();
});

describe('content type', () => {
  it('answers API paths as application/json, unsniffable and unframeable, whatever upstream says', async () => {
    const proxy = testProxy({ baseUrl: hostile.url }, {}, watch);
    for (const attempt of ['MISS', 'HIT']) {
      const answer = await proxy.get('/api/v1/projects/1001/citations');
      expect(answer.status).toBe(200);
      expect(answer.headers['x-aivis-cache']).toBe(attempt);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
    }
  });

  it('answers the OpenAPI document as YAML', async () => {
    const proxy = testProxy({ baseUrl: hostile.url }, {}, watch);
    const answer = await proxy.get('/openapi/v1.yaml');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/yaml; charset=utf-8');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends nosniff and the CSP on local answers too', async () => {
    const proxy = testProxy({ baseUrl: hostile.url }, {}, watch);
    for (const [path, init] of [
      ['/nowhere', {}],
      ['/api/v1/projects/1001/answers?limit=0', {}],
      ['/api/v1/projects', { method: 'DELETE' }],
      ['/api/v1/projects', { method: 'OPTIONS' }],
    ] as const) {
      const answer = await proxy.get(path, init);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
    }
  });
});

describe('encoded token echoes', () => {
  it.each(ECHOES.map(([form], index) => [form, index] as const))(
    'removes a %s echo from the body and the headers',
    async (_form, index) => {
      const proxy = testProxy({ baseUrl: hostile.url }, {}, watch);
      const answer = await proxy.get(`/api/v1/projects/1001/answers?offset=${index}`);
      expect(answer.status).toBe(200);
      const echo = ECHOES[index]![1];
      expect(answer.body).not.toContain(echo);
      expect(answer.body.toLowerCase()).not.toContain(ENTRY_TOKEN);
      expect(answer.body).toContain('[redacted]');
      expect(() => JSON.parse(answer.body)).not.toThrow();
      expect(Object.values(answer.headers).join('\n')).not.toContain(echo);
    },
  );

  it('removes an encoded echo from a passed-on error', async () => {
    const proxy = testProxy({ baseUrl: hostile.url }, {}, watch);
    const answer = await proxy.get('/api/v1/projects/1001/ai-traffic');
    expect(answer.status).toBe(422);
    expect(answer.body).not.toContain(ECHOES[4]![1]);
  });
});

describe('absurd rate headers', () => {
  it('clamps X-RateLimit-Limit: 1000000000 and keeps answering', async () => {
    const proxy = testProxy({ baseUrl: hostile.url, maxQueueWaitMs: 0 }, {}, watch);
    const first = await proxy.get('/api/v1/projects');
    expect(first.status).toBe(200);
    expect(Number(first.headers['x-ratelimit-limit'])).toBeLessThanOrEqual(100_000);
    // Remaining 0: the budget is spent, the cache still answers.
    const cached = await proxy.get('/api/v1/projects');
    expect(cached.headers['x-aivis-cache']).toBe('HIT');
    const refused = await proxy.get('/api/v1/projects/1001/citations?limit=5');
    expect(refused.status).toBe(429);
  });
});

describe('after all of the above', () => {
  it('never showed the token in any form', () => {
    expect(watch.seen.length).toBeGreaterThan(ECHOES.length);
    for (const seen of watch.seen) {
      const text = `${seen.body}\n${Object.values(seen.headers).join('\n')}`;
      for (const [, echo] of ECHOES) expect(text).not.toContain(echo);
    }
  });
});
