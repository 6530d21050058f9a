/**
 * The tolerant reading of reconcile.ts (its rules, word for word: aliases,
 * numeric strings, misfits, missing assumed fields, once per kind and path),
 * compiled once per shape for the Node and Apps Script paths, which read
 * thousands of rows (the Sheets add-on, the Looker connector, the clients).
 * test/shared/compiled-reconcile.test.ts holds it to the interpreter's values
 * and differences on reshaped bodies; the browser bundles keep the smaller
 * interpreter.
 *
 * Speed (docs/benchmarks.md, "The core path"): every shape is compiled once
 * into a reader per place in the body (its path, whether it is read
 * tolerantly), so a row pays only for its assumed fields: the alias names,
 * the path of each difference and whether a part can change at all are
 * settled at compile time, and a part that can neither change nor differ (a
 * named field outside any assumed one) is not visited. For the contract check
 * (`rows`), a row that passes its compiled test with its assumed fields
 * present is not read at all, and the check takes the reading's verdict on
 * the row list instead of testing each row again (testedList;
 * test/shared/row-verdict.test.ts holds this to reading, then testing).
 */
import { namesOf } from '../aliases.js';
import { type Difference, isPlainObject } from './body-check.js';
import type { CompactShape, CompiledShapes, ShapeTest } from './compact-shapes.js';
import { listToken, READ_LISTS } from './read-lists.js';
import { type ExtraKeys, keepDifferences, MAX_DIFFERENCES, type Reconciled } from './reconcile.js';

const DROP: unique symbol = Symbol('drop');
const ANY: CompactShape = { t: '*' };
const NUMERIC = /^\s*-?\d+(\.\d+)?([eE][-+]?\d+)?\s*$/;
const NO_PATH: PropertyKey[] = [];

/**
 * Reads one value at one place: the value as read (the same one when nothing
 * changed), or DROP. `path` is the place's JSON path where it depends on the
 * body (under a record's keys); elsewhere the reader knows its own.
 */
type Reader = (value: unknown, path: string) => unknown;

/** A compiled place: `read` undefined when nothing there can change or differ. */
interface Place {
  read: Reader | undefined;
  /** The path is known at compile time (not under a record). */
  fixed: boolean;
  /**
   * Set where `read` is sure to return a value unchanged and note nothing
   * when the value passes the place's compiled test (`fits`) and defines
   * these fields: a leaf the reading tests with that same test, a list or a
   * record of such, an object whose fields are such (the listed ones are
   * those it renames or reports missing when undefined). Unset (unknown)
   * elsewhere: a union, a place that refers to itself, no compiled tests.
   */
  quick?: readonly string[];
  /** A quick object's reading in two steps, for a value whose fields all fit once renamed (renamingOf). */
  renaming?: Renaming;
}

interface Renaming {
  rename: (value: Record<string, unknown>) => Record<string, unknown>;
  /** Notes what `read` notes for the value `rename` was given last. */
  note: (base: string) => void;
}

/** Compiled tests of whole rows, and the marks that let the contract check take a row list's verdict (compiled-tests.ts). */
export interface RowTests {
  /** The test of an object shape that also requires `present` to be defined: passes only values `fits` passes. */
  present: (
    shape: Extract<CompactShape, { t: 'o' }>,
    present: readonly string[],
  ) => (value: unknown) => boolean;
  /** Every item of `list` passed `test` (the list's item test), in the body being checked. */
  mark: (list: readonly unknown[], test: (value: unknown) => boolean) => void;
  forget: (list: readonly unknown[]) => void;
}

const NONE: readonly string[] = [];

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/**
 * A copy of an object without one key, in the same order. Built rather than
 * spread and deleted: a delete turns the copy into a slow dictionary object
 * that every later reader (the check, the table) pays for on each row.
 */
function without(value: Record<string, unknown>, left: string): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) if (key !== left) setOwn(copy, key, value[key]);
  return copy;
}

