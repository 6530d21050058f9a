/** Checks bodies with the zod schemas themselves: the reference implementation of BodyCheck. */
import * as z from 'zod/mini';
import { ENDPOINTS, type EndpointName, type Query } from '../api/endpoints.js';
import { responseSchema } from '../api/responses.js';
import { errorEnvelopeSchema, unavailableSourceSchema } from '../schemas/common.js';
import { compileShapes } from '../schemas/compile-shapes.js';
import {
  compileTests,
  forgetTested,
  markTested,
  presentTest,
  type Test,
} from '../schemas/compiled-tests.js';
import { type BodyCheck, type CheckResult, formatJsonPath, isUnavailable } from './body-check.js';
import { createCompiledReconcile } from './compiled-reconcile.js';
import type { Reconciled } from './reconcile.js';
import {
  type CompactShape,
  type CompiledShapes,
  createShapeTest,
  responseShape,
} from './shape-check.js';

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') return `expected ${issue.expected}`;
  if (issue.code === 'invalid_value')
    return `expected one of ${issue.values.map(String).join(', ')}`;
  if (issue.code === 'invalid_union') return 'matches none of the documented shapes';
  return issue.message;
}

function run(schema: z.ZodMiniType, value: unknown): CheckResult {
  const result = z.safeParse(schema, value);
  if (result.success) return { ok: true, value: result.data };
  const first = result.error.issues[0];
  return first
    ? { ok: false, path: formatJsonPath(first.path), detail: describeIssue(first) }
    : { ok: false, path: '(root)', detail: 'unknown shape' };
}

type Reconcile = (shape: CompactShape | undefined, value: unknown) => Reconciled;
let reconcile: Reconcile | undefined;
let keepingReconcile: Reconcile | undefined;
let shapes: CompiledShapes | undefined;
let tests: ((shape: CompactShape) => Test) | undefined;

/**
 * The contract's compact shapes and their compiled yes/no tests, compiled
 * once on first use: the tolerant reading and the compiled contract check
 * (shared/schemas/compiled-check.ts) share them, so a row list the reading
 * marks tested is known to the check's test of it by the same row test.
 */
export function contractTests(): {
  shapes: CompiledShapes;
  tests: (shape: CompactShape) => Test;
} {
  shapes ??= compileShapes();
  tests ??= compileTests(shapes);
  return { shapes, tests };
}

/**
 * A body with its assumed fields read tolerantly (reconcile.ts's rules,
 * compiled per shape: compiled-reconcile.ts), against the
 * compact shapes compiled from the same schemas (once, on first use).
 */
export function reconcileBody(
  name: EndpointName,
  query: Query,
  body: unknown,
  options: { keepMisfits?: boolean } = {},
): Reconciled {
  const { shapes, tests: fits } = contractTests();
  if (!reconcile || !keepingReconcile) {
    const test = createShapeTest(shapes);
    // The table's read passes over the lists the check's read returned: each row is read once.
    keepingReconcile = createCompiledReconcile(shapes, test, {
      keepMisfits: true,
      lists: 'skip',
      fits,
    });
    // The check's read tests each row it keeps, so the check tests no row twice.
    reconcile = createCompiledReconcile(shapes, test, {
      lists: 'mark',
      fits,
      rows: {
        present: (shape, present) => presentTest(fits, shape, present),
        mark: markTested,
        forget: forgetTested,
      },
    });
  }
  const read = options.keepMisfits ? keepingReconcile : reconcile;
  return read(responseShape(shapes, name, query, body), body);
}

export const zodCheck: BodyCheck = {
  response(name, query, body) {
    const schema =
      ENDPOINTS[name].connectedSource && isUnavailable(body)
        ? unavailableSourceSchema
        : responseSchema(name, query);
    if (!schema) return { ok: false, path: '(root)', detail: 'no documented body for this query' };
    const { value, differences } = reconcileBody(name, query, body);
    const result = run(schema, value);
    return result.ok && differences.length > 0 ? { ...result, differences } : result;
  },
  error: (value) => run(errorEnvelopeSchema, value),
};
