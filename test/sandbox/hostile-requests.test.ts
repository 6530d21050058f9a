/**
 * The sandbox over HTTP against hostile and unusual requests: built-in names
 * as parameters, malformed escapes, repeated keys, forged Host headers, and
 * the headers and data every answer owes (rate headers, last_checked_at,
 * bounded competitors detail).
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.js';
import { LIMITS } from '../../shared/api/vocabulary.js';
import { api, ENTRY, PRO } from './helpers.js';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: false });
});
afterAll(() => sandbox.close());

/** A raw request, so the Host header and the method are exactly what a client chooses. */
function raw(
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const { hostname, port } = new URL(sandbox.baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: hostname, port, method, path, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () =>
        resolve({
          status: incoming.statusCode ?? 0,
          headers: incoming.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('built-in property names as query parameters', () => {
  const names = ['constructor', 'toString', '__proto__', 'valueOf', 'hasOwnProperty'];
  it.each(names)('?%s=1 is ignored like any unknown parameter, never a 500', async (name) => {
    const answer = await api(sandbox.baseUrl, `/api/v1/projects/1001/answers?${name}=1&limit=2`);
    expect(answer.status).toBe(200);
    expect(answer.body.answers).toHaveLength(2);
    const summary = await api(sandbox.baseUrl, `/api/v1/projects/1001?${name}=1&include=profile`);
    expect(summary.status).toBe(200);
    expect(summary.body.included).toEqual(['profile']);
  });
});

describe('malformed percent-escapes', () => {
  it.each(['/api/v1/projects/%ZZ', '/api/v1/projects/%ZZ/answers', '/api/v1/projects/%E0%A4%A'])(
    '%s is a clear 404, never a 500',
    async (path) => {
      const answer = await raw('GET', path, { authorization: `Bearer ${ENTRY}` });
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.body).error).toMatchObject({ code: 'not_found', status: 404 });
      expect(JSON.parse(answer.body).error.message).toMatch(/does not exist/);
    },
  );

  it('a malformed escape in a value is a 422 naming the parameter', async () => {
    const answer = await raw('GET', '/api/v1/projects/1001/answers?platform=%ZZ', {
      authorization: `Bearer ${ENTRY}`,
    });
    expect(answer.status).toBe(422);
    expect(JSON.parse(answer.body).error.errors.platform[0]).toContain("'%ZZ'");
  });
});

describe('repeated parameters', () => {
  it('merges a repeated list parameter: include=profile&include=questions answers both', async () => {
    const answer = await api(
      sandbox.baseUrl,
      '/api/v1/projects/1001?include=profile&include=questions',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.included).toEqual(['profile', 'questions']);
    const joined = await api(sandbox.baseUrl, '/api/v1/projects/1001?include=profile,questions');
    expect(answer.body).toEqual(joined.body);
  });

  it('refuses a repeated scalar with a 422 naming it: platform=chatgpt&platform=gemini', async () => {
    const answer = await api(
      sandbox.baseUrl,
      '/api/v1/projects/1001/answers?platform=chatgpt&platform=gemini',
    );
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.error.errors)).toEqual(['platform']);
    expect(answer.body.error.errors.platform[0]).toMatch(/given 2 times .*give it once/);
  });

  it('refuses a project in the query instead of letting the path or the query win', async () => {
    const answer = await api(sandbox.baseUrl, '/api/v1/projects/1001?project=1002');
    expect(answer.status).toBe(422);
    expect(answer.body.error.errors.project[0]).toMatch(/goes in the path/);
  });
});

describe('the OpenAPI document names the listening address, whatever Host says', () => {
  it('serves the listening address to a forged Host first and to everyone after', async () => {
    const forged = await raw('GET', '/openapi/v1.yaml', { host: 'attacker.example' });
    expect(forged.status).toBe(200);
    expect(parse(forged.body).servers[0].url).toBe(`${sandbox.baseUrl}/api/v1`);
    const plain = await raw('GET', '/openapi/v1.yaml');
    expect(parse(plain.body).servers[0].url).toBe(`${sandbox.baseUrl}/api/v1`);
    expect(plain.body).not.toContain('attacker.example');
  });
});

describe('rate headers on every response (data-api 8)', () => {
  it.each([
    ['the OpenAPI document', '/openapi/v1.yaml', null],
    ['a 404 outside the API', '/nowhere', null],
    ['a 404 for an unknown endpoint', '/api/v1/accounts', ENTRY],
    ['a 401', '/api/v1/projects', null],
    ['a 422', '/api/v1/projects/1001/answers?limit=0', ENTRY],
  ] as const)('%s carries X-RateLimit-Limit and -Remaining', async (_what, path, token) => {
    const answer = await raw('GET', path, token ? { authorization: `Bearer ${token}` } : {});
    expect(answer.headers['x-ratelimit-limit']).toMatch(/^\d+$/);
    expect(answer.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
  });

  it('OPTIONS and 405 carry them too', async () => {
    for (const method of ['OPTIONS', 'POST', 'DELETE']) {
      const answer = await raw(method, '/api/v1/projects');
      expect(answer.headers['x-ratelimit-limit'], method).toBe(
        String(LIMITS.rateLimitPerMinute.entry),
      );
    }
  });
});

describe('GET /projects last_checked_at (data-api 2.1)', () => {
  it.each([
    [ENTRY, [1001, 1002, 1003]],
    [PRO, [2001]],
  ] as const)('is the newest stored check of each project (%s)', async (token, ids) => {
    const listed = await api(sandbox.baseUrl, '/api/v1/projects', token);
    for (const id of ids) {
      const project = listed.body.projects.find((each: { id: number }) => each.id === id);
      const answers = await api(sandbox.baseUrl, `/api/v1/projects/${id}/answers?limit=100`, token);
      const newest = answers.body.answers
        .map((row: { checked_at: string }) => row.checked_at)
        .sort()
        .at(-1);
      expect(project.last_checked_at, String(id)).toBe(newest);
      expect(project.last_checked_at).toBe(answers.body.period.latest_check_at);
    }
  });
});

describe('competitors detail is bounded', () => {
  it('answers about one brand, caps its questions, and stays near the size of data-api 8', async () => {
    const first = await api(
      sandbox.baseUrl,
      '/api/v1/projects/1001/competitors?dataset=detail&competitor=a',
    );
    expect(first.status).toBe(200);
    const bytes = Buffer.byteLength(JSON.stringify(first.body));
    // data-api 8: other endpoints within about 40 KB at default limits.
    expect(bytes).toBeLessThan(40_000);
    expect(first.body.found).toBe(true);
    expect(first.body.questions.length).toBeLessThanOrEqual(LIMITS.competitorDetailQuestions);
    expect(first.body.questions_total).toBeGreaterThanOrEqual(first.body.questions.length);
  });

  it('competitors history says when its data is from', async () => {
    const history = await api(sandbox.baseUrl, '/api/v1/projects/1001/competitors?dataset=history');
    const answers = await api(sandbox.baseUrl, '/api/v1/projects/1001/answers?limit=1');
    expect(history.body.latest_check_at).toBe(answers.body.period.latest_check_at);
  });
});

describe('methods a fetch Request cannot carry', () => {
  it('answers TRACE with 405 and Allow, not 500', async () => {
    const answer = await raw('TRACE', '/api/v1/projects', { authorization: `Bearer ${ENTRY}` });
    expect(answer.status).toBe(405);
    expect(String(answer.headers.allow)).toMatch(/GET/);
  });
});
