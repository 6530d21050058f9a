/**
 * Hostile parameter names and query text reach the core as data: built-in
 * property names (`constructor`, `__proto__`), malformed escapes and repeated
 * keys get a validation error naming the parameter, never a TypeError or a
 * URIError, in validateParams, both clients and getPath.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENDPOINT_NAMES, ENDPOINTS, type EndpointName } from '../../shared/api/endpoints.js';
import type { ParamRule } from '../../shared/api/param-rules.js';
import { queryInput, queryPairsOf } from '../../shared/api/query.js';
import { matchEndpointPath, validateParams } from '../../shared/api/validate.js';
import { createClient } from '../../shared/client/async-client.js';
import { createSyncClient } from '../../shared/client/sync-client.js';
import type { FetchLike, HttpRequest } from '../../shared/client/types.js';
import { isAivisError } from '../../shared/http/errors.js';
import { parseApiPath } from '../../shared/http/request.js';

/** Names every plain object answers to through its prototype. */
const BUILT_IN_NAMES = [
  'constructor',
  'toString',
  '__proto__',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupSetter__',
] as const;

const neverFetch: FetchLike = async () => {
  throw new Error('validation must refuse before any request');
};
const asyncClient = createClient({ baseUrl: 'https://svc.example', fetch: neverFetch });
const syncClient = createSyncClient({
  baseUrl: 'https://svc.example',
  transport: {
    fetch: () => {
      throw new Error('validation must refuse before any request');
    },
    fetchAll: () => [],
  },
  sleep: () => {},
});

/** An input object with the name as an own key, as JSON.parse or fromEntries make it. */
const inputWith = (key: string, value: unknown, base: Record<string, unknown> = {}) =>
  Object.fromEntries([...Object.entries(base), [key, value]]);

describe('built-in property names as parameters', () => {
  it.each(BUILT_IN_NAMES)('validateParams refuses %s by name and never throws', (key) => {
    const result = validateParams('answers', inputWith(key, '1', { project: 1001 }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors)).toEqual([key]);
    expect(result.errors[key]?.[0]).toMatch(/is not a parameter of GET/);
    // The sandbox's mode: unknown names are ignored, built-in or not.
    expect(
      validateParams('answers', inputWith(key, '1', { project: 1001 }), {
        unknownParams: 'ignore',
      }),
    ).toEqual({ ok: true, params: { project: 1001 } });
  });

  it('never lets __proto__ reach a prototype of the result', () => {
    const result = validateParams('summary', JSON.parse('{"project":1001,"__proto__":{"x":1}}'));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(Object.getPrototypeOf(result.errors)).toBe(Object.prototype);
      expect(Object.hasOwn(result.errors, '__proto__')).toBe(true);
    }
    const ignored = validateParams(
      'summary',
      JSON.parse('{"project":1001,"__proto__":{"period":"last_year"}}'),
      { unknownParams: 'ignore' },
    );
    expect(ignored).toEqual({ ok: true, params: { project: 1001 } });
  });

  it.each(BUILT_IN_NAMES)(
    'client.get, the sync client and getPath answer %s with validation_failed',
    async (key) => {
      const params = inputWith(key, '1', { project: 1001 });
      await expect(asyncClient.get('answers', params as never)).rejects.toMatchObject({
        code: 'validation_failed',
        errors: { [key]: [expect.stringMatching(/is not a parameter/)] },
      });
      expect(() => syncClient.get('answers', params as never)).toThrow(
        expect.objectContaining({ code: 'validation_failed' }),
      );
      const path = `/api/v1/projects/1001/answers?${encodeURIComponent(key)}=1`;
      await expect(asyncClient.getPath(path)).rejects.toMatchObject({
        code: 'validation_failed',
        errors: { [key]: [expect.stringMatching(/is not a parameter/)] },
      });
      expect(() => syncClient.getPath(path)).toThrow(
        expect.objectContaining({ code: 'validation_failed' }),
      );
    },
  );

  it('reads a query with built-in names into own keys only', () => {
    const input = queryInput(queryPairsOf('constructor=1&__proto__=2&toString=3&toString=4'));
    expect(Object.keys(input)).toEqual(['constructor', '__proto__', 'toString']);
    expect(input.toString).toEqual(['3', '4']);
    expect(Object.getPrototypeOf(input)).toBe(Object.prototype);
  });
});

describe('malformed percent-escapes', () => {
  it('getPath refuses /projects/%ZZ with an AivisError naming project, not a URIError', async () => {
    for (const path of ['/api/v1/projects/%ZZ', '/api/v1/projects/%E0%A4%A/answers']) {
      const refused = await asyncClient.getPath(path).catch((error: unknown) => error);
      expect(isAivisError(refused)).toBe(true);
      expect(refused).toMatchObject({
        code: 'validation_failed',
        errors: { project: [expect.any(String)] },
      });
      expect(() => syncClient.getPath(path)).toThrow(
        expect.objectContaining({ code: 'validation_failed' }),
      );
    }
    expect(matchEndpointPath('/projects/%ZZ')).toEqual({ name: 'summary', project: '%ZZ' });
  });

  it('keeps a malformed escape in a query value as written, so the parameter is named', async () => {
    await expect(
      asyncClient.getPath('/api/v1/projects/1001/answers?platform=%ZZ'),
    ).rejects.toMatchObject({ errors: { platform: [expect.stringContaining("not '%ZZ'")] } });
    expect(parseApiPath('/api/v1/projects/1001?period=%&include=a%2Cb', matchEndpointPath)).toEqual(
      { name: 'summary', input: { project: '1001', period: '%', include: 'a,b' } },
    );
  });
});

