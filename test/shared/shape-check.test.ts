import { describe, expect, it } from 'vitest';
import { withDefaults } from '../../shared/api/validate.js';
import { createShapeCheck } from '../../shared/http/shape-check.js';
import { zodCheck } from '../../shared/http/zod-check.js';
import { compileShapes } from '../../shared/schemas/compile-shapes.js';
import { contractBodies, eachMutation, type Json, mutate } from './contract-bodies.js';

const shapeCheck = createShapeCheck(compileShapes());
const bodies = contractBodies();

describe('compact shape check', () => {
  it('accepts every real sandbox body, as zod does', () => {
    for (const { name, query, body, label } of bodies) {
      expect(zodCheck.response(name, query, body).ok, label).toBe(true);
      expect(shapeCheck.response(name, query, body), label).toEqual({ ok: true, value: body });
    }
  });

  it('gives the same verdict as zod when one field is broken or removed', () => {
    const wrongValues: Array<Json | undefined> = [
      undefined,
      null,
      'text',
      -1,
      1.5,
      2 ** 53,
      true,
      [],
      {},
    ];
    let disagreements = 0;
    eachMutation(bodies, wrongValues, { numRuns: 60, seed: 42 }, (each, broken, path, wrong) => {
      const { name, query, label } = each;
      const byZod = zodCheck.response(name, query, broken);
      const byShape = shapeCheck.response(name, query, broken);
      if (byZod.ok !== byShape.ok) disagreements++;
      expect(byShape.ok, `${label} at ${path.join('.')} = ${JSON.stringify(wrong)}`).toBe(byZod.ok);
      // Both name the same field, except inside the summary's two unions
      // (search.google/bing and ai_traffic: a body or available:false),
      // where a tie between equally deep branches may be broken differently.
      const inUnion = name === 'summary' && (path[0] === 'search' || path[0] === 'ai_traffic');
      if (!byZod.ok && !byShape.ok && !inUnion) {
        expect(byShape.path).toBe(byZod.path);
      }
    });
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
    // A field the Data API document names is checked strictly...
    const broken = mutate(summary.body as Json, ['report_url'], 42);
    expect(partial.response('summary', summary.query, broken)).toMatchObject({
      ok: false,
      path: 'report_url',
    });
    // ...an assumed one of another type is left out and reported, never a failure.
    const odd = mutate(summary.body as Json, ['ai_visibility', 'score'], 'high');
    const read = partial.response('summary', summary.query, odd);
    expect(read).toMatchObject({
      ok: true,
      differences: [{ path: 'ai_visibility.score', kind: 'type' }],
    });
    expect((read as { value: { ai_visibility: object } }).value.ai_visibility).not.toHaveProperty(
      'score',
    );
  });
});
