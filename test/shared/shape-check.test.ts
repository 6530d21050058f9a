/**
 * The widget bundle checks responses against compact shapes compiled from the
 * zod schemas. These tests hold the two checks to the same verdicts: on every
 * real sandbox body, and on bodies with one field broken or removed.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.js';
import type { EndpointName, Query } from '../../shared/api/endpoints.js';
import {
  encodeQuery,
  queryPairs,
  validateParams,
  withDefaults,
} from '../../shared/api/validate.js';
import { createShapeCheck } from '../../shared/http/shape-check.js';
import { zodCheck } from '../../shared/http/zod-check.js';
import { compileShapes } from '../../shared/schemas/compile-shapes.js';

let sandbox: RunningSandbox;
const shapeCheck = createShapeCheck(compileShapes());
const bodies: Array<{ name: EndpointName; query: Query; body: unknown; label: string }> = [];

const CALLS: Array<[EndpointName, Record<string, unknown>]> = [
  ['projects', {}],
  ['summary', { project: 1001 }],
  ['summary', { project: 1002 }],
  ['summary', { project: 1003, period: 'last_year' }],
  ['answers', { project: 1001, include_answer_text: true }],
  ['answers', { project: 1003 }],
  ['competitors', { project: 1001, include_highlights: true }],
  ['competitors', { project: 1001, dataset: 'detail', competitor: 'a' }],
  ['competitors', { project: 1001, dataset: 'history' }],
  ['citations', { project: 1001 }],
  ['citations', { project: 1001, group_by: 'domain' }],
  ['search-performance', { project: 1001 }],
  ['search-performance', { project: 1001, dataset: 'top_queries' }],
  ['search-performance', { project: 1001, dataset: 'history' }],
  ['search-performance', { project: 1002, source: 'bing' }],
  ['ai-traffic', { project: 1001, dataset: 'landing_pages' }],
  ['ai-traffic', { project: 1002 }],
  ['action-plan', { project: 1001 }],
  ['action-plan', { project: 1002 }],
];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: false });
  for (const [name, input] of CALLS) {
    const validated = validateParams(name, input);
    if (!validated.ok) throw new Error(JSON.stringify(validated.errors));
    const query = withDefaults(name, validated.params);
    const path =
      name === 'projects'
        ? '/projects'
        : `/projects/${input.project}${name === 'summary' ? '' : `/${name}`}`;
    const search = encodeQuery(queryPairs(name, validated.params));
    const answer = await fetch(`${sandbox.baseUrl}/api/v1${path}?${search}`, {
      headers: { Authorization: 'Bearer aivis_test_entry' },
    });
    bodies.push({
      name,
      query,
      body: await answer.json(),
      label: `${name} ${JSON.stringify(input)}`,
    });
  }
});
afterAll(async () => {
  await sandbox?.close();
});

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every path to a value in a body, e.g. ['answers', 3, 'platform']. */
function pathsOf(value: Json, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (Array.isArray(value))
    return value.flatMap((item, index) => [
      [...prefix, index],
      ...pathsOf(item, [...prefix, index]),
    ]);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => [
      [...prefix, key],
      ...pathsOf(item, [...prefix, key]),
    ]);
  return [];
}

/** A copy of the body with the value at `path` replaced, or removed when replacement is undefined. */
function mutate(body: Json, path: Array<string | number>, replacement: Json | undefined): Json {
  const copy = structuredClone(body);
  let node = copy as Record<string | number, Json>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, Json>;
  const last = path[path.length - 1]!;
  if (replacement === undefined && !Array.isArray(node)) delete node[last];
  else node[last] = replacement ?? null;
  return copy;
}

describe('compact shape check', () => {
  it('accepts every real sandbox body, as zod does', () => {
    for (const { name, query, body, label } of bodies) {
      expect(zodCheck.response(name, query, body).ok, label).toBe(true);
      expect(shapeCheck.response(name, query, body), label).toEqual({ ok: true, value: body });
    }
  });

  it('gives the same verdict as zod when one field is broken or removed', () => {
    const wrongValues: Array<Json | undefined> = [undefined, null, 'text', -1, 1.5, true, [], {}];
    let disagreements = 0;
    for (const { name, query, body, label } of bodies) {
      const paths = pathsOf(body as Json);
      fc.assert(
        fc.property(fc.constantFrom(...paths), fc.constantFrom(...wrongValues), (path, wrong) => {
          const broken = mutate(body as Json, path, wrong);
          const byZod = zodCheck.response(name, query, broken);
          const byShape = shapeCheck.response(name, query, broken);
          if (byZod.ok !== byShape.ok) disagreements++;
          expect(byShape.ok, `${label} at ${path.join('.')} = ${JSON.stringify(wrong)}`).toBe(
            byZod.ok,
          );
          // Both name the same field, except inside the summary's two unions
          // (search.google/bing and ai_traffic: a body or available:false),
          // where a tie between equally deep branches may be broken differently.
          const inUnion = name === 'summary' && (path[0] === 'search' || path[0] === 'ai_traffic');
          if (!byZod.ok && !byShape.ok && !inUnion) {
            expect(byShape.path).toBe(byZod.path);
          }
        }),
        { numRuns: 60, seed: 42 },
      );
    }
    expect(disagreements).toBe(0);
  });

  it('checks the error envelope and available:false like zod', () => {
    const envelope = { error: { code: 'not_found', message: 'x', status: 404 } };
    expect(shapeCheck.error(envelope).ok).toBe(true);
    expect(shapeCheck.error({ error: { code: 'x' } }).ok).toBe(
      zodCheck.error({ error: { code: 'x' } }).ok,
    );
    const unavailable = { available: false, reason: 'not connected' };
    expect(
      shapeCheck.response('ai-traffic', withDefaults('ai-traffic', { project: 1 }), unavailable).ok,
    ).toBe(true);
    expect(
      shapeCheck.response('answers', withDefaults('answers', { project: 1 }), unavailable).ok,
    ).toBe(false);
  });

  it('compiles only the named endpoints in full; the others are checked as JSON objects', () => {
    const partial = createShapeCheck(compileShapes({ endpoints: ['summary'] }));
    const answersQuery = withDefaults('answers', { project: 1 });
    expect(partial.response('answers', answersQuery, { anything: [1, 2] }).ok).toBe(true);
    expect(partial.response('answers', answersQuery, 'not an object').ok).toBe(false);
    const summary = bodies.find((each) => each.name === 'summary')!;
    const broken = mutate(summary.body as Json, ['ai_visibility', 'score'], 'high');
    expect(partial.response('summary', summary.query, broken)).toMatchObject({
      ok: false,
      path: 'ai_visibility.score',
    });
  });
});
