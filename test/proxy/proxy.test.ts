/**
 * The proxy in front of a real sandbox over HTTP: what it forwards, what it
 * answers itself, what it caches, and that the token never leaves it.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.js';
import { ENDPOINTS } from '../../shared/api/endpoints.js';
import {
  ENTRY_TOKEN,
  INTRANET,
  LeakWatch,
  PRO_TOKEN,
  type TestProxy,
  testProxy,
} from './helpers.js';

let sandbox: RunningSandbox;
let proxy: TestProxy;
const watch = new LeakWatch();
const ALL_TOKENS = [
  ENTRY_TOKEN,
  PRO_TOKEN,
  'aivis_test_expired',
  'aivis_test_server_error',
  'aivis_test_rate_limited',
  'aivis_test_free',
  'aivis_test_slow',
];

/** Upstream requests the sandbox saw for a path, optionally with this exact query. */
const upstreamCalls = (path: string, query?: string) =>
  sandbox.requestLog.filter(
    (entry) => entry.path === path && (query === undefined || entry.query === query),
  ).length;

beforeAll(async () => {
  // Budget off: these suites count upstream calls, they don't test pacing.
  sandbox = await startSandbox({ port: 0, rateLimit: false });
  proxy = testProxy({ baseUrl: sandbox.baseUrl }, {}, watch);
});
afterAll(async () => {
  await sandbox?.close();
});

describe('forwarding with the proxy token', () => {
  it("reads the proxy account's data whatever Authorization and cookies the client sends", async () => {
    const answer = await proxy.get('/api/v1/projects', {
      headers: { Authorization: `Bearer ${PRO_TOKEN}`, Cookie: 'session=abc' },
    });
    expect(answer.status).toBe(200);
    const ids = (JSON.parse(answer.body) as { projects: Array<{ id: number }> }).projects.map(
      (project) => project.id,
    );
    // aivis_test_pro would read project 2001 of account B.
    expect(ids).toEqual([1001, 1002, 1003]);
    expect(sandbox.requestLog.at(-1)).toMatchObject({ path: '/api/v1/projects', account: 'A' });
  });

  it('sends upstream only the token and Accept, never the client headers', async () => {
    const sent: Array<Record<string, string>> = [];
    const spy = testProxy(
      { baseUrl: sandbox.baseUrl },
      {
        fetch: (input, init) => {
          sent.push(Object.fromEntries(new Headers(init.headers)));
          return fetch(input, init);
        },
      },
      watch,
    );
    const answer = await spy.get('/api/v1/projects/1001/citations', {
      headers: {
        Authorization: `Bearer ${PRO_TOKEN}`,
        Cookie: 'session=abc',
        'X-Forwarded-For': '10.0.0.1',
        Origin: INTRANET,
      },
    });
    expect(answer.status).toBe(200);
    expect(sent).toEqual([{ authorization: `Bearer ${ENTRY_TOKEN}`, accept: 'application/json' }]);
  });

  it('forwards the OpenAPI description and caches it', async () => {
    const before = upstreamCalls('/openapi/v1.yaml');
    const first = await proxy.get('/openapi/v1.yaml');
    const second = await proxy.get('/openapi/v1.yaml');
    expect(first.status).toBe(200);
    expect(first.body).toContain('openapi: 3.1');
    expect(second.headers['x-aivis-cache']).toBe('HIT');
    expect(upstreamCalls('/openapi/v1.yaml') - before).toBe(1);
  });

  it('answers HEAD without a body', async () => {
    const answer = await proxy.get('/api/v1/projects/1002', { method: 'HEAD' });
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('');
    expect(answer.headers.etag).toMatch(/^"[\w-]{43}"$/);
  });
});

describe('one upstream call for many viewers', () => {
  it('coalesces 50 concurrent identical requests into one upstream call', async () => {
    const path = '/api/v1/projects/1001/answers';
    const before = upstreamCalls(path);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => proxy.get(`${path}?platform=chatgpt`)),
    );
    expect(upstreamCalls(path) - before).toBe(1);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    const states = answers.map((answer) => answer.headers['x-aivis-cache']);
    expect(states.filter((state) => state === 'MISS')).toHaveLength(1);
    expect(states.filter((state) => state === 'COALESCED')).toHaveLength(49);
  });

  it('treats reordered parameters and spelled-out defaults as one request', async () => {
    const path = '/api/v1/projects/1002/competitors';
    const before = upstreamCalls(path);
    const variants = [
      `${path}?include_highlights=true&period=last_30_days`,
      `${path}?period=last_30_days&include_highlights=1`,
      `${path}?include_highlights=true&dataset=ranking&limit=15&offset=0`,
      `${path}?highlights_per_platform=3&include_highlights=TRUE`,
    ];
    const answers = [];
    for (const variant of variants) answers.push(await proxy.get(variant));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(upstreamCalls(path) - before).toBe(1);
    // The one upstream request carried every default, in the endpoint table's order.
    const sent = sandbox.requestLog.filter((entry) => entry.path === path).at(-1);
    const expectedOrder = Object.keys(ENDPOINTS.competitors.params).filter((key) =>
      [
        'period',
        'dataset',
        'include_highlights',
        'highlights_per_platform',
        'limit',
        'offset',
      ].includes(key),
    );
    expect([...new URLSearchParams(sent?.query).keys()]).toEqual(expectedOrder);
    expect(answers.slice(1).map((answer) => answer.headers['x-aivis-cache'])).toEqual([
      'HIT',
      'HIT',
      'HIT',
    ]);
  });
});

