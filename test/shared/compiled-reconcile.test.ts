/**
 * The compiled tolerant reading (shared/http/compiled-reconcile.ts, the Node
 * and Apps Script paths) against the interpreter it compiles
 * (shared/http/reconcile.ts, the browser bundles): on bodies whose assumed
 * fields are removed, renamed (to the service's known names too), retyped or
 * sent as numeric text, both give the same value and the same differences,
 * in the same order, dropping misfits or keeping them, with or without the
 * drift report's extra keys.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIRST_GUESSES } from '../../shared/aliases.js';
import { withDefaults } from '../../shared/api/validate.js';
import { createCompiledReconcile } from '../../shared/http/compiled-reconcile.js';
import { createReconcile, type ExtraKeys } from '../../shared/http/reconcile.js';
import { createShapeTest, responseShape } from '../../shared/http/shape-check.js';
import { compileShapes } from '../../shared/schemas/compile-shapes.js';
import { answersBody } from '../../support/answers-body.js';
import { CASES, damage, type Json, mutation } from './assumed-mutations.js';

const shapes = compileShapes();
const test = createShapeTest(shapes);
/** Keys no field names: enough to compare the two readers' `extra` reports. */
const extras: ExtraKeys = (fields, value) => Object.keys(value).filter((key) => !(key in fields));

const OPTIONS = [{}, { keepMisfits: true }, { extras }] as const;
const readers = OPTIONS.map((options) => ({
  options,
  interpreted: createReconcile(shapes, test, options),
  compiled: createCompiledReconcile(shapes, test, options),
}));

/** Renames each field that has a known other name to it (the sandbox's old-names scenario). */
function toFirstGuesses(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toFirstGuesses);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      Object.hasOwn(FIRST_GUESSES, key) ? FIRST_GUESSES[key]! : key,
      toFirstGuesses(item),
    ]),
  );
}

function expectSameReading(name: (typeof CASES)[number]['name'], params: object, body: Json) {
  const query = withDefaults(name, params as never);
  const shape = responseShape(shapes, name, query, body);
  for (const { options, interpreted, compiled } of readers) {
    const want = interpreted(shape, structuredClone(body));
    const got = compiled(shape, structuredClone(body));
    expect(got.value, JSON.stringify(options)).toEqual(want.value);
    expect(got.differences, JSON.stringify(options)).toEqual(want.differences);
  }
}

const answers = {
  name: 'answers' as const,
  params: { project: 1001 },
  body: answersBody(12) as Json,
  assumedAt: (body: Json) => [...(body.answers as Json[]), body.period as Json],
};

describe('compiled tolerant reading = the interpreter (fast-check)', () => {
  it.each([...CASES, answers].map((each) => [each.name, each] as const))(
    '%s, assumed fields damaged',
    (_name, each) => {
      fc.assert(
        fc.property(
          fc.array(mutation, { minLength: 1, maxLength: 6 }),
          fc.boolean(),
          (mutations, firstGuesses) => {
            const body = structuredClone(each.body);
            damage(body, each.assumedAt, mutations);
            expectSameReading(
              each.name,
              each.params,
              (firstGuesses ? toFirstGuesses(body) : body) as Json,
            );
          },
        ),
        { numRuns: 100 },
      );
    },
  );

  it('answers under the aliases, lacking a field, with rows that are not objects', () => {
    const aliased = answersBody(5, { aliases: true }) as Json;
    (aliased.answers as unknown[]).push('not a row', null, 7);
    expectSameReading('answers', { project: 1001 }, aliased);
    expectSameReading('answers', { project: 1001 }, answersBody(5, { lacking: 'id' }) as Json);
    expectSameReading('answers', { project: 1001 }, { answers: 'not a list' });
  });
});
