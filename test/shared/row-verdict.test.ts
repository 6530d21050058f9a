/**
 * The contract check tests each row once (docs/benchmarks.md, "The core
 * path"): the tolerant reading passes over a row that fits its compiled test
 * with every field it would rename or report missing present, tests each row
 * it had to read, and hands its verdict on a row list to the check's test of
 * that list (shared/http/compiled-reconcile.ts, shared/schemas/compiled-tests.ts).
 * Against the path it replaced (read every row, then test every row again,
 * zod's report for a refused body) it must give the same verdict, the same
 * value and the same differences, in the same order, on any body: fast-check
 * draws rows with fields removed, renamed to their other names, retyped,
 * sent as numeric text, moved, replaced by hostile or arbitrary JSON, and
 * rows that are not objects.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIRST_GUESSES } from '../../shared/aliases.js';
import type { EndpointName, Query } from '../../shared/api/endpoints.js';
import { withDefaults } from '../../shared/api/validate.js';
import type { BodyCheck, CheckResult } from '../../shared/http/body-check.js';
import { createCompiledReconcile } from '../../shared/http/compiled-reconcile.js';
import { createShapeTest, responseShape } from '../../shared/http/shape-check.js';
import { contractTests, zodCheck } from '../../shared/http/zod-check.js';
import { compileShapes } from '../../shared/schemas/compile-shapes.js';
import { compiledCheck } from '../../shared/schemas/compiled-check.js';
import { beginBody, compileTests } from '../../shared/schemas/compiled-tests.js';
import { answersBody } from '../../support/answers-body.js';
import { CASES, type Json } from './assumed-mutations.js';

/** The path before the verdict was passed on: a reading of its own, then a test of its own. */
function twoPassCheck(): BodyCheck {
  const shapes = compileShapes();
  const tests = compileTests(shapes);
  const read = createCompiledReconcile(shapes, createShapeTest(shapes), {
    lists: 'mark',
    fits: tests,
  });
  return {
    response(name, query, body) {
      const { value, differences } = read(responseShape(shapes, name, query, body), body);
      const shape = responseShape(shapes, name, query, value);
      if (!shape || !tests(shape)(value)) return zodCheck.response(name, query, body);
      return differences.length > 0 ? { ok: true, value, differences } : { ok: true, value };
    },
    error: (value) => zodCheck.error(value),
  };
}

const before = twoPassCheck();

/** Values at the edges of what the row fields allow. */
const HOSTILE: unknown[] = [
  null,
  '',
  'text',
  '12',
  ' 7 ',
  '1e3',
  -1,
  0,
  1.5,
  2 ** 53,
  true,
  [],
  [null],
  ['a', 1],
  {},
  { surprise: [1, 2] },
  '2026-02-29T06:00:00Z',
  '2026-10-01T06:00:00Z',
  'chatgpt',
];

const ROW_KEYS = [
  'id',
  'prompt_id',
  'platform',
  'checked_at',
  'prominence_level',
  'on_topic',
  'names_brands',
  'brand_sentiment',
  'cited_urls',
  'search_queries',
  'web_searches',
  'answer_text',
  'answer_text_truncated',
  'platform_highlights',
  'highlights',
  'next_request',
  'next_call',
  'status',
  'constructor',
  '__proto__',
  'unknown_field',
];

const rowMutation = fc.record({
  row: fc.nat(),
  key: fc.constantFrom(...ROW_KEYS),
  how: fc.constantFrom('remove', 'rename', 'numeric-text', 'hostile', 'json', 'move-last', 'row'),
  hostile: fc.constantFrom(...HOSTILE),
  json: fc.jsonValue({ maxDepth: 2 }),
});
type RowMutation = typeof rowMutation extends fc.Arbitrary<infer T> ? T : never;

/** Another name for `key`: a known alias (either way round) or a made-up one. */
function otherName(key: string): string {
  if (Object.hasOwn(FIRST_GUESSES, key)) return FIRST_GUESSES[key]!;
  const canonical = Object.entries(FIRST_GUESSES).find(([, guess]) => guess === key)?.[0];
  return canonical ?? `${key}_renamed`;
}