describe('repeated parameters: lists merge, scalars are refused (one rule for every reader)', () => {
  it('merges a repeated list parameter as if the values were joined by commas', () => {
    const input = queryInput(queryPairsOf('include=profile&include=questions,ai_visibility'));
    expect(validateParams('summary', { project: 1001, ...input })).toEqual({
      ok: true,
      params: { project: 1001, include: ['profile', 'questions', 'ai_visibility'] },
    });
  });

  it('refuses a repeated scalar with a 422 naming it and the values, even when equal', () => {
    for (const query of ['platform=chatgpt&platform=gemini', 'limit=5&limit=5']) {
      const input = queryInput(queryPairsOf(query));
      const result = validateParams('answers', { project: 1001, ...input });
      expect(result.ok).toBe(false);
      const [param] = query.split('=');
      if (!result.ok)
        expect(result.errors[param!]?.[0]).toMatch(/is given 2 times .*; give it once/);
    }
  });

  it('getPath follows the same rule, and refuses a project in the query', async () => {
    await expect(
      asyncClient.getPath('/api/v1/projects/1001/answers?platform=chatgpt&platform=gemini'),
    ).rejects.toMatchObject({ errors: { platform: [expect.stringMatching(/given 2 times/)] } });
    await expect(asyncClient.getPath('/api/v1/projects/1001?project=2001')).rejects.toMatchObject({
      errors: { project: [expect.stringMatching(/goes in the path/)] },
    });
    const seen: string[] = [];
    const client = createSyncClient({
      baseUrl: 'https://svc.example',
      transport: {
        fetch: (request: HttpRequest) => {
          seen.push(request.url);
          return { status: 500, headers: {}, body: '' };
        },
        fetchAll: () => [],
      },
      sleep: () => {},
      retry: { maxAttempts: 1 },
    });
    expect(() =>
      client.getPath('/api/v1/projects/1001?include=profile&include=questions'),
    ).toThrow();
    expect(seen).toEqual(['https://svc.example/api/v1/projects/1001?include=profile%2Cquestions']);
  });
});

/** Keys a fuzzed input draws from: real parameters, built-in names and noise. */
function keysOf(name: EndpointName): string[] {
  return [...Object.keys(ENDPOINTS[name].params), 'project', ...BUILT_IN_NAMES];
}

const rawValue = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constantFrom(null, undefined, '', '%ZZ', 'constructor', '1,2', 'last_year'),
  fc.array(fc.string({ maxLength: 6 }), { maxLength: 3 }),
  fc.constant(Object.create(null) as object),
  fc.object({ maxDepth: 1 }),
);

describe('fuzzed validation never throws', () => {
  it('validateParams answers ok or per-parameter errors for any keys and values (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ENDPOINT_NAMES),
        fc.array(fc.tuple(fc.nat(), rawValue), { maxLength: 6 }),
        fc.constantFrom<'reject' | 'ignore'>('reject', 'ignore'),
        (name, entries, unknownParams) => {
          const keys = keysOf(name);
          const input = Object.fromEntries(
            entries.map(([index, value]) => [keys[index % keys.length]!, value]),
          );
          const result = validateParams(name, input, { unknownParams });
          if (result.ok) {
            const rules = ENDPOINTS[name].params as Record<string, ParamRule>;
            for (const key of Object.keys(result.params))
              expect(key === 'project' || Object.hasOwn(rules, key)).toBe(true);
          } else {
            for (const [key, messages] of Object.entries(result.errors)) {
              expect(Object.hasOwn(input, key) || key === 'project').toBe(true);
              expect(messages.every((message) => typeof message === 'string')).toBe(true);
            }
          }
        },
      ),
      { numRuns: 2_000, seed: 9 },
    );
  });

  it('getPath turns any path text into a body or an AivisError (fast-check)', () => {
    const pieces = fc.constantFrom(
      '/api/v1/projects',
      '/api/v1/projects/1001',
      '/api/v1/projects/%ZZ/answers',
      '?',
      '&',
      '=',
      '%',
      '%ZZ',
      '%E0%A4%A',
      'constructor',
      '__proto__',
      'toString',
      'include=profile',
      'platform=gemini',
      '#',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 8 }), (parts) => {
        try {
          syncClient.getPath(parts.join(''));
        } catch (error) {
          expect(isAivisError(error), String(error)).toBe(true);
        }
      }),
      { numRuns: 1_000, seed: 9 },
    );
  });
});
