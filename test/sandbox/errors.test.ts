import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createSandboxHandler } from '../../sandbox/app.js';
import { PLANS_URL } from '../../sandbox/data/world.js';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.js';
import { errorEnvelopeSchema } from '../../shared/schemas/common.js';
import { api, ENTRY, PRO } from './helpers.js';

/** The slow token's delay here: long enough to measure, short of a real wait. */
const SLOW_MS = 150;

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: false, slowDelayMs: SLOW_MS });
});
afterAll(() => sandbox.close());

function expectEnvelope(body: unknown, status: number, code: string) {
  expect(z.safeParse(errorEnvelopeSchema, body).success).toBe(true);
  const error = (body as { error: Record<string, unknown> }).error;
  expect(error.status).toBe(status);
  expect(error.code).toBe(code);
  expect(String(error.message).length).toBeGreaterThan(20);
  expect(JSON.stringify(body)).not.toMatch(/aivis_test_/);
}

describe('scenario tokens', () => {
  const cases = [
    ['aivis_test_expired', 401, 'unauthenticated'],
    ['aivis_test_revoked', 401, 'unauthenticated'],
    ['aivis_test_unknown_token', 401, 'unauthenticated'],
    ['aivis_test_no_scope', 403, 'insufficient_scope'],
    ['aivis_test_free', 403, 'paid_plan_required'],
    ['aivis_test_server_error', 500, 'server_error'],
  ] as const;
  for (const [token, status, code] of cases) {
    it(`${token} answers ${status} ${code} on every endpoint`, async () => {
      for (const path of [
        '/api/v1/projects',
        '/api/v1/projects/1001/answers',
        '/api/v1/projects/1001/action-plan',
      ]) {
        const answer = await api(sandbox.baseUrl, path, token);
        expect(answer.status).toBe(status);
        expectEnvelope(answer.body, status, code);
        expect(answer.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
      }
    });
  }

  it('unauthenticated messages say how to get a token', async () => {
    const answer = await api(sandbox.baseUrl, '/api/v1/projects', 'aivis_test_expired');
    expect(answer.body.error.message).toMatch(/token page/);
  });

  it('paid_plan_required carries plans_url and no other error carries it', async () => {
    const free = await api(sandbox.baseUrl, '/api/v1/projects', 'aivis_test_free');
    expect(free.body.error.plans_url).toBe(PLANS_URL);
    const scope = await api(sandbox.baseUrl, '/api/v1/projects', 'aivis_test_no_scope');
    expect(scope.body.error.plans_url).toBeUndefined();
  });

  it('aivis_test_rate_limited answers 429 with Retry-After equal to retry_after', async () => {
    const answer = await api(sandbox.baseUrl, '/api/v1/projects/1001', 'aivis_test_rate_limited');
    expect(answer.status).toBe(429);
    expectEnvelope(answer.body, 429, 'rate_limited');
    expect(answer.headers.get('retry-after')).toBe('1');
    expect(answer.body.error.retry_after).toBe(1);
    expect(answer.headers.get('x-ratelimit-remaining')).toBe('0');
  });

  it("aivis_test_slow answers account A's data after the delay", async () => {
    const started = Date.now();
    const answer = await api(sandbox.baseUrl, '/api/v1/projects', 'aivis_test_slow');
    expect(answer.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(SLOW_MS - 10);
    expect(answer.body.projects.map((project: { id: number }) => project.id)).toEqual([
      1001, 1002, 1003,
    ]);
  });

  it('aivis_test_slow stops waiting as soon as the request is aborted', async () => {
    // A 60 s delay: if the abort did not end the wait, this test would time out.
    const handle = createSandboxHandler({ rateLimit: false, slowDelayMs: 60_000 });
    const controller = new AbortController();
    const pending = handle(
      new Request('http://127.0.0.1/api/v1/projects', {
        headers: { authorization: 'Bearer aivis_test_slow' },
        signal: controller.signal,
      }),
    );
    setTimeout(() => controller.abort(), 20);
    const response = await pending;
    expect(response.status).toBe(500);
  });
});

describe('authentication is bearer only (data-api 5 rule 1)', () => {
  it('a token in the query string never authenticates, and never reaches the log', async () => {
    for (const name of ['token', 'access_token']) {
      const answer = await api(sandbox.baseUrl, `/api/v1/projects?${name}=${ENTRY}`, null);
      expect(answer.status).toBe(401);
      expectEnvelope(answer.body, 401, 'unauthenticated');
      expect(answer.body.error.message).toMatch(/Authorization: Bearer/);
    }
    expect(JSON.stringify(sandbox.requestLog)).not.toContain(ENTRY);
    expect(sandbox.requestLog.some((entry) => entry.query.includes('redacted'))).toBe(true);
  });

  it('a missing header or another scheme is 401', async () => {
    expect((await api(sandbox.baseUrl, '/api/v1/projects', null)).status).toBe(401);
    const basic = await api(sandbox.baseUrl, '/api/v1/projects', null, {
      headers: { authorization: `Basic ${ENTRY}` },
    });
    expect(basic.status).toBe(401);
  });

  it('the request log records account and status without the token', async () => {
    await api(sandbox.baseUrl, '/api/v1/projects/1001/answers?limit=3', ENTRY);
    const entry = sandbox.requestLog
      .filter((item) => item.path === '/api/v1/projects/1001/answers')
      .at(-1);
    expect(entry).toEqual({
      method: 'GET',
      path: '/api/v1/projects/1001/answers',
      query: 'limit=3',
      account: 'A',
      status: 200,
    });
  });
});

describe('projects and routes', () => {
  it("another account's project is 404 not_found, both ways", async () => {
    const fromA = await api(sandbox.baseUrl, '/api/v1/projects/2001/answers', ENTRY);
    expect(fromA.status).toBe(404);
    expectEnvelope(fromA.body, 404, 'not_found');
    const fromB = await api(sandbox.baseUrl, '/api/v1/projects/1001', PRO);
    expect(fromB.status).toBe(404);
  });

  it('unknown projects and paths under /api/v1 are 404', async () => {
    for (const path of [
      '/api/v1/projects/9999',
      '/api/v1/projects/abc/answers',
      '/api/v1/nope',
      '/api/v1/projects/1001/nope',
    ]) {
      const answer = await api(sandbox.baseUrl, path);
      expect(answer.status, path).toBe(404);
      expectEnvelope(answer.body, 404, 'not_found');
    }
  });

  it('auth is checked before the route', async () => {
    expect((await api(sandbox.baseUrl, '/api/v1/nope', null)).status).toBe(401);
  });
});

describe('parameters (data-api 7: 422 validation_failed with errors per parameter)', () => {
  it('names each bad parameter and what is allowed', async () => {
    const answer = await api(
      sandbox.baseUrl,
      '/api/v1/projects/1001/answers?period=yesterday&limit=500&platform=bard&since=2026-13-01',
    );
    expect(answer.status).toBe(422);
    expectEnvelope(answer.body, 422, 'validation_failed');
    const errors = answer.body.error.errors;
    expect(Object.keys(errors).sort()).toEqual(['limit', 'period', 'platform', 'since']);
    expect(errors.period[0]).toContain('last_30_days');
    expect(errors.limit[0]).toContain('1 to 100');
    expect(errors.platform[0]).toContain('chatgpt');
  });

  it('cross-parameter rules of the endpoint table give 422 too', async () => {
    const detail = await api(sandbox.baseUrl, '/api/v1/projects/1001/competitors?dataset=detail');
    expect(detail.status).toBe(422);
    expect(detail.body.error.errors.competitor[0]).toMatch(/required/);
    const bing = await api(
      sandbox.baseUrl,
      '/api/v1/projects/1001/search-performance?source=bing&dataset=ai_question_queries',
    );
    expect(bing.body.error.errors.dataset[0]).toMatch(/google only/);
  });

  it('a prompt_id of another project is 422 under prompt_id (data-api 4.3 rule 1), for answers and citations', async () => {
    const summary = await api(sandbox.baseUrl, '/api/v1/projects/1002?include=questions');
    const otherQuestion = summary.body.questions.primary.id;
    for (const endpoint of ['answers', 'citations']) {
      const answer = await api(
        sandbox.baseUrl,
        `/api/v1/projects/1001/${endpoint}?prompt_id=${otherQuestion}`,
      );
      expect(answer.status).toBe(422);
      expect(Object.keys(answer.body.error.errors)).toEqual(['prompt_id']);
      expect(answer.body.error.errors.prompt_id[0]).toContain('1001');
    }
  });

  it('unknown parameters are ignored, like most HTTP APIs', async () => {
    expect((await api(sandbox.baseUrl, '/api/v1/projects/1001/answers?colour=blue')).status).toBe(
      200,
    );
  });

  it('parameters are checked after the project', async () => {
    expect((await api(sandbox.baseUrl, '/api/v1/projects/9999/answers?period=bad')).status).toBe(
      404,
    );
  });
});

describe('methods and CORS', () => {
  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
    it(`${method} is 405 with Allow, never a 2xx`, async () => {
      const answer = await api(sandbox.baseUrl, '/api/v1/projects/1001', ENTRY, {
        method,
        body: method === 'DELETE' ? null : '{}',
      });
      expect(answer.status).toBe(405);
      expectEnvelope(answer.body, 405, 'method_not_allowed');
      expect(answer.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    });
  }

  it('OPTIONS is a CORS preflight allowing GET and the Authorization header', async () => {
    const response = await fetch(`${sandbox.baseUrl}/api/v1/projects/1001/answers`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://sheet.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('GET');
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
      'authorization',
    );
  });

  it('every answer exposes the rate headers and Retry-After to browsers', async () => {
    for (const token of [ENTRY, null]) {
      const answer = await api(sandbox.baseUrl, '/api/v1/projects', token);
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      const exposed = answer.headers.get('access-control-expose-headers') ?? '';
      for (const header of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'Retry-After'])
        expect(exposed).toContain(header);
    }
  });

  it('HEAD answers the GET status and headers without a body', async () => {
    const response = await fetch(`${sandbox.baseUrl}/api/v1/projects`, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${ENTRY}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.text()).toBe('');
  });
});

describe('the OpenAPI description', () => {
  it('is served as YAML without a token, with this sandbox as its server', async () => {
    const response = await fetch(`${sandbox.baseUrl}/openapi/v1.yaml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/yaml');
    const text = await response.text();
    expect(text).toMatch(/^openapi: 3\.1/);
    expect(text).toContain(`${sandbox.baseUrl}/api/v1`);
  });
});
