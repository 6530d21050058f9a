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
import { reconcileBody, zodCheck } from '../http/zod-check.js';
import { isoDateTime } from './common.js';
import { compileShapes } from './compile-shapes.js';

type Test = (value: unknown) => boolean;

/** zod's own pattern for z.iso.datetime({ offset: true }): the same dates pass and fail. */
const DATE_TIME: RegExp = (isoDateTime as unknown as { _zod: { def: { pattern: RegExp } } })._zod
  .def.pattern;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keys past which an object's key order is not remembered: such an object takes the plain walk. */
const MAX_ORDER = 64;

/**
 * Whether for-in over a JSON object sees exactly its own keys: true unless
 * someone made a key of Object.prototype enumerable. Asked once per body.
 */
let cleanPrototype = true;
const prototypeIsClean = (): boolean => {
  for (const _ in Object.prototype) return false;
  return true;
};

/**
 * The test of an object's fields. Every row of a page has the same keys in
 * the same order (JSON.parse builds them alike), so the test remembers the
 * order last met with each key's test: a row with that order is tested in
 * one pass over its own keys, each value read straight from it, and the
 * fields it lacks are tested as undefined. The same tests run on the same
 * values as in the plain walk over the fields, so the verdict is the same.
 */
function objectTest(fields: Record<string, CompactShape>, tests: Test[]): Test {
  const keys = Object.keys(fields);
  const width = keys.length;
  let order: string[] | undefined;
  let orderTests: Array<Test | undefined> = [];
  let lacking: number[] = [];
  let lackingFails = false;

  const walk = (value: Record<string, unknown>): boolean => {
    for (let index = 0; index < width; index += 1)
      if (!tests[index]!(value[keys[index]!])) return false;
    return true;
  };

  const inOrder = (value: Record<string, unknown>, expected: string[]): boolean | undefined => {
    let position = 0;
    for (const key in value) {
      if (expected[position] !== key) return undefined;
      position += 1;
    }
    if (position !== expected.length) return undefined;
    if (lackingFails) return false;
    position = 0;
    for (const key in value) {
      const test = orderTests[position];
      position += 1;
      if (test !== undefined && !test(value[key])) return false;
    }
    for (let index = 0; index < lacking.length; index += 1)
      if (!tests[lacking[index]!]!(value[keys[lacking[index]!]!])) return false;
    return true;
  };

  return (value) => {
    if (!isObject(value)) return false;
    const proto = Object.getPrototypeOf(value);
    const plain = cleanPrototype && (proto === Object.prototype || proto === null);
    if (plain && order !== undefined) {
      const verdict = inOrder(value, order);
      if (verdict !== undefined) return verdict;
    }
    const verdict = walk(value);
    if (plain) {
      const own = Object.keys(value);
      if (own.length <= MAX_ORDER) {
        order = own;
        orderTests = own.map((key) => {
          const index = keys.indexOf(key);
          return index >= 0 ? tests[index] : undefined;
        });
        // A lacking field reads as undefined unless Object.prototype has it (a `constructor`
        // field): its test's verdict on undefined is then the same for every such row.
        lacking = [];
        lackingFails = false;
        keys.forEach((key, index) => {
          if (own.includes(key)) return;
          if (key in Object.prototype) lacking.push(index);
          else if (!tests[index]!(undefined)) lackingFails = true;
        });
      }
    }
    return verdict;
  };
}