describe('HTTP caching', () => {
  it('sends a strong ETag of the body and answers If-None-Match with 304', async () => {
    const first = await proxy.get('/api/v1/projects/1003/action-plan?audience=seo');
    expect(first.status).toBe(200);
    const digest = createHash('sha256').update(first.body).digest('base64url');
    expect(first.headers.etag).toBe(`"${digest}"`);
    expect(first.headers['cache-control']).toMatch(
      /^public, max-age=(\d+), stale-while-revalidate=\d+, stale-if-error=\d+$/,
    );
    const maxAge = Number(/max-age=(\d+)/.exec(first.headers['cache-control'] ?? '')?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(proxy.config.cacheTtlSeconds);

    const calls = upstreamCalls('/api/v1/projects/1003/action-plan');
    for (const ifNoneMatch of [
      first.headers.etag!,
      `W/${first.headers.etag}`,
      `"other", ${first.headers.etag}`,
      '*',
    ]) {
      const revalidated = await proxy.get('/api/v1/projects/1003/action-plan?audience=seo', {
        headers: { 'If-None-Match': ifNoneMatch, Origin: INTRANET },
      });
      expect(revalidated.status).toBe(304);
      expect(revalidated.body).toBe('');
      expect(revalidated.headers.etag).toBe(first.headers.etag);
      expect(revalidated.headers['access-control-allow-origin']).toBe(INTRANET);
    }
    const changed = await proxy.get('/api/v1/projects/1003/action-plan?audience=seo', {
      headers: { 'If-None-Match': '"something-else"' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toBe(first.body);
    expect(upstreamCalls('/api/v1/projects/1003/action-plan')).toBe(calls);
  });

  it('announces the upstream budget it keeps to', async () => {
    const answer = await proxy.get('/api/v1/projects/1001/ai-traffic');
    expect(answer.headers['x-ratelimit-limit']).toBe('60');
    expect(Number(answer.headers['x-ratelimit-remaining'])).toBeLessThan(60);
  });
});

describe('answers the proxy gives without asking upstream', () => {
  const cases: Array<[string, string, RequestInit, number, string]> = [
    ['unknown endpoint', '/api/v1/accounts', {}, 404, 'not_found'],
    ['path outside the API', '/admin', {}, 404, 'not_found'],
    ['non-numeric project', '/api/v1/projects/abc/answers', {}, 404, 'not_found'],
    [
      'bad parameter value',
      '/api/v1/projects/1001/competitors?period=yesterday',
      {},
      422,
      'validation_failed',
    ],
    [
      'unknown parameter',
      '/api/v1/projects/1001/competitors?colour=red',
      {},
      422,
      'validation_failed',
    ],
    [
      'repeated parameter',
      '/api/v1/projects/1001/competitors?limit=5&limit=6',
      {},
      422,
      'validation_failed',
    ],
    ['project in the query', '/api/v1/projects/1001?project=2001', {}, 422, 'validation_failed'],
    ['POST', '/api/v1/projects', { method: 'POST', body: '{}' }, 405, 'method_not_allowed'],
    ['DELETE', '/api/v1/projects/1001', { method: 'DELETE' }, 405, 'method_not_allowed'],
    ['PUT', '/api/v1/projects/1001', { method: 'PUT', body: 'x' }, 405, 'method_not_allowed'],
  ];
  it.each(cases)('%s: %s', async (_what, path, init, status, code) => {
    const before = sandbox.requestLog.length;
    const answer = await proxy.get(path, init);
    expect(answer.status).toBe(status);
    const body = JSON.parse(answer.body) as {
      error: { code: string; status: number; message: string };
    };
    expect(body.error.code).toBe(code);
    expect(body.error.status).toBe(status);
    expect(body.error.message.length).toBeGreaterThan(10);
    if (status === 405) expect(answer.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(sandbox.requestLog.length).toBe(before);
  });

  it('lists the offending parameters in a 422', async () => {
    const answer = await proxy.get('/api/v1/projects/1001/answers?limit=1000&platform=bard');
    const body = JSON.parse(answer.body) as { error: { errors: Record<string, string[]> } };
    expect(Object.keys(body.error.errors).sort()).toEqual(['limit', 'platform']);
  });

  it('hides projects outside ALLOWED_PROJECTS exactly like missing ones', async () => {
    const limited = testProxy({ baseUrl: sandbox.baseUrl, allowedProjects: [1001] }, {}, watch);
    const before = sandbox.requestLog.length;
    const outside = await limited.get('/api/v1/projects/1002/answers');
    const missing = await limited.get('/api/v1/projects/9999');
    expect(outside.status).toBe(404);
    expect(JSON.parse(outside.body).error.code).toBe('not_found');
    expect(missing.status).toBe(404);
    expect(sandbox.requestLog.length).toBe(before);
    const inside = await limited.get('/api/v1/projects/1001/answers');
    expect(inside.status).toBe(200);
    expect(sandbox.requestLog.length).toBe(before + 1);
  });

  it('lists only ALLOWED_PROJECTS in GET /projects, names of the others included', async () => {
    const limited = testProxy(
      { baseUrl: sandbox.baseUrl, allowedProjects: [1001, 1003] },
      {},
      watch,
    );
    const direct = await fetch(`${sandbox.baseUrl}/api/v1/projects`, {
      headers: { Authorization: `Bearer ${ENTRY_TOKEN}` },
    });
    const hidden = (
      (await direct.json()) as { projects: Array<{ id: number; brand_name: string }> }
    ).projects.find((project) => project.id === 1002);
    expect(hidden?.brand_name.length).toBeGreaterThan(0);
    for (const attempt of ['MISS', 'HIT']) {
      const answer = await limited.get('/api/v1/projects');
      expect(answer.status).toBe(200);
      expect(answer.headers['x-aivis-cache']).toBe(attempt);
      const body = JSON.parse(answer.body) as { projects: Array<{ id: number }>; total?: number };
      expect(body.projects.map((project) => project.id)).toEqual([1001, 1003]);
      expect(answer.body).not.toContain(hidden!.brand_name);
      expect(answer.body).not.toContain('1002');
    }
  });

  it('passes a 404 of the service on for a project of another account', async () => {
    const answer = await proxy.get('/api/v1/projects/2001');
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body).error.code).toBe('not_found');
    expect(sandbox.requestLog.at(-1)).toMatchObject({ path: '/api/v1/projects/2001', status: 404 });
  });
});

describe('CORS', () => {
  it('echoes an allowed origin and exposes the rate, cache and validator headers', async () => {
    const answer = await proxy.get('/api/v1/projects', { headers: { Origin: INTRANET } });
    expect(answer.headers['access-control-allow-origin']).toBe(INTRANET);
    expect(answer.headers.vary).toContain('Origin');
    const exposed = answer.headers['access-control-expose-headers']?.split(', ') ?? [];
    for (const name of [
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'Retry-After',
      'ETag',
      'X-Aivis-Cache',
    ]) {
      expect(exposed).toContain(name);
    }
    expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('gives other origins no CORS headers', async () => {
    for (const origin of [
      'https://evil.example.com',
      `${INTRANET}.evil.example`,
      'null',
      'http://intranet.example.com',
    ]) {
      const answer = await proxy.get('/api/v1/projects', { headers: { Origin: origin } });
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      expect(answer.headers.vary).toContain('Origin');
    }
  });

  it('answers a preflight from an allowed origin with 204 and refuses others with 403', async () => {
    const before = sandbox.requestLog.length;
    const allowed = await proxy.get('/api/v1/projects/1001', {
      method: 'OPTIONS',
      headers: {
        Origin: INTRANET,
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'if-none-match',
      },
    });
    expect(allowed.status).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(INTRANET);
    expect(allowed.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
    expect(allowed.headers['access-control-allow-headers']?.toLowerCase()).toContain(
      'if-none-match',
    );
    const refused = await proxy.get('/api/v1/projects/1001', {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example.com', 'Access-Control-Request-Method': 'GET' },
    });
    expect(refused.status).toBe(403);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    expect(sandbox.requestLog.length).toBe(before);
  });
});

describe('mount prefix', () => {
  it('serves under basePath only and strips it before routing', async () => {
    const mounted = testProxy({ baseUrl: sandbox.baseUrl, basePath: '/scenarios/demo' }, {}, watch);
    const inside = await mounted.get('/scenarios/demo/api/v1/projects');
    expect(inside.status).toBe(200);
    expect(sandbox.requestLog.at(-1)?.path).toBe('/api/v1/projects');
    expect((await mounted.get('/api/v1/projects')).status).toBe(404);
    expect((await mounted.get('/scenarios/demox/api/v1/projects')).status).toBe(404);
  });
});

describe('upstream refusals and failures with nothing cached', () => {
  it('passes a 401 on in words for the operator, without the token', async () => {
    const expired = testProxy({ baseUrl: sandbox.baseUrl, token: 'aivis_test_expired' }, {}, watch);
    const answer = await expired.get('/api/v1/projects');
    expect(answer.status).toBe(401);
    const body = JSON.parse(answer.body) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('unauthenticated');
    expect(body.error.message).toContain('AIVIS_TOKEN');
    // Repeated for a while without asking again (no loop of refused calls upstream)...
    const refusedUpstream = () => sandbox.requestLog.filter((entry) => entry.status === 401).length;
    const before = refusedUpstream();
    const again = await expired.get('/api/v1/projects');
    expect(again.status).toBe(401);
    expect(refusedUpstream()).toBe(before);
    // ...and the operator's fix (a new AIVIS_TOKEN, so a new process) takes effect at once.
    const fixed = testProxy({ baseUrl: sandbox.baseUrl }, {}, watch);
    expect((await fixed.get('/api/v1/projects')).status).toBe(200);
  });

  it('keeps plans_url of a paid_plan_required refusal', async () => {
    const free = testProxy({ baseUrl: sandbox.baseUrl, token: 'aivis_test_free' }, {}, watch);
    const answer = await free.get('/api/v1/projects');
    expect(answer.status).toBe(403);
    const body = JSON.parse(answer.body) as { error: { code: string; plans_url?: string } };
    expect(body.error.code).toBe('paid_plan_required');
    expect(body.error.plans_url).toMatch(/^https:\/\//);
  });

  it('answers 504 when the service is slower than the upstream timeout', async () => {
    const slow = testProxy(
      { baseUrl: sandbox.baseUrl, token: 'aivis_test_slow', upstreamTimeoutMs: 200 },
      {},
      watch,
    );
    const answer = await slow.get('/api/v1/projects');
    expect(answer.status).toBe(504);
    expect(JSON.parse(answer.body).error).toMatchObject({ code: 'server_error', status: 504 });
  });

  it('passes a 500 on with its data-api 7 body', async () => {
    const failing = testProxy(
      { baseUrl: sandbox.baseUrl, token: 'aivis_test_server_error' },
      {},
      watch,
    );
    const answer = await failing.get('/api/v1/projects/1001');
    expect(answer.status).toBe(500);
    expect(JSON.parse(answer.body).error).toMatchObject({ code: 'server_error', status: 500 });
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('passes a 429 on with Retry-After equal to retry_after', async () => {
    const limited = testProxy(
      { baseUrl: sandbox.baseUrl, token: 'aivis_test_rate_limited' },
      {},
      watch,
    );
    const answer = await limited.get('/api/v1/projects/1001', { headers: { Origin: INTRANET } });
    expect(answer.status).toBe(429);
    const body = JSON.parse(answer.body) as { error: { code: string; retry_after: number } };
    expect(body.error.code).toBe('rate_limited');
    expect(answer.headers['retry-after']).toBe(String(body.error.retry_after));
    expect(answer.headers['access-control-allow-origin']).toBe(INTRANET);
  });
});

describe('the token stays inside', () => {
  it('scrubs a token a client echoes back through a 404 or a 422', async () => {
    const notFound = await proxy.get(`/api/v1/projects/${ENTRY_TOKEN}`);
    const invalid = await proxy.get(
      `/api/v1/projects/1001/competitors?period=${ENTRY_TOKEN}&dataset=bogus`,
    );
    expect(notFound.status).toBe(404);
    expect(invalid.status).toBe(422);
    expect(notFound.body).toContain('[redacted]');
    expect(invalid.body).toContain('[redacted]');
  });

  it('never showed a token in any body, header or log line of this suite', () => {
    // Runs last: the watch holds every answer above (200, 304, 401, 404, 405, 422, 429, 500, 204, 403).
    const statuses = new Set(watch.seen.map((seen) => seen.status));
    for (const status of [200, 204, 304, 401, 403, 404, 405, 422, 429, 500]) {
      expect(statuses.has(status)).toBe(true);
    }
    expect(watch.logLines.length).toBe(watch.seen.length);
    expect(watch.leaks(ALL_TOKENS)).toEqual([]);
  });
});
