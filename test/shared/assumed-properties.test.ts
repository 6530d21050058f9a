/**
 * Assumed fields removed, renamed or retyped at random (fast-check): the
 * contract check never fails for them, the fields the Data API document
 * names come through as they were, and toTable never throws.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withDefaults } from '../../shared/api/validate.js';
import { compiledCheck } from '../../shared/schemas/compiled-check.js';
import { toTable } from '../../shared/table/normalize.js';
import { CASES, damage, type Json, mutation } from './assumed-mutations.js';

describe('assumed fields removed, renamed and retyped (fast-check)', () => {
  it.each(CASES.map((each) => [each.name, each] as const))('%s', (_name, each) => {
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 6 }), (mutations) => {
        const body = structuredClone(each.body);
        const named = structuredClone(
          Object.fromEntries(each.named.map((key) => [key, body[key]])),
        );
        damage(body, each.assumedAt, mutations);
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
