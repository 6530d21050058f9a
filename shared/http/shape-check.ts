/**
 * Checks bodies against compact shapes: plain JSON compiled from the zod
 * schemas (shared/schemas/compile-shapes.ts), read by this small interpreter.
 * It checks what zod checks for our schemas (types, required and nullable
 * fields, literals, number bounds, string patterns, date-times, array
 * lengths) and keeps unknown fields, so a browser bundle gets the contract
 * check without zod's runtime.
 */

import type { EndpointName } from '../api/endpoints.js';
import { ENDPOINTS } from '../api/endpoints.js';
import { pickResponse, type ResponseSide } from '../api/response-side.js';
import {
  type BodyCheck,
  type CheckResult,
  formatJsonPath,
  isPlainObject,
  isUnavailable,
} from './body-check.js';

export type CompactShape =
  | { t: 'any' }
  | { t: 'str'; re?: string }
  | { t: 'dt' }
  | { t: 'num'; int?: true; ge?: number; gt?: number; le?: number; lt?: number }
  | { t: 'bool' }
  | { t: 'lit'; v: Array<string | number | boolean | null> }
  | { t: 'arr'; e: CompactShape; max?: number }
  | { t: 'rec'; v: CompactShape }
  | { t: 'obj'; f: Record<string, CompactShape> }
  | { t: 'opt'; s: CompactShape }
  | { t: 'nul'; s: CompactShape }
  | { t: 'or'; o: CompactShape[] }
  | { t: 'ref'; id: string };

export interface CompiledShapes {
  /** Named components, referenced by { t: 'ref', id }. */
  defs: Record<string, CompactShape>;
  responses: { [N in EndpointName]: ResponseSide<CompactShape> };
  unavailable: CompactShape;
  error: CompactShape;
}

/** zod's ISO date-time with an offset or Z (z.iso.datetime({ offset: true })). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

type Failure = { path: PropertyKey[]; detail: string };

export function createShapeCheck(shapes: CompiledShapes): BodyCheck {
  const patterns = new Map<string, RegExp>();
  const pattern = (source: string) => {
    const known = patterns.get(source);
    if (known) return known;
    const compiled = new RegExp(source);
    patterns.set(source, compiled);
    return compiled;
  };

  function check(shape: CompactShape, value: unknown, path: PropertyKey[]): Failure | undefined {
    const fail = (detail: string): Failure => ({ path, detail });
    switch (shape.t) {
      case 'any':
        return undefined;
      case 'ref': {
        const target = shapes.defs[shape.id];
        return target ? check(target, value, path) : fail(`unknown shape ${shape.id}`);
      }
      case 'opt':
        return value === undefined ? undefined : check(shape.s, value, path);
      case 'nul':
        return value === null ? undefined : check(shape.s, value, path);
      case 'str':
        if (typeof value !== 'string') return fail('expected string');
        return shape.re && !pattern(shape.re).test(value)
          ? fail(`expected text matching ${shape.re}`)
          : undefined;
      case 'dt':
        return typeof value === 'string' && DATE_TIME.test(value)
          ? undefined
          : fail('expected an ISO date-time');
      case 'num': {
        if (typeof value !== 'number' || !Number.isFinite(value)) return fail('expected number');
        if (shape.int && !Number.isInteger(value)) return fail('expected int');
        const outside =
          (shape.ge !== undefined && value < shape.ge) ||
          (shape.gt !== undefined && value <= shape.gt) ||
          (shape.le !== undefined && value > shape.le) ||
          (shape.lt !== undefined && value >= shape.lt);
        return outside ? fail('number out of the documented range') : undefined;
      }
      case 'bool':
        return typeof value === 'boolean' ? undefined : fail('expected boolean');
      case 'lit':
        return shape.v.includes(value as never)
          ? undefined
          : fail(`expected one of ${shape.v.map(String).join(', ')}`);
      case 'arr': {
        if (!Array.isArray(value)) return fail('expected array');
        if (shape.max !== undefined && value.length > shape.max)
          return fail(`expected at most ${shape.max} items`);
        for (let index = 0; index < value.length; index++) {
          const failure = check(shape.e, value[index], [...path, index]);
          if (failure) return failure;
        }
        return undefined;
      }
      case 'rec': {
        if (!isPlainObject(value)) return fail('expected record');
        for (const [key, item] of Object.entries(value)) {
          const failure = check(shape.v, item, [...path, key]);
          if (failure) return failure;
        }
        return undefined;
      }
      case 'obj': {
        if (!isPlainObject(value)) return fail('expected object');
        for (const [key, field] of Object.entries(shape.f)) {
          const failure = check(field, value[key], [...path, key]);
          if (failure) return failure;
        }
        return undefined;
      }
      case 'or':
        return shape.o.some((option) => !check(option, value, path))
          ? undefined
          : fail('matches none of the documented shapes');
    }
  }

  const run = (shape: CompactShape | undefined, value: unknown): CheckResult => {
    if (!shape) return { ok: false, path: '(root)', detail: 'no documented body for this query' };
    const failure = check(shape, value, []);
    return failure
      ? { ok: false, path: formatJsonPath(failure.path), detail: failure.detail }
      : { ok: true, value };
  };

  return {
    response: (name, query, value) =>
      run(
        ENDPOINTS[name].connectedSource && isUnavailable(value)
          ? shapes.unavailable
          : pickResponse(shapes.responses[name], query),
        value,
      ),
    error: (value) => run(shapes.error, value),
  };
}
