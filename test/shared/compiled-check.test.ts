/**
 * The Node and Apps Script clients check bodies with closures compiled from
 * the zod schemas (shared/schemas/compiled-check.ts). They must accept
 * exactly what zod accepts, and report a refused body exactly as zod does:
 * on every real sandbox body, on one-field mutations with hostile values, and
 * on arbitrary JSON.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withDefaults } from '../../shared/api/validate.js';
import { zodCheck } from '../../shared/http/zod-check.js';
import { compiledCheck, createCompiledCheck } from '../../shared/schemas/compiled-check.js';
import { contractBodies, eachMutation, type Json, mutate } from './contract-bodies.js';

const bodies = contractBodies();

/** Values that sit on the edges of what the schemas allow. */
const HOSTILE: Array<Json | undefined> = [
  undefined,
  null,
  '',
  'text',
  -1,
  -0,
  0,
  1.5,
  2 ** 53,
  -(2 ** 60),
  1e300,
  true,
  [],
  {},
  [null],
  { __proto__: null } as unknown as Json,
  '2026-02-29T06:00:00Z',
  '2028-02-29T06:00:00Z',
  '2026-13-01T06:00:00Z',
  '2026-10-01T24:00:00Z',
  '2026-10-01T06:00Z',
  '2026-10-01T06:00:00.123+02:00',
  '2026-10-01T06:00:00+0200',
  '2026-10-01',
  '2026-10',
  '2026-10-01\n',
];

describe('compiled contract check', () => {
  it('accepts every real sandbox body and returns it as it came', () => {
    for (const { name, query, body, label } of bodies) {
      expect(zodCheck.response(name, query, body).ok, label).toBe(true);
      expect(compiledCheck.response(name, query, body), label).toEqual({ ok: true, value: body });
    }
  });

  it('gives zod’s verdict and zod’s report when one field holds a hostile value', () => {
    let refused = 0;
    eachMutation(bodies, HOSTILE, { numRuns: 80, seed: 15 }, (each, broken, path, wrong) => {
      const byZod = zodCheck.response(each.name, each.query, broken);
      const byCompiled = compiledCheck.response(each.name, each.query, broken);
      const where = `${each.label} at ${path.join('.')} = ${JSON.stringify(wrong)}`;
      expect(byCompiled.ok, where).toBe(byZod.ok);
      if (!byZod.ok) {
        refused += 1;
        expect(byCompiled, where).toEqual(byZod);
      }
    });
    // The mutations did reach refusals: the property was not checked on valid bodies only.
    expect(refused).toBeGreaterThan(100);
  });

  it('agrees with zod on arbitrary JSON, whole bodies and single rows', () => {
    const answers = bodies.find((each) => each.name === 'answers')!;
    const row = (answers.body as { answers: Json[] }).answers[0]!;
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (anything, field) => {
        for (const { name, query } of bodies) {
          expect(compiledCheck.response(name, query, anything).ok).toBe(
            zodCheck.response(name, query, anything).ok,
          );
        }
        const withField = mutate(answers.body as Json, ['answers', 0], {
          ...(row as Record<string, Json>),
          prominence_level: field as Json,
        });
        expect(compiledCheck.response('answers', answers.query, withField).ok).toBe(
          zodCheck.response('answers', answers.query, withField).ok,
        );
      }),
      { numRuns: 200, seed: 15 },
    );
  });

  it('checks the error envelope and available:false like zod', () => {
    const envelope = { error: { code: 'not_found', message: 'x', status: 404 } };
    expect(compiledCheck.error(envelope)).toEqual({ ok: true, value: envelope });
    expect(compiledCheck.error({ error: { code: 'x' } })).toEqual(
      zodCheck.error({ error: { code: 'x' } }),
    );
    const unavailable = { available: false, reason: 'not connected' };
    const traffic = withDefaults('ai-traffic', { project: 1 });
    expect(compiledCheck.response('ai-traffic', traffic, unavailable).ok).toBe(true);
    const answersQuery = withDefaults('answers', { project: 1 });
    expect(compiledCheck.response('answers', answersQuery, unavailable)).toEqual(
      zodCheck.response('answers', answersQuery, unavailable),
    );
  });

  it('asks its fallback only about bodies it refuses', () => {
    const asked: unknown[] = [];
    const check = createCompiledCheck({
      response: (_name, _query, value) => {
        asked.push(value);
        return { ok: false, path: '(root)', detail: 'refused by the fallback' };
      },
      error: (value) => {
        asked.push(value);
        return { ok: false, path: '(root)', detail: 'refused by the fallback' };
      },
    });
    const answers = bodies.find((each) => each.name === 'answers')!;
    expect(check.response('answers', answers.query, answers.body).ok).toBe(true);
    expect(asked).toEqual([]);
    expect(check.response('answers', answers.query, { answers: 'no' })).toMatchObject({
      ok: false,
      detail: 'refused by the fallback',
    });
    expect(asked).toEqual([{ answers: 'no' }]);
  });
});
