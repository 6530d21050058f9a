/**
 * Tolerant reading of the fields the Data API document does not name
 * (assumed fields, `!` in the compact shapes; docs/service-drift.md), before
 * the strict check of the fields it names:
 * - a field missing under its name but present under a known alias
 *   (shared/aliases.ts) is read from there;
 * - a numeric string where a number is expected is read as the number;
 * - a value of another type is left out, and so is a row that is not an
 *   object where rows are;
 * - each of these, and each assumed field that is simply missing, is a
 *   difference: reported, never a failure.
 * Named fields are left for the strict check. The body is copied where it
 * changes, never modified, so a cached body reads the same twice. Work is
 * bounded by the body's size, and the report by MAX_DIFFERENCES.
 *
 * This interpreter is the reading of the browser bundles (a card reads one
 * small body; it is the smallest code). The Node and Apps Script paths read
 * thousands of rows with the same rules compiled per shape
 * (compiled-reconcile.ts); test/shared/compiled-reconcile.test.ts holds the
 * two to the same values and differences.
 */
import { namesOf } from '../aliases.js';
import { type Difference, isPlainObject } from './body-check.js';
import type { CompactShape, CompiledShapes, ShapeTest } from './compact-shapes.js';

export type { Difference } from './body-check.js';

export interface Reconciled {
  value: unknown;
  differences: Difference[];
}

export const MAX_DIFFERENCES = 200;

/** The differences of each body read, kept beside it (never inside it) for the front end that shows it. */
const DIFFERENCES = new WeakMap<object, readonly Difference[]>();

/** Keeps a body's differences beside it (both readers: this one and compiled-reconcile.ts). */
export function keepDifferences(value: unknown, differences: readonly Difference[]): void {
  if (differences.length > 0 && value !== null && typeof value === 'object')
    DIFFERENCES.set(value, differences);
}

/** How a body read by a contract check differed from what the client expects (none: empty). */
export const differencesOf = (body: unknown): readonly Difference[] =>
  (body !== null && typeof body === 'object' && DIFFERENCES.get(body)) || [];

const DROP: unique symbol = Symbol('drop');
const ANY: CompactShape = { t: '*' };
const NUMERIC = /^\s*-?\d+(\.\d+)?([eE][-+]?\d+)?\s*$/;

/** The keys of an object that its fields do not know (neither a field nor an alias read in place of one). */
export type ExtraKeys = (
  fields: Record<string, CompactShape>,
  value: Record<string, unknown>,
) => string[];

/**
 * Reconciles a body with its shape. `extras` also reports fields the shapes
 * do not know (the drift report passes it; a card does not, so its bundle
 * carries none of it); `keepMisfits` keeps a value of another type where it
 * is (a table shows what came).
 */