/** Compiles compact shapes into yes/no tests; each shape and each named component once. */
export function compileTests(shapes: CompiledShapes): (shape: CompactShape) => Test {
  const named = new Map<string, Test>();
  const compiled = new WeakMap<CompactShape, Test>();

  function reference(id: string): Test {
    const known = named.get(id);
    if (known) return known;
    const target = shapes.defs[id];
    if (!target) return () => false;
    // Bound late, so a component that refers to itself compiles once.
    let test: Test = () => false;
    const late: Test = (value) => test(value);
    named.set(id, late);
    test = compile(target);
    named.set(id, test);
    return test;
  }

  function compile(shape: CompactShape): Test {
    const known = compiled.get(shape);
    if (known) return known;
    const test = build(shape);
    compiled.set(shape, test);
    return test;
  }

  function build(shape: CompactShape): Test {
    switch (shape.t) {
      case '*':
        return () => true;
      case '#':
        return reference(shape.id);
      case '?':
      case '!': {
        const inner = compile(shape.s);
        return (value) => value === undefined || inner(value);
      }
      case '~': {
        const inner = compile(shape.s);
        return (value) => value === null || inner(value);
      }
      case 's': {
        if (shape.re === undefined) return (value) => typeof value === 'string';
        const pattern = new RegExp(shape.re);
        return (value) => typeof value === 'string' && pattern.test(value);
      }
      case 'd':
        return (value) => typeof value === 'string' && DATE_TIME.test(value);
      case 'n': {
        // zod's z.int() is a safe integer; JSON has no NaN or Infinity but a caller may.
        const whole = shape.int === true;
        const { ge, gt, le, lt } = shape;
        return (value) =>
          typeof value === 'number' &&
          (whole ? Number.isSafeInteger(value) : Number.isFinite(value)) &&
          (ge === undefined || value >= ge) &&
          (gt === undefined || value > gt) &&
          (le === undefined || value <= le) &&
          (lt === undefined || value < lt);
      }
      case 'b':
        return (value) => typeof value === 'boolean';
      case 'l': {
        const values = shape.v;
        return (value) => values.includes(value as never);
      }
      case 'a': {
        const element = compile(shape.e);
        const max = shape.max ?? Number.POSITIVE_INFINITY;
        return (value) => {
          if (!Array.isArray(value) || value.length > max) return false;
          for (let index = 0; index < value.length; index += 1)
            if (!element(value[index])) return false;
          return true;
        };
      }
      case 'r': {
        const item = compile(shape.v);
        return (value) => {
          if (!isObject(value)) return false;
          for (const key in value) if (Object.hasOwn(value, key) && !item(value[key])) return false;
          return true;
        };
      }
      case 'o':
        return objectTest(
          shape.f,
          Object.keys(shape.f).map((key) => compile(shape.f[key]!)),
        );
      case '|': {
        const options = shape.o.map(compile);
        return (value) => options.some((option) => option(value));
      }
    }
  }

  return compile;
}

/**
 * A BodyCheck that answers valid bodies from the compiled tests and hands
 * every refused body to `fallback` (zod by default) for its report. Shapes
 * are compiled on first use, so a short-lived Apps Script run pays only for
 * the endpoints it calls.
 */
export function createCompiledCheck(fallback: BodyCheck = zodCheck): BodyCheck {
  let shapes: CompiledShapes | undefined;
  let compile: ((shape: CompactShape) => Test) | undefined;
  const testOf = (pick: (all: CompiledShapes) => CompactShape | undefined): Test | undefined => {
    shapes ??= compileShapes();
    compile ??= compileTests(shapes);
    const shape = pick(shapes);
    return shape ? compile(shape) : undefined;
  };
  return {
    response(name: EndpointName, query: Query, body: unknown) {
      cleanPrototype = prototypeIsClean();
      const { value, differences } = reconcileBody(name, query, body);
      const test = testOf((all) => responseShape(all, name, query, value));
      if (!test?.(value)) return fallback.response(name, query, body);
      return differences.length > 0 ? { ok: true, value, differences } : { ok: true, value };
    },
    error(value: unknown) {
      cleanPrototype = prototypeIsClean();
      const test = testOf((all) => all.error);
      return test?.(value) ? { ok: true, value } : fallback.error(value);
    },
  };
}

/** The check the Node and Apps Script clients use. */
export const compiledCheck: BodyCheck = createCompiledCheck();
