/**
 * The contract check of the Node and Apps Script paths (the Sheets add-on,
 * the Looker connector, the async client), compiled once per shape into
 * closures instead of interpreting zod's schema objects on every value.
 *
 * Source of truth stays the zod schemas: the closures are built from the
 * compact shapes compileShapes() derives from them (compile-shapes.ts), with
 * zod's own date-time pattern and zod's safe-integer rule, so they accept
 * exactly what zod accepts (test/shared/compiled-check.test.ts holds them to
 * that on valid and hostile bodies). They only answer yes or no: a body they
 * refuse goes to the zod check, so every error names the same field with the
 * same words as before. A valid body is returned as it came (zod would return
 * a copy with the same content).
 *
 * The widget bundle does not use this file: it keeps the small interpreter
 * of shared/http/shape-check.ts and no zod.
 */
import type { EndpointName, Query } from '../api/endpoints.js';
import type { BodyCheck } from '../http/body-check.js';
import { type CompactShape, type CompiledShapes, responseShape } from '../http/shape-check.js';
import { contractTests, reconcileBody, zodCheck } from '../http/zod-check.js';
import { beginBody, type Test } from './compiled-tests.js';

/**
 * A BodyCheck that answers valid bodies from the compiled tests and hands
 * every refused body to `fallback` (zod by default) for its report. Shapes
 * are compiled on first use, so a short-lived Apps Script run pays only for
 * the endpoints it calls.
 */
export function createCompiledCheck(fallback: BodyCheck = zodCheck): BodyCheck {
  const testOf = (pick: (all: CompiledShapes) => CompactShape | undefined): Test | undefined => {
    // The tolerant reading's own tests: a row list it marks tested is taken without a second test.
    const { shapes, tests } = contractTests();
    const shape = pick(shapes);
    return shape ? tests(shape) : undefined;
  };
  return {
    response(name: EndpointName, query: Query, body: unknown) {
      beginBody();
      const { value, differences } = reconcileBody(name, query, body);
      const test = testOf((all) => responseShape(all, name, query, value));
      if (!test?.(value)) return fallback.response(name, query, body);
      return differences.length > 0 ? { ok: true, value, differences } : { ok: true, value };
    },
    error(value: unknown) {
      beginBody();
      const test = testOf((all) => all.error);
      return test?.(value) ? { ok: true, value } : fallback.error(value);
    },
  };
}

/** The check the Node and Apps Script clients use. */
export const compiledCheck: BodyCheck = createCompiledCheck();
