/**
 * Assumed fields removed, renamed or retyped at random (fast-check): the
 * contract check never fails for them, the fields the Data API document
 * names come through as they were, and toTable never throws.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EndpointName } from '../../shared/api/endpoints.js';
import { withDefaults } from '../../shared/api/validate.js';
import { compiledCheck } from '../../shared/schemas/compiled-check.js';
import { toTable } from '../../shared/table/normalize.js';
import { actionPlanBody, competitorBodies, summaryBody } from './table-fixtures.js';

type Json = Record<string, unknown>;

/** Bodies, where their assumed objects sit, and the named fields that must survive. */
const CASES: Array<{
  name: EndpointName;
  params: Record<string, unknown>;
  body: Json;
  assumedAt: (body: Json) => Json[];
  named: string[];
}> = [
  {
    name: 'summary',
    params: { project: 1001 },
    body: summaryBody as Json,
    assumedAt: (body) =>
      Object.values(body).filter(
        (value): value is Json =>
          value !== null && typeof value === 'object' && !Array.isArray(value),
      ),
    named: ['included', 'report_url'],
  },
  {
    name: 'action-plan',
    params: { project: 1001 },
    body: actionPlanBody as Json,
    assumedAt: (body) => [...(body.actions as Json[]), body.snapshot as Json, body.period as Json],
    named: ['status', 'data_notes'],
  },
  {
    name: 'competitors',
    params: { project: 1001 },
    body: competitorBodies.ranking as Json,
    assumedAt: (body) => [...(body.competitors as Json[]), body.period as Json],
    named: ['pagination'],
  },
];

const mutation = fc.record({
  target: fc.nat(),
  key: fc.nat(),
  how: fc.constantFrom('remove', 'rename', 'text', 'numeric-text', 'object', 'null'),
});

describe('assumed fields removed, renamed and retyped (fast-check)', () => {
  it.each(CASES.map((each) => [each.name, each] as const))('%s', (_name, each) => {
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 6 }), (mutations) => {
        const body = structuredClone(each.body);
        const named = structuredClone(
          Object.fromEntries(each.named.map((key) => [key, body[key]])),
        );
        for (const { target, key, how } of mutations) {
          const objects = each.assumedAt(body);
          const object = objects[target % Math.max(1, objects.length)];
          if (!object) continue;
          const keys = Object.keys(object).filter((name) => name !== 'next_request');
          const field = keys[key % Math.max(1, keys.length)];
          if (field === undefined) continue;
          const value = object[field];
          if (how === 'remove') delete object[field];
          else if (how === 'rename') {
            delete object[field];
            object[`${field}_renamed`] = value;
          } else if (how === 'text') object[field] = 'not what was expected';
          else if (how === 'numeric-text')
            object[field] = typeof value === 'number' ? String(value) : '12.5';
          else if (how === 'object') object[field] = { surprise: [1, 2] };
          else object[field] = null;
        }
        const query = withDefaults(each.name, each.params as never);
        const result = compiledCheck.response(each.name, query, body);
        expect(result.ok, JSON.stringify(result)).toBe(true);
        if (result.ok) {
          const value = result.value as Json;
          for (const key of each.named) expect(value[key]).toEqual(named[key]);
        }
        expect(() => toTable(each.name, each.params as never, body)).not.toThrow();
      }),
      { numRuns: 150 },
    );
  });
});