export function createReconcile(
  shapes: CompiledShapes,
  test: ShapeTest,
  options: { extras?: ExtraKeys; keepMisfits?: boolean } = {},
): (shape: CompactShape | undefined, value: unknown) => Reconciled {
  return (shape, body) => {
    const differences: Difference[] = [];
    // Once per kind and path (every row of a list shares its path); bounded by MAX_DIFFERENCES.
    const note = (difference: Difference) => {
      if (
        differences.length < MAX_DIFFERENCES &&
        !differences.some(({ kind, path }) => kind === difference.kind && path === difference.path)
      )
        differences.push(difference);
    };
    const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

    /** Each item of a list or value of a record read; copied at the first change, rows left out dropped. */
    function each(value: object, read: (item: unknown, key: string) => unknown): unknown {
      let out: Record<string, unknown> | undefined;
      for (const [key, item] of Object.entries(value)) {
        const next = read(item, key);
        if (next === item) continue;
        out ??= (Array.isArray(value) ? [...value] : { ...value }) as Record<string, unknown>;
        out[key] = next;
      }
      if (!out) return value;
      const kept = Object.entries(out).filter(([, item]) => item !== DROP);
      return Array.isArray(out) ? kept.map(([, item]) => item) : Object.fromEntries(kept);
    }

    /**
     * `tolerant`: inside an assumed field, where a misfit is dropped instead of failing.
     * `named`: a named component, whose fields carry their own tiers.
     */
    function visit(
      shape: CompactShape,
      value: unknown,
      path: string,
      tolerant: boolean,
      named?: boolean,
    ): unknown {
      switch (shape.t) {
        case '*':
          return value;
        case '#':
          // Inside an assumed list only a named component's kind (an object) is
          // tolerated: a row that is not one is left out. (Like the strict check,
          // this follows a reference as compiled: a component is never a bare reference.)
          return visit(shapes.defs[shape.id] ?? ANY, value, path, tolerant, true);
        case '?':
        case '!':
          return value === undefined
            ? value
            : visit(shape.s, value, path, tolerant || shape.t === '!');
        case '~':
          return value === null ? value : visit(shape.s, value, path, tolerant);
        case 'n':
          if (tolerant && typeof value === 'string' && NUMERIC.test(value)) {
            const number = Number(value);
            if (misfit(shape, number, path, tolerant)) return DROP;
            note({ path, kind: 'type', expected: 'a number, sent as text', read: true });
            return number;
          }
          break;
        case 'a':
          if (Array.isArray(value))
            return each(value, (item) => visit(shape.e, item, `${path}[]`, tolerant));
          break;
        case 'r':
          if (isPlainObject(value))
            return each(value, (item, key) => visit(shape.v, item, join(path, key), tolerant));
          break;
        case 'o':
          if (isPlainObject(value)) return object(shape.f, value, path, tolerant && !named);
          break;
        case '|': {
          // The first option the value fits as it is, else the last (the full shape of a union
          // such as available:false | the data): reconciled against it.
          const fits = shape.o.find((option) => !test(option, value, []));
          return visit(fits ?? shape.o.at(-1) ?? ANY, value, path, tolerant);
        }
      }
      return misfit(shape, value, path, tolerant) ? DROP : value;
    }

    function misfit(shape: CompactShape, value: unknown, path: string, tolerant: boolean) {
      // The strict check's own leaf test, and its words for what was expected.
      const failure = tolerant && test(shape, value, []);
      if (!failure) return false;
      note({ path, kind: 'type', expected: failure.detail });
      // A table shows what came (nothing lost); a card leaves it out.
      return options.keepMisfits !== true;
    }

    function object(
      fields: Record<string, CompactShape>,
      value: Record<string, unknown>,
      path: string,
      tolerant: boolean,
    ): Record<string, unknown> {
      let out: Record<string, unknown> | undefined;
      for (const [key, field] of Object.entries(fields)) {
        const at = join(path, key);
        const names = namesOf(key);
        let item = value[key];
        // Missing under its name: read from a known alias (names lists the name itself first).
        const alias =
          item === undefined ? names.find((name) => value[name] !== undefined) : undefined;
        if (alias) {
          item = value[alias];
          out ??= { ...value };
          delete out[alias];
          out[key] = item;
          note({ path: at, kind: 'renamed', names, found: alias });
        }
        if (item === undefined) {
          if ((field.t === '!' && !field.o) || (tolerant && field.t !== '?' && field.t !== '!'))
            note({ path: at, kind: 'missing', names });
          continue;
        }
        const read = visit(field, item, at, tolerant || field.t === '!');
        if (read === item) continue;
        out ??= { ...value };
        if (read === DROP) delete out[key];
        else out[key] = read;
      }
      for (const key of options.extras?.(fields, value) ?? [])
        note({ path: join(path, key), kind: 'extra' });
      return out ?? value;
    }

    if (!shape) return { value: body, differences };
    const read = visit(shape, body, '', false);
    const value = read === DROP ? body : read;
    keepDifferences(value, differences);
    return { value, differences };
  };
}