/** Applies the mutations to the rows of `list` in place (a row is rebuilt where a key moves). */
function damageRows(list: unknown[], mutations: RowMutation[]): void {
  for (const { row, key, how, hostile, json } of mutations) {
    if (list.length === 0) return;
    const index = row % list.length;
    const current = list[index];
    if (how === 'row') {
      list[index] = json;
      continue;
    }
    if (current === null || typeof current !== 'object' || Array.isArray(current)) continue;
    const value = current as Json;
    const had = value[key];
    if (how === 'remove') delete value[key];
    else if (how === 'rename') {
      delete value[key];
      value[otherName(key)] = had;
    } else if (how === 'numeric-text') value[key] = typeof had === 'number' ? String(had) : '12.5';
    else if (how === 'hostile') value[key] = hostile;
    else if (how === 'json') value[key] = json;
    else {
      // The same fields in another order: the remembered key orders must not matter.
      const moved = Object.fromEntries(Object.entries(value).filter(([name]) => name !== key));
      moved[key] = had;
      list[index] = moved;
    }
  }
}

/** Both checks on their own copy of the body as JSON.parse gives it (an own `__proto__` key stays a key). */
function expectSameCheck(name: EndpointName, params: Query, body: Json): CheckResult {
  const query = withDefaults(name, params);
  const text = JSON.stringify(body);
  const want = before.response(name, query, JSON.parse(text));
  const got = compiledCheck.response(name, query, JSON.parse(text));
  expect(got).toEqual(want);
  return got;
}

const rowBodies: Array<{ name: EndpointName; params: Query; body: Json; rows: string }> = [
  { name: 'answers', params: { project: 1001 }, body: answersBody(6) as Json, rows: 'answers' },
  {
    name: 'answers',
    params: { project: 1001 },
    body: answersBody(4, { longTexts: true }) as Json,
    rows: 'answers',
  },
  ...CASES.filter((each) => each.name !== 'summary').map((each) => ({
    name: each.name,
    params: each.params as Query,
    body: each.body,
    rows: each.name === 'action-plan' ? 'actions' : 'competitors',
  })),
];

describe('each row tested once = read, then tested again (fast-check)', () => {
  it.each(rowBodies.map((each) => [`${each.name} (${each.rows})`, each] as const))(
    '%s: same verdict, value and differences on damaged rows',
    (_label, each) => {
      fc.assert(
        fc.property(fc.array(rowMutation, { maxLength: 8 }), (mutations) => {
          const body = structuredClone(each.body);
          damageRows(body[each.rows] as unknown[], mutations);
          expectSameCheck(each.name, each.params, body);
        }),
        { numRuns: 300 },
      );
    },
  );

  it('bodies of every kind of row in one run, as a sheet refresh sees them', () => {
    // Rows that all pass, all renamed, all lacking a field, then a mix: the remembered key orders change between them.
    const shapes = [{}, { aliases: true }, { lacking: 'cited_urls' }, { lacking: 'id' }, {}];
    for (const options of shapes) {
      const result = expectSameCheck(
        'answers',
        { project: 1001 },
        answersBody(30, options) as Json,
      );
      expect(result.ok).toBe(true);
    }
    const mixed = answersBody(6) as Json;
    damageRows(mixed.answers as unknown[], [
      { row: 1, key: 'search_queries', how: 'rename', hostile: null, json: null },
      { row: 2, key: 'id', how: 'numeric-text', hostile: null, json: null },
      { row: 3, key: 'platform', how: 'hostile', hostile: 7, json: null },
      { row: 4, key: 'on_topic', how: 'hostile', hostile: 'yes', json: null },
    ]);
    expect(expectSameCheck('answers', { project: 1001 }, mixed).ok).toBe(false);
  });

  it('tests a checked row list again once a caller has changed it', () => {
    const body = answersBody(5) as Json;
    expect(compiledCheck.response('answers', { project: 1001 }, body).ok).toBe(true);
    // The same list, a documented field now wrong: no verdict of the first check may stand.
    (body.answers as Json[])[3]!.on_topic = 'yes';
    const again = compiledCheck.response('answers', { project: 1001 }, body);
    expect(again).toEqual(before.response('answers', { project: 1001 }, body));
    expect(again.ok).toBe(false);
  });

  it('takes the verdict on a list only in the check of the body that gave it', () => {
    const query = withDefaults('answers', { project: 1001 });
    const body = answersBody(5) as Json;
    const result = compiledCheck.response('answers', query, body);
    expect(result.ok && result.value).toBe(body);
    (body.answers as Json[])[3]!.on_topic = 'yes';
    // The contract's tests asked directly, in a new body: the changed row is tested.
    const { shapes, tests } = contractTests();
    beginBody();
    expect(tests(responseShape(shapes, 'answers', query, body)!)(body)).toBe(false);
  });
});
