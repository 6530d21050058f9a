import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EndpointName } from '../../shared/api/endpoints.js';
import {
  type CheckedParams,
  matchEndpointPath,
  validateParams,
  withDefaults,
} from '../../shared/api/validate.js';
import { apiUrl, buildRequest, normalizeBaseUrl, parseApiPath } from '../../shared/http/request.js';
import {
  formatJsonPath,
  interpretResponse as interpret,
  readRetryAfter,
} from '../../shared/http/response.js';
import { zodCheck } from '../../shared/http/zod-check.js';

const interpretResponse = (
  ...args: [
    Parameters<typeof interpret>[0],
    Parameters<typeof interpret>[1],
    Parameters<typeof interpret>[2],
    Parameters<typeof interpret>[3],
  ]
) => interpret(...args, zodCheck);

/** Params as validateParams checks them: buildRequest takes nothing else. */
function checked<N extends EndpointName>(
  name: N,
  input: Record<string, unknown>,
): CheckedParams<N> {
  const result = validateParams(name, input);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.params;
}

const request = buildRequest(
  { baseUrl: 'https://svc.example', token: 'tok_secret' },
  'projects',
  checked('projects', {}),
);
const ok = (body: string) => ({ status: 200, headers: {}, body });

const project = {
  id: 1,
  brand_name: 'Acme',
  brand_website: 'https://acme.example',
  status: 'active',
  country: 'DE',
  language: 'de',
  selected_ai_models: ['chatgpt'],
  last_checked_at: '2026-11-14T03:00:00Z',
  connections: { ga4: true, google_search_console: true, bing_webmaster_tools: false },
  connected_data: {
    ga4: { fetched_at: '2026-11-14T03:00:00Z', is_stale: false },
    google_search_console: null,
    bing_webmaster_tools: null,
  },
  data_availability: {
    questions: 3,
    answers: 10,
    judgments: 9,
    competitor_snapshots: 1,
    connected_source_snapshots: 2,
  },
};

describe('buildRequest', () => {
  it('puts the token only in the Authorization header, never in the URL', () => {
    const built = buildRequest(
      { baseUrl: 'https://svc.example/', token: 'tok_secret' },
      'answers',
      checked('answers', { project: 1001, platform: 'chatgpt' }),
    );
    expect(built.url).toBe('https://svc.example/api/v1/projects/1001/answers?platform=chatgpt');
    expect(built.headers.Authorization).toBe('Bearer tok_secret');
    expect(built.url).not.toContain('tok_secret');
  });

  it('writes parameters in the table order whatever order they came in, so equal queries give equal URLs', () => {
    const a = apiUrl('https://svc.example', 'answers', {
      project: 1,
      limit: 5,
      platform: 'grok',
      only_flagged: true,
    });
    const b = apiUrl('https://svc.example', 'answers', {
      only_flagged: true,
      platform: 'grok',
      limit: 5,
      project: 1,
    });
    expect(a).toBe(b);
    expect(a).toBe(
      'https://svc.example/api/v1/projects/1/answers?platform=grok&only_flagged=true&limit=5',
    );
  });

  it('percent-encodes text values', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 50 }), (text) => {
        const url = apiUrl('https://svc.example', 'citations', { project: 1, url_contains: text });
        const parsed = new URL(url);
        expect(parsed.searchParams.get('url_contains')).toBe(text);
        expect(parsed.pathname).toBe('/api/v1/projects/1/citations');
      }),
    );
  });

  it('accepts a base with a pasted /api/v1 or a same-site path and rejects other schemes', () => {
    expect(normalizeBaseUrl('https://svc.example/api/v1/')).toBe('https://svc.example');
    expect(normalizeBaseUrl('/aivis/')).toBe('/aivis');
    expect(normalizeBaseUrl('')).toBe('');
    expect(() => normalizeBaseUrl('javascript:alert(1)')).toThrow(/http\(s\)/);
    expect(() => normalizeBaseUrl('ftp://svc.example')).toThrow();
  });

  it('refuses a token that could inject headers, without repeating it', () => {
    try {
      buildRequest(
        { baseUrl: 'https://svc.example', token: 'abc\r\nX-Evil: 1' },
        'projects',
        checked('projects', {}),
      );
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).not.toContain('abc');
      expect((error as { code: string }).code).toBe('validation_failed');
    }
  });

  it('reads next_request paths back into endpoint and params', () => {
    const parsed = parseApiPath(
      '/api/v1/projects/1001/answers?only_flagged=true&platform=chatgpt&url_contains=a%20b',
      matchEndpointPath,
    );
    expect(parsed).toEqual({
      name: 'answers',
      input: { project: '1001', only_flagged: 'true', platform: 'chatgpt', url_contains: 'a b' },
    });
    expect(parseApiPath('/projects/7', matchEndpointPath)?.name).toBe('summary');
    expect(parseApiPath('/api/v1/nowhere', matchEndpointPath)).toBeUndefined();
    // A malformed escape stays as written (as URLSearchParams keeps it), so validation names it.
    expect(parseApiPath('/api/v1/projects/1/answers?x=%E0%A4%A', matchEndpointPath)?.input).toEqual(
      { project: '1', x: '%E0%A4%A' },
    );
  });
});

