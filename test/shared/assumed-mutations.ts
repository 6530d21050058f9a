/**
 * Random damage to assumed fields (docs/service-drift.md), shared by the
 * property tests of the core (test/shared/assumed-properties.test.ts) and of
 * the front ends (test/drift/front-end-properties.test.ts): bodies, where
 * their assumed objects sit, the named fields that must survive, and the
 * mutations (remove, rename, retype) fast-check draws.
 */
import fc from 'fast-check';
import type { EndpointName } from '../../shared/api/endpoints.js';
import { actionPlanBody, competitorBodies, summaryBody } from './table-fixtures.js';

export type Json = Record<string, unknown>;

/** Bodies, where their assumed objects sit, and the named fields that must survive. */
export const CASES: Array<{
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

export const mutation = fc.record({
  target: fc.nat(),
  key: fc.nat(),
  how: fc.constantFrom('remove', 'rename', 'text', 'numeric-text', 'object', 'null'),
});

export type Mutation = { target: number; key: number; how: string };

/** Applies the mutations to `body` in place; next_request stays, as the document names it. */
export function damage(body: Json, assumedAt: (body: Json) => Json[], mutations: Mutation[]): void {
  for (const { target, key, how } of mutations) {
    const objects = assumedAt(body);
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
}