/** A record's key as an own field, even `__proto__` (which plain assignment would take as the prototype). */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  else target[key] = value;
}

/** Past this depth of compilation a component's places take their path from the body (recursion). */
const MAX_FIXED_DEPTH = 24;

/**
 * Reconciles a body with its shape. `extras` also reports fields the shapes
 * do not know (the drift report passes it; a card does not, so its bundle
 * carries none of it); `keepMisfits` keeps a value of another type where it
 * is (a table shows what came). `lists`: 'mark' records the lists a
 * dropping read returns (the contract check), 'skip' passes over lists so
 * recorded (the table's read, which only wants the value: the check reported
 * the differences).
 */
export function createCompiledReconcile(
  shapes: CompiledShapes,
  test: ShapeTest,
  options: {
    extras?: ExtraKeys;
    keepMisfits?: boolean;
    lists?: 'mark' | 'skip';
    /**
     * Compiled yes/no tests of the same shapes (shared/schemas/compiled-tests.ts),
     * asked first at each leaf: a value they pass passes `test` too, so `test`
     * (which words the difference) runs only for a value they refuse.
     */
    fits?: (shape: CompactShape) => (value: unknown) => boolean;
    /**
     * With `fits`, for a dropping read: each list of rows is read with the
     * rows' compiled tests, so the contract check tests each row once (see
     * `testedList`).
     */
    rows?: RowTests;
  } = {},
): (shape: CompactShape | undefined, value: unknown) => Reconciled {
  const keepMisfits = options.keepMisfits === true;
  const fitsOf = options.fits;
  // Only a dropping read's lists are fixed points of both kinds of read.
  const lists = options.lists === 'mark' && keepMisfits ? undefined : options.lists;
  const extras = options.extras;
  const rowTests = fitsOf && !keepMisfits && !extras ? options.rows : undefined;
  // The run in progress: reading is synchronous, so one set of these serves every run.
  let differences: Difference[] = [];
  let seen = new Set<string>();

  // Once per kind and path (every row of a list shares its path); bounded by MAX_DIFFERENCES.
  function note(difference: Difference): void {
    if (differences.length >= MAX_DIFFERENCES) return;
    const key = `${difference.kind}\u0000${difference.path}`;
    if (seen.has(key)) return;
    seen.add(key);
    differences.push(difference);
  }

  /**
   * A difference that one place always reports with the same words: noted once
   * per run by the place itself (a counter), so a row missing the field in a
   * list of thousands costs one comparison per row.
   */
  let run = 0;
  function site(make: () => Difference): () => void {
    let notedIn = -1;
    let difference: Difference | undefined;
    return () => {
      if (notedIn === run) return;
      notedIn = run;
      difference ??= make();
      // A copy per run: a report handed out is never shared with the next one.
      note({ ...difference });
    };
  }

  /** A misfit's report (the strict check's own leaf test and words), and whether to leave it out. */
  function misfit(shape: CompactShape, value: unknown, path: string): boolean {
    const failure = test(shape, value, NO_PATH);
    if (!failure) return false;
    note({ path, kind: 'type', expected: failure.detail });
    // A table shows what came (nothing lost); a card leaves it out.
    return !keepMisfits;
  }

  const places = new Map<string, Place>();
  const onStack = new Set<string>();
  const ids = new WeakMap<CompactShape, number>();
  let nextId = 0;
  const idOf = (shape: CompactShape) => {
    let id = ids.get(shape);
    if (id === undefined) {
      id = nextId++;
      ids.set(shape, id);
    }
    return id;
  };

  /**
   * The place of `shape` at `path` (undefined: taken from the body at run
   * time), read tolerantly or not; `named`: a named component, whose fields
   * carry their own tiers. Memoized, and bound late for a component that
   * refers to itself.
   */
  function place(
    shape: CompactShape,
    path: string | undefined,
    tolerant: boolean,
    named: boolean,
    depth: number,
  ): Place {
    const fixedPath = depth > MAX_FIXED_DEPTH ? undefined : path;
    const key = `${idOf(shape)}\u0000${tolerant ? 1 : 0}${named ? 1 : 0}\u0000${fixedPath ?? '\u0001'}`;
    const known = places.get(key);
    if (known) return known;
    if (onStack.has(key)) {
      // Recursion: read through the place once it is built.
      const late: Place = {
        read: (value, at) => places.get(key)?.read?.(value, at) ?? value,
        fixed: false,
        quick: undefined,
      };
      return late;
    }
    onStack.add(key);
    const built = build(shape, fixedPath, tolerant, named, depth + 1);
    onStack.delete(key);
    places.set(key, built);
    return built;
  }

  function build(
    shape: CompactShape,
    path: string | undefined,
    tolerant: boolean,
    named: boolean,
    depth: number,
  ): Place {
    const fixed = path !== undefined;
    const here = (at: string) => path ?? at;
    // Nothing to read: nothing changes or differs, whatever the value.
    const still: Place = { read: undefined, fixed, quick: NONE };
    switch (shape.t) {
      case '*':
        return still;
      case '#':
        // Inside an assumed list only a named component's kind (an object) is
        // tolerated: a row that is not one is left out. (Like the strict check,
        // this follows a reference as compiled: a component is never a bare reference.)
        return place(shapes.defs[shape.id] ?? ANY, path, tolerant, true, depth);
      case '?':
      case '!':
      case '~': {
        const inner = place(shape.s, path, tolerant || shape.t === '!', false, depth);
        const read = inner.read;
        if (!read) return still;
        const empty = shape.t === '~' ? null : undefined;
        return {
          read: (value, at) => (value === empty ? value : read(value, at)),
          fixed,
          quick: emptied(inner.quick),
        };
      }
      case 'n': {
        if (!tolerant) return still;
        const fits = fitsOf?.(shape);
        return {
          read: (value, at) => {
            if (typeof value === 'number' && (fits?.(value) || !test(shape, value, NO_PATH)))
              return value;
            if (typeof value === 'string' && NUMERIC.test(value)) {
              const number = Number(value);
              if (misfit(shape, number, here(at)) && !keepMisfits) return DROP;
              note({
                path: here(at),
                kind: 'type',
                expected: 'a number, sent as text',
                read: true,
              });
              return number;
            }
            return misfit(shape, value, here(at)) ? DROP : value;
          },
          fixed,
          // A number `fits` passes is returned at once.
          quick: fits ? NONE : undefined,
        };
      }
      case 'a': {
        const item = place(
          shape.e,
          path === undefined ? undefined : `${path}[]`,
          tolerant,
          false,
          depth,
        );
        return { read: list(shape, item, tolerant, path), fixed, quick: emptied(item.quick) };
      }
      case 'r': {
        const item = place(shape.v, undefined, tolerant, false, depth);
        return { read: record(shape, item, tolerant, path), fixed, quick: emptied(item.quick) };
      }
      case 'o':
        return { ...object(shape, path, tolerant && !named, tolerant, depth), fixed };
      case '|': {
        const options = shape.o.map((option) => place(option, path, tolerant, false, depth));
        if (options.every((option) => !option.read)) return still;
        const last = options.at(-1);
        return {
          read: (value, at) => {
            // The first option the value fits as it is, else the last (the full shape of a union
            // such as available:false | the data): reconciled against it.
            const index = shape.o.findIndex((option) => !test(option, value, NO_PATH));
            const chosen = index >= 0 ? options[index] : last;
            return chosen?.read ? chosen.read(value, at) : value;
          },
          fixed,
        };
      }
      default: {
        // s, d, b, l: a leaf is only ever a misfit, and only where read tolerantly.
        if (!tolerant) return still;
        const fits = fitsOf?.(shape);
        if (fits)
          return {
            read: (value, at) => (fits(value) || !misfit(shape, value, here(at)) ? value : DROP),
            fixed,
            // A value `fits` passes is returned at once.
            quick: NONE,
          };
        return { read: (value, at) => (misfit(shape, value, here(at)) ? DROP : value), fixed };
      }
    }
  }

  /**
   * A place inside a list, a record or an optional one is quick only where it
   * needs no field defined: a row of rows is not (its rows take their own turn).
   */
  const emptied = (quick: readonly string[] | undefined) =>
    quick?.length === 0 ? NONE : undefined;

  /** A misfit where a list or an object was expected (tolerant only). */
  const notKind =
    (shape: CompactShape, tolerant: boolean, path: string | undefined) =>
    (value: unknown, at: string): unknown =>
      tolerant && misfit(shape, value, path ?? at) ? DROP : value;

  /** Each item read; copied at the first change, items left out dropped. */
  function list(
    shape: CompactShape,
    item: Place,
    tolerant: boolean,
    path: string | undefined,
  ): Reader | undefined {
    const read = item.read;
    if (!read && !tolerant) return undefined;
    const other = notKind(shape, tolerant, path);
    // Lists of rows (a named component) only: one mark per page, not one per list inside a row.
    const rowList = shape.t === 'a' && shape.e.t === '#';
    const token = lists && rowList ? listToken(shape, tolerant) : undefined;
    const readList: Reader =
      testedList(shape, item, other, path) ??
      ((value, at) => {
        if (!Array.isArray(value)) return other(value, at);
        if (!read) return value;
        const itemAt = item.fixed ? '' : `${path ?? at}[]`;
        let out: unknown[] | undefined;
        let dropped = false;
        for (let index = 0; index < value.length; index += 1) {
          const current = value[index];
          const next = read(current, itemAt);
          if (next === current) continue;
          out ??= value.slice();
          out[index] = next;
          if (next === DROP) dropped = true;
        }
        if (!out) return value;
        return dropped ? out.filter((next) => next !== DROP) : out;
      });
    if (!token || !read) return readList;
    if (lists === 'skip')
      return (value, at) =>
        Array.isArray(value) && READ_LISTS.get(value) === token ? value : readList(value, at);
    return (value, at) => {
      const next = readList(value, at);
      if (Array.isArray(next)) READ_LISTS.set(next, token);
      return next;
    };
  }

  /**
   * A list of rows as the contract check reads it (`rows`): a row that passes
   * its compiled test with every field its place lists defined (the place is
   * quick) is one the reading would return unchanged without a note, so it is
   * not read; any other row is read, and what the reading keeps is tested
   * (the reading's verdict on the fields it fixed). A list whose kept rows all
   * passed is marked for the check, whose test of the list then asks no row
   * again: each row is tested once per body, and read only when it differs.
   * test/shared/row-verdict.test.ts holds this to reading then testing.
   */
  function testedList(
    shape: CompactShape,
    item: Place,
    other: Reader,
    path: string | undefined,
  ): Reader | undefined {
    const read = item.read;
    if (!rowTests || !fitsOf || !read || item.quick === undefined) return undefined;
    if (shape.t !== 'a' || shape.e.t !== '#') return undefined;
    const target = shapes.defs[shape.e.id];
    if (target?.t !== 'o') return undefined;
    const rows = rowTests;
    const rowTest = fitsOf(shape.e);
    const quick = rows.present(target, item.quick);
    const renaming = item.renaming;
    return (value, at) => {
      if (!Array.isArray(value)) return other(value, at);
      const itemAt = item.fixed ? '' : `${path ?? at}[]`;
      let out: unknown[] | undefined;
      let dropped = false;
      let tested = true;
      for (let index = 0; index < value.length; index += 1) {
        const current = value[index];
        if (quick(current)) continue;
        let next: unknown = DROP;
        let fitted = false;
        if (renaming && isPlainObject(current)) {
          const renamed = renaming.rename(current);
          fitted = rowTest(renamed);
          // Fits once renamed (or as it is, lacking a field): what the reading would return and note.
          if (fitted) {
            renaming.note(itemAt);
            next = renamed;
          }
        }
        if (!fitted) {
          next = read(current, itemAt);
          if (next !== DROP && tested && !rowTest(next)) tested = false;
        }
        if (next === current) continue;
        out ??= value.slice();
        out[index] = next;
        if (next === DROP) dropped = true;
      }
      const result = out ? (dropped ? out.filter((next) => next !== DROP) : out) : value;
      if (tested) rows.mark(result, rowTest);
      else rows.forget(result);
      return result;
    };
  }

  /** Each value of a record read, under its key's path. */
  function record(
    shape: CompactShape,
    item: Place,
    tolerant: boolean,
    path: string | undefined,
  ): Reader | undefined {
    const read = item.read;
    if (!read && !tolerant) return undefined;
    const other = notKind(shape, tolerant, path);
    return (value, at) => {
      if (!isPlainObject(value)) return other(value, at);
      if (!read) return value;
      const base = path ?? at;
      let out: Record<string, unknown> | undefined;
      for (const key of Object.keys(value)) {
        const current = value[key];
        const next = read(current, join(base, key));
        if (next === current) continue;
        if (next === DROP) out = without(out ?? value, key);
        else {
          out ??= { ...value };
          setOwn(out, key, next);
        }
      }
      return out ?? value;
    };
  }

  /** One field of an object, compiled: only the fields that can change or differ are kept. */
  interface Field {
    key: string;
    /** Fixed path, or undefined when it is taken from the body. */
    at: string | undefined;
    /** The alias names looked for when the field is missing (the name itself excluded). */
    aliases: readonly string[];
    names: readonly string[];
    /** Reported when missing (an assumed field, or any field inside an assumed object). */
    reportsMissing: boolean;
    /** Notes the field as missing, once per run (at a fixed path). */
    missing: (() => void) | undefined;
    renamed: Map<string, () => void>;
    read: Reader | undefined;
    fixed: boolean;
    quick: readonly string[] | undefined;
  }

  function object(
    shape: Extract<CompactShape, { t: 'o' }>,
    path: string | undefined,
    tolerantFields: boolean,
    tolerant: boolean,
    depth: number,
  ): Pick<Place, 'read' | 'quick' | 'renaming'> {
    const fields: Field[] = [];
    for (const [key, field] of Object.entries(shape.f)) {
      const at = path === undefined ? undefined : join(path, key);
      const names = namesOf(key);
      const reportsMissing =
        (field.t === '!' && !field.o) || (tolerantFields && field.t !== '?' && field.t !== '!');
      const inner = place(field, at, tolerantFields || field.t === '!', false, depth);
      const aliases = names.filter((name) => name !== key);
      if (!inner.read && !reportsMissing && aliases.length === 0) continue;
      const missing = reportsMissing
        ? at === undefined
          ? undefined
          : site(() => ({ path: at, kind: 'missing', names }))
        : undefined;
      const renamed = new Map<string, () => void>();
      if (at !== undefined)
        for (const alias of aliases)
          renamed.set(
            alias,
            site(() => ({ path: at, kind: 'renamed', names, found: alias })),
          );
      fields.push({
        key,
        at,
        aliases,
        names,
        reportsMissing,
        missing,
        renamed,
        read: inner.read,
        fixed: inner.fixed,
        quick: inner.quick,
      });
    }
    const fieldMap = shape.f;
    if (fields.length === 0 && !extras && !tolerant)
      return { read: undefined, quick: NONE, renaming: undefined };
    const other = notKind(shape, tolerant, path);
    const width = fields.length;
    // Quick: every field's own place is, and is passed over or read unchanged once defined.
    const named = fields.filter((field) => field.reportsMissing || field.aliases.length > 0);
    const quick =
      !extras && fields.every((field) => field.quick?.length === 0)
        ? named.map((field) => field.key)
        : undefined;
    // A field found under another name that is itself a field here would be read twice: no renaming alone then.
    const renaming =
      quick && !named.some((field) => field.aliases.some((alias) => Object.hasOwn(fieldMap, alias)))
        ? renamingOf(named)
        : undefined;
    const read: Reader = (value, base) => {
      if (!isPlainObject(value)) return other(value, base);
      let out: Record<string, unknown> | undefined;
      for (let index = 0; index < width; index += 1) {
        const field = fields[index]!;
        const { key } = field;
        let item = value[key];
        if (item === undefined) {
          // Missing under its name: read from a known alias.
          const alias = aliasIn(field, value);
          if (alias !== undefined) {
            item = value[alias];
            out = without(out ?? value, alias);
            out[key] = item;
            noteRenamed(field, base, alias);
          } else {
            noteMissing(field, base);
            continue;
          }
        }
        const read = field.read;
        if (!read) continue;
        const next = read(item, field.fixed ? '' : (field.at ?? join(base, key)));
        if (next === item) continue;
        if (next === DROP) out = without(out ?? value, key);
        else {
          out ??= { ...value };
          out[key] = next;
        }
      }
      if (extras) {
        const at = path ?? base;
        for (const key of extras(fieldMap, value)) note({ path: join(at, key), kind: 'extra' });
      }
      return out ?? value;
    };
    return { read, quick, renaming };
  }

  /**
   * The reading of a quick object whose fields all fit once renamed, in two
   * steps: `rename` is what `read` returns for it (the fields found under
   * another name moved to their own, nothing else changed or noted), and
   * `note` then notes what `read` notes for it, in the same order (each
   * renamed or missing field, as `rename` met them). The caller tests `rename`'s value first: every field it
   * holds fits, so `read` would have returned each one unchanged.
   */
  function renamingOf(named: Field[]): Renaming {
    const width = named.length;
    // What the last rename met, for its notes: the fields absent under their name and the
    // other name each was found under (undefined: missing). Renaming is synchronous.
    const absent: Field[] = [];
    const foundAs: Array<string | undefined> = [];
    let count = 0;
    return {
      rename: (value) => {
        let out: Record<string, unknown> | undefined;
        count = 0;
        for (let index = 0; index < width; index += 1) {
          const field = named[index]!;
          if (value[field.key] !== undefined) continue;
          const alias = aliasIn(field, value);
          absent[count] = field;
          foundAs[count] = alias;
          count += 1;
          if (alias === undefined) continue;
          const item = value[alias];
          out = without(out ?? value, alias);
          out[field.key] = item;
        }
        return out ?? value;
      },
      note: (base) => {
        for (let index = 0; index < count; index += 1) {
          const alias = foundAs[index];
          if (alias !== undefined) noteRenamed(absent[index]!, base, alias);
          else noteMissing(absent[index]!, base);
        }
      },
    };
  }

  /** The first of a field's other names the object holds a value under. */
  function aliasIn(field: Field, value: Record<string, unknown>): string | undefined {
    for (const name of field.aliases) if (value[name] !== undefined) return name;
    return undefined;
  }

  function noteRenamed(field: Field, base: string, alias: string): void {
    const noted = field.renamed.get(alias);
    if (noted) noted();
    else note({ path: join(base, field.key), kind: 'renamed', names: field.names, found: alias });
  }

  function noteMissing(field: Field, base: string): void {
    if (field.missing) field.missing();
    else if (field.reportsMissing)
      note({ path: join(base, field.key), kind: 'missing', names: field.names });
  }

  const roots = new WeakMap<CompactShape, Place>();

  return (shape, body) => {
    differences = [];
    seen = new Set();
    run += 1;
    const found = differences;
    if (!shape) return { value: body, differences: found };
    let root = roots.get(shape);
    if (!root) {
      root = place(shape, '', false, false, 0);
      roots.set(shape, root);
    }
    const read = root.read ? root.read(body, '') : body;
    const value = read === DROP ? body : read;
    keepDifferences(value, found);
    return { value, differences: found };
  };
}