describe('interpretResponse', () => {
  it('parses a valid body and keeps unknown fields untouched', () => {
    const body = {
      projects: [{ ...project, brand_new_field: { nested: [1, 2] } }],
      next_thing: 'x',
    };
    const result = interpretResponse('projects', {}, request, ok(JSON.stringify(body)));
    expect(result).toEqual({ ok: true, body });
  });

  it('turns truncated JSON into a contract error, never an exception', () => {
    const text = JSON.stringify({ projects: [project] });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: text.length - 1 }), (cut) => {
        const result = interpretResponse('projects', {}, request, ok(text.slice(0, cut)));
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.error.code).toBe('contract_error');
      }),
    );
  });

  it('names the JSON path of a missing or mistyped required field', () => {
    const broken = { projects: [project, { ...project, id: 'two' }] };
    const result = interpretResponse('projects', {}, request, ok(JSON.stringify(broken)));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('contract_error');
    expect(result.error.path).toBe('projects[1].id');
    expect(result.error.message).toContain('projects[1].id');
    const { brand_name: _, ...missing } = project;
    const second = interpretResponse(
      'projects',
      {},
      request,
      ok(JSON.stringify({ projects: [missing] })),
    );
    expect(!second.ok && second.error.path).toBe('projects[0].brand_name');
  });

  it('accepts available:false from connected sources only', () => {
    const unavailable = JSON.stringify({ available: false, reason: 'GA4 is not connected' });
    const traffic = interpretResponse(
      'ai-traffic',
      withDefaults('ai-traffic', { project: 1 }),
      request,
      ok(unavailable),
    );
    expect(traffic).toEqual({
      ok: true,
      body: { available: false, reason: 'GA4 is not connected' },
    });
    expect(interpretResponse('answers', { project: 1 }, request, ok(unavailable)).ok).toBe(false);
  });

  it('maps every data-api 7 error envelope to its code with the extra fields', () => {
    const envelope = (code: string, status: number, extra: object = {}) => ({
      status,
      headers: {},
      body: JSON.stringify({ error: { code, message: `m ${code}`, status, ...extra } }),
    });
    const cases: Array<[string, number]> = [
      ['unauthenticated', 401],
      ['insufficient_scope', 403],
      ['paid_plan_required', 403],
      ['not_found', 404],
      ['validation_failed', 422],
      ['rate_limited', 429],
      ['server_error', 500],
    ];
    for (const [code, status] of cases) {
      const result = interpretResponse('projects', {}, request, envelope(code, status));
      expect(!result.ok && result.error.code).toBe(code);
      expect(!result.ok && result.error.status).toBe(status);
    }
    const plan = interpretResponse(
      'projects',
      {},
      request,
      envelope('paid_plan_required', 403, { plans_url: 'https://x/plans' }),
    );
    expect(!plan.ok && plan.error.plansUrl).toBe('https://x/plans');
    const invalid = interpretResponse(
      'projects',
      {},
      request,
      envelope('validation_failed', 422, { errors: { period: ['bad'] } }),
    );
    expect(!invalid.ok && invalid.error.errors).toEqual({ period: ['bad'] });
    expect(!invalid.ok && JSON.stringify(invalid.error)).not.toContain('tok_secret');
  });

  it('reads Retry-After from the header first, then the body, and as an HTTP date', () => {
    const limited = interpretResponse('projects', {}, request, {
      status: 429,
      headers: { 'retry-after': '7' },
      body: JSON.stringify({
        error: { code: 'rate_limited', message: 'slow down', status: 429, retry_after: 3 },
      }),
    });
    expect(!limited.ok && limited.error.retryAfter).toBe(7);
    expect(readRetryAfter({}, 3, 0)).toBe(3);
    expect(
      readRetryAfter({ 'retry-after': new Date(10_000).toUTCString() }, undefined, 1_000),
    ).toBe(9);
    expect(readRetryAfter({}, undefined, 0)).toBeUndefined();
  });

  it('falls back to the HTTP status when an error body is not the envelope', () => {
    const html = interpretResponse('projects', {}, request, {
      status: 502,
      headers: {},
      body: '<html>Bad gateway</html>',
    });
    expect(!html.ok && html.error.code).toBe('server_error');
    const unknown = interpretResponse('projects', {}, request, {
      status: 418,
      headers: {},
      body: '',
    });
    expect(!unknown.ok && unknown.error.code).toBe('contract_error');
    const bare: Array<[number, string]> = [
      [401, 'unauthenticated'],
      [403, 'insufficient_scope'],
      [404, 'not_found'],
      [405, 'method_not_allowed'],
      [422, 'validation_failed'],
      [429, 'rate_limited'],
      [500, 'server_error'],
      [503, 'server_error'],
      [400, 'contract_error'],
    ];
    for (const [status, code] of bare) {
      const result = interpretResponse('projects', {}, request, { status, headers: {}, body: '' });
      expect(!result.ok && result.error.code, `HTTP ${status}`).toBe(code);
    }
  });

  it('formats JSON paths readably', () => {
    expect(formatJsonPath(['answers', 3, 'platform'])).toBe('answers[3].platform');
    expect(formatJsonPath([])).toBe('(root)');
  });
});
