/**
 * Checks bodies against compact shapes: plain JSON compiled from the zod
 * schemas (shared/schemas/compile-shapes.ts), read by this small interpreter.
 * It checks what zod checks for our schemas (types, required and nullable
 * fields, literals, number bounds, string patterns, date-times, array
 * lengths) and keeps unknown fields, so a browser bundle gets the contract
 * check without zod's runtime.
 */

import type { EndpointName, Query } from '../api/endpoints.js';
import { ENDPOINTS } from '../api/endpoints.js';
import { pickResponse } from '../api/response-side.js';
import {
  type BodyCheck,
  type CheckResult,
  formatJsonPath,
  isPlainObject,
  isUnavailable,
} from './body-check.js';
import type { CompactShape, CompiledShapes, Failure, ShapeTest } from './compact-shapes.js';
import { createReconcile } from './reconcile.js';

export type { CompactShape, CompiledShapes, Failure, ShapeTest } from './compact-shapes.js';

/** zod's ISO date-time with an offset or Z (z.iso.datetime({ offset: true })). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A failure at `path` (a plain function: the interpreter runs on every value and allocates nothing until one fails). */
const fail = (path: PropertyKey[], detail: string): Failure => ({ path, detail });

/** The interpreter: the first failure of `value` against `shape`, or undefined. */
export function createShapeTest(shapes: CompiledShapes): ShapeTest {
  const patterns = new Map<string, RegExp>();
  const pattern = (source: string) => {
    const known = patterns.get(source);
    if (known) return known;
    const compiled = new RegExp(source);
    patterns.set(source, compiled);
    return compiled;
  };

  function check(shape: CompactShape, value: unknown, path: PropertyKey[]): Failure | undefined {
    switch (shape.t) {
      case '*':
        return undefined;
      case '#': {
        const target = shapes.defs[shape.id];
        return target ? check(target, value, path) : fail(path, `unknown shape ${shape.id}`);
      }
      case '?':
      case '!':
        return value === undefined ? undefined : check(shape.s, value, path);
      case '~':
        return value === null ? undefined : check(shape.s, value, path);
      case 's':
        if (typeof value !== 'string') return fail(path, 'expected string');
        return shape.re && !pattern(shape.re).test(value)
          ? fail(path, `expected text matching ${shape.re}`)
          : undefined;
      case 'd':
        return typeof value === 'string' && DATE_TIME.test(value)
          ? undefined
          : fail(path, 'expected an ISO date-time');
      case 'n': {
        if (typeof value !== 'number' || !Number.isFinite(value))
          return fail(path, 'expected number');
        if (shape.int && !Number.isSafeInteger(value)) return fail(path, 'expected int');
        const outside =
          (shape.ge !== undefined && value < shape.ge) ||
          (shape.gt !== undefined && value <= shape.gt) ||
          (shape.le !== undefined && value > shape.le) ||
          (shape.lt !== undefined && value >= shape.lt);
        return outside ? fail(path, 'number out of the documented range') : undefined;
      }
      case 'b':
        return typeof value === 'boolean' ? undefined : fail(path, 'expected boolean');
      case 'l':
        return shape.v.includes(value as never)
          ? undefined
          : fail(path, `expected one of ${shape.v.map(String).join(', ')}`);
      case 'a': {
        if (!Array.isArray(value)) return fail(path, 'expected array');
        if (shape.max !== undefined && value.length > shape.max)
          return fail(path, `expected at most ${shape.max} items`);
        for (let index = 0; index < value.length; index++) {
          const failure = check(shape.e, value[index], [...path, index]);
          if (failure) return failure;
        }
        return undefined;
      }
      case 'r': {
        if (!isPlainObject(value)) return fail(path, 'expected record');
        for (const [key, item] of Object.entries(value)) {
          const failure = check(shape.v, item, [...path, key]);
          if (failure) return failure;
        }
        return undefined;
      }
      case 'o': {
        if (!isPlainObject(value)) return fail(path, 'expected object');
        for (const [key, field] of Object.entries(shape.f)) {
          const failure = check(field, value[key], [...path, key]);
          if (failure) return failure;
        }
        return undefined;
      }
      case '|': {
        // Like zod: when every option fails, name the field of the option that
        // got furthest (e.g. summary search.google...impressions), not the union.
        let deepest: Failure | undefined;
        for (const option of shape.o) {
          const failure = check(option, value, path);
          if (!failure) return undefined;
          if (!deepest || failure.path.length > deepest.path.length) deepest = failure;
        }
        return deepest && deepest.path.length > path.length
          ? deepest
          : fail(path, 'matches none of the documented shapes');
      }
    }
  }

  return check;
}

/** The compact shape that answers this endpoint and query (or a connected source's available:false). */
export const responseShape = (
  shapes: CompiledShapes,
  name: EndpointName,
  query: Query,
  value: unknown,
): CompactShape | undefined =>
  ENDPOINTS[name].connectedSource && isUnavailable(value)
    ? shapes.unavailable
    : pickResponse(shapes.responses[name], query);

export function createShapeCheck(shapes: CompiledShapes): BodyCheck {
  const check = createShapeTest(shapes);
  const reconcile = createReconcile(shapes, check);
  const run = (shape: CompactShape | undefined, value: unknown): CheckResult => {
    if (!shape) return { ok: false, path: '(root)', detail: 'no documented body for this query' };
    const failure = check(shape, value, []);
    return failure
      ? { ok: false, path: formatJsonPath(failure.path), detail: failure.detail }
      : { ok: true, value };
  };

  return {
    response: (name, query, value) => {
      const shape = responseShape(shapes, name, query, value);
      const read = reconcile(shape, value);
      const result = run(shape, read.value);
      return result.ok && read.differences.length > 0
        ? { ...result, differences: read.differences }
        : result;
    },
    error: (value) => run(shapes.error, value),
  };
}
