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
 */
import { FIELD_ALIASES, namesOf } from '../aliases.js';
import { isPlainObject } from './body-check.js';
import type { CompactShape, CompiledShapes, ShapeTest } from './shape-check.js';

export interface Difference {
  /** JSON path, with [] for "every row": answers[].search_queries. */
  path: string;
  /** missing; found under another name (renamed); of another type (type); not expected (extra). */
  kind: 'missing' | 'renamed' | 'type' | 'extra';
  /** The names looked for, the canonical first (missing, renamed). */
  names?: readonly string[];
  /** The name it was found under (renamed). */
  found?: string;
  /** What was expected (type). */
  expected?: string;
  /** Of another type, but read all the same (a number sent as text). */
  read?: true;
}

export interface Reconciled {
  value: unknown;
  differences: Difference[];
}

export const MAX_DIFFERENCES = 200;

/** The differences of each body read, kept beside it (never inside it) for the front end that shows it. */
const DIFFERENCES = new WeakMap<object, readonly Difference[]>();

/** How a body read by a contract check differed from what the client expects (none: empty). */
export const differencesOf = (body: unknown): readonly Difference[] =>
  (body !== null && typeof body === 'object' && DIFFERENCES.get(body)) || [];

const DROP: unique symbol = Symbol('drop');
const NUMERIC = /^\s*-?\d+(\.\d+)?([eE][-+]?\d+)?\s*$/;

const TYPE_WORDS: Record<string, string> = {
  s: 'text',
  n: 'a number',
  b: 'true or false',
  l: 'a documented value',
  a: 'a list',
  o: 'an object',
};

/**
 * Reconciles a body with its shape. `extras` also reports fields the shapes
 * do not know (the drift report wants them; a card does not); `keepMisfits`
 * keeps a value of another type where it is (a table shows what came).
 */
export function createReconcile(
  shapes: CompiledShapes,
  test: ShapeTest,
  options: { extras?: boolean; keepMisfits?: boolean } = {},
): (shape: CompactShape | undefined, value: unknown) => Reconciled {
  const resolve = (shape: CompactShape): CompactShape => {
    let current = shape;
    for (let hops = 0; current.t === '#' && hops < 32; hops++)
      current = shapes.defs[current.id] ?? { t: '*' };
    return current;
  };

  return (shape, body) => {
    const differences: Difference[] = [];
    const seen = new Set<string>();
    const note = (difference: Difference) => {
      const key = `${difference.kind} ${difference.path}`;
      if (seen.has(key) || differences.length >= MAX_DIFFERENCES) return;
      seen.add(key);
      differences.push(difference);
    };
    const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

    /** `tolerant`: inside an assumed field, where a misfit is dropped instead of failing. */
    function visit(shape: CompactShape, value: unknown, path: string, tolerant: boolean): unknown {
      switch (shape.t) {
        case '*':
          return value;
        case '#': {
          // A named component carries its own tiers; inside an assumed list only its kind
          // (an object) is tolerated: a row that is not one is left out.
          const target = resolve(shape);
          if (target.t !== 'o') return visit(target, value, path, tolerant);
          if (!isPlainObject(value)) return misfit(target, value, path, tolerant) ? DROP : value;
          return object(target.f, value, path, false);
        }
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
          return misfit(shape, value, path, tolerant) ? DROP : value;
        case 'a': {
          if (!Array.isArray(value)) return misfit(shape, value, path, tolerant) ? DROP : value;
          const rows = `${path}[]`;
          let out: unknown[] | undefined;
          for (let index = 0; index < value.length; index++) {
            const item = visit(shape.e, value[index], rows, tolerant);
            if (item !== value[index] && !out) out = value.slice(0, index);
            if (out && item !== DROP) out.push(item);
          }
          return out ?? value;
        }
        case 'r': {
          if (!isPlainObject(value)) return misfit(shape, value, path, tolerant) ? DROP : value;
          let out: Record<string, unknown> | undefined;
          for (const [key, item] of Object.entries(value)) {
            const read = visit(shape.v, item, join(path, key), tolerant);
            if (read === item) continue;
            out ??= { ...value };
            if (read === DROP) delete out[key];
            else out[key] = read;
          }
          return out ?? value;
        }
        case 'o':
          return isPlainObject(value)
            ? object(shape.f, value, path, tolerant)
            : misfit(shape, value, path, tolerant)
              ? DROP
              : value;
        case '|': {
          // The first option the value fits as it is, else the last (the full shape of a union
          // such as available:false | the data): reconciled against it.
          const fits = shape.o.find((option) => !test(option, value, []));
          return visit(fits ?? shape.o[shape.o.length - 1] ?? { t: '*' }, value, path, tolerant);
        }
        default:
          return misfit(shape, value, path, tolerant) ? DROP : value;
      }
    }

    function misfit(shape: CompactShape, value: unknown, path: string, tolerant: boolean) {
      if (!tolerant || !test(shape, value, [])) return false;
      note({ path, kind: 'type', expected: TYPE_WORDS[shape.t] ?? 'another shape' });
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
      const copy = () => {
        out ??= { ...value };
        return out;
      };
      const aliasesUsed = new Set<string>();
      for (const [key, field] of Object.entries(fields)) {
        let item = value[key];
        if (item === undefined && Object.hasOwn(FIELD_ALIASES, key)) {
          const alias = namesOf(key).find((name) => name !== key && value[name] !== undefined);
          if (alias) {
            item = value[alias];
            aliasesUsed.add(alias);
            const target = copy();
            delete target[alias];
            target[key] = item;
            note({ path: join(path, key), kind: 'renamed', names: namesOf(key), found: alias });
          }
        }
        const assumed = tolerant || field.t === '!';
        if (item === undefined) {
          if ((field.t === '!' && !field.o) || (tolerant && field.t !== '?' && field.t !== '!'))
            note({ path: join(path, key), kind: 'missing', names: namesOf(key) });
          continue;
        }
        const read = visit(field, item, join(path, key), assumed);
        if (read === item) continue;
        if (read === DROP) delete copy()[key];
        else copy()[key] = read;
      }
      if (options.extras) {
        for (const key of Object.keys(value)) {
          if (!Object.hasOwn(fields, key) && !aliasesUsed.has(key))
            note({ path: join(path, key), kind: 'extra' });
        }
      }
      return out ?? value;
    }

    if (!shape) return { value: body, differences };
    const read = visit(shape, body, '', false);
    const value = read === DROP ? body : read;
    if (differences.length > 0 && value !== null && typeof value === 'object')
      DIFFERENCES.set(value, differences);
    return { value, differences };
  };
}

/** A difference in plain words, for a card's Details, a log line and the drift report. */
export function describeDifference(difference: Difference): string {
  const at = difference.path || '(root)';
  switch (difference.kind) {
    case 'missing':
      return `The service's answer has no ${conceptWords(difference)} (looked for ${(difference.names ?? [at]).join(', ')} at ${at})`;
    case 'renamed':
      return `${at}: found under another name, ${difference.found}`;
    case 'type':
      return difference.read
        ? `${at}: ${difference.expected ?? 'of another type'}; read anyway`
        : `${at}: of another type (${difference.expected ?? 'another shape'}); left out`;
    case 'extra':
      return `${at}: not known to the client`;
  }
}

function conceptWords(difference: Difference): string {
  const last = difference.path.replace(/\[\]/g, '').split('.').pop() ?? '';
  const alias = Object.hasOwn(FIELD_ALIASES, last) ? FIELD_ALIASES[last] : undefined;
  return alias ? alias.concept : last.replaceAll('_', ' ');
}
