/**
 * The contract's shapes compiled into yes/no tests, once per shape: the
 * contract check of the Node and Apps Script paths (compiled-check.ts) and
 * the leaf tests of the compiled tolerant reading
 * (shared/http/compiled-reconcile.ts) run them instead of interpreting the
 * shapes on every value. They accept exactly what zod accepts
 * (test/shared/compiled-check.test.ts); the widget bundles do not use them.
 */
import type { CompactShape, CompiledShapes } from '../http/compact-shapes.js';
import { isoDateTime } from './common.js';

export type Test = (value: unknown) => boolean;

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

/** The body being checked (beginBody): a list marked tested in another one is tested again. */
let currentBody = 0;

/**
 * Row lists whose every row the contract check's tolerant reading of this
 * body already passed through the row's own test (markTested), with that
 * test and the body: the check's test of the list then asks each row's test
 * once instead of twice (docs/benchmarks.md, "The core path").
 */
const TESTED = new WeakMap<object, { test: Test; body: number }>();

/**
 * Starts the check of one body, before its reading and its tests run: asks
 * again whether Object.prototype has enumerable keys, and lets go of every
 * list marked tested before (a caller may have changed it since).
 */
export function beginBody(): void {
  currentBody += 1;
  cleanPrototype = true;
  for (const _ in Object.prototype) {
    cleanPrototype = false;
    return;
  }
}

/**
 * Says that `test` passed every item of `list`, in the body begun last: the
 * compiled test of a list whose items `test` tests (the same function) then
 * takes it without asking `test` again. Only the reading that runs right
 * before the check's tests (shared/http/compiled-reconcile.ts) marks lists.
 */
export function markTested(list: readonly unknown[], test: Test): void {
  TESTED.set(list, { test, body: currentBody });
}

/** Takes back a mark: some item of `list` was not passed through its test. */
export function forgetTested(list: readonly unknown[]): void {
  TESTED.delete(list);
}

function testedBefore(list: readonly unknown[], test: Test): boolean {
  const mark = TESTED.get(list);
  return mark !== undefined && mark.test === test && mark.body === currentBody;
}

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
    if (lackingFails) return sameOrder(value, expected) ? false : undefined;
    // One pass: a key in its remembered place has its own field's test, so a
    // failing test there is the plain walk's verdict too, whatever follows.
    let position = 0;
    for (const key in value) {
      if (expected[position] !== key) return undefined;
      const test = orderTests[position];
      position += 1;
      if (test !== undefined && !test(value[key])) return false;
    }
    if (position !== expected.length) return undefined;
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

/**
 * Whether `value`'s keys are `expected`, in that order: a row with the order
 * of one that lacks a field its test refuses as undefined fails without a
 * test of the others.
 */
function sameOrder(value: Record<string, unknown>, expected: string[]): boolean {
  let position = 0;
  for (const key in value) {
    if (expected[position] !== key) return false;
    position += 1;
  }
  return position === expected.length;
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
        // Only lists of rows (a named component) are ever marked: other lists skip the lookup.
        const rows = shape.e.t === '#';
        return (value) => {
          if (!Array.isArray(value) || value.length > max) return false;
          if (rows && testedBefore(value, element)) return true;
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
 * The test of an object shape that also requires the fields `present` to be
 * defined (read as `value[key]`, as the tolerant reading reads them): the
 * same field tests as `compile(shape)`, each present field's made stricter,
 * so a value it passes `compile(shape)` passes too. The tolerant reading
 * asks it first for each row (compiled-reconcile.ts).
 */
export function presentTest(
  compile: (shape: CompactShape) => Test,
  shape: Extract<CompactShape, { t: 'o' }>,
  present: readonly string[],
): Test {
  return objectTest(
    shape.f,
    Object.keys(shape.f).map((key) => {
      const test = compile(shape.f[key]!);
      return present.includes(key) ? (value: unknown) => value !== undefined && test(value) : test;
    }),
  );
}
