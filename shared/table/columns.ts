/**
 * Row tables: the columns the schema knows, in the schema's order, then every
 * field the schema does not know, in the order first met. Nested objects
 * become dotted columns (`connections.ga4`); arrays and records become one
 * readable cell each (cells.ts).
 */
import { inferColumnType, isPlainObject, toCell } from './cells.js';
import { columnTypeOf, type Shape } from './shape.js';
import type { Cell, ColumnType } from './types.js';

/**
 * A row shape compiled into flat arrays, once per shape (see planOf): at each
 * object level, the known keys in schema order and, per key, either the
 * column index of its leaf or the plan of its nested object. Filling a row
 * is then an indexed loop, with no Map walk per cell.
 */
interface Plan {
  keys: string[];
  /** Column index of each key's leaf, or -1 where `nested` holds an object's plan. */
  columns: number[];
  nested: Array<{ plan: Plan; name: string } | undefined>;
  known: Set<string>;
  prefix: string;
  /**
   * The order of the keys of the last row met that carried only known keys,
   * with each one's index in `keys`: JSON.parse gives every row of a page the
   * same keys in the same order, so the next row that has them is filled in
   * one pass over its own keys (see fillInOrder): per position, the key's
   * column (-1 for a nested object) and its nested plan.
   */
  order?: {
    keys: string[];
    columns: number[];
    nested: Array<{ plan: Plan; name: string } | undefined>;
  };
}

/** A column the schema knows, with the leaf it comes from (its type, semantic and description). */
export interface KnownColumn {
  name: string;
  shape: Shape;
}

export interface RowTable {
  columns: string[];
  types: ColumnType[];
  rows: Cell[][];
}

/**
 * Columns for fields the schema does not know, at most: an answer naming a
 * new key in every row must not widen a sheet or a Looker schema without
 * bound. Past it the values are left out, and the table's notes say so.
 */
export const MAX_EXTRA_COLUMNS = 100;

class Columns {
  readonly names: string[] = [];
  readonly types: ColumnType[] = [];
  readonly known: KnownColumn[] = [];
  private readonly index = new Map<string, number>();
  private readonly knownNames = new Set<string>();
  private extras = 0;
  /** Values of fields left out because MAX_EXTRA_COLUMNS was reached. */
  leftOut = 0;

  addKnown(name: string, shape: Shape): number {
    if (!this.knownNames.has(name)) this.known.push({ name, shape });
    this.knownNames.add(name);
    return this.add(name, columnTypeOf(shape));
  }

  /**
   * A column for a field the schema does not know. A dotted key can spell a
   * known column's name (`"connections.ga4": ...` at the top level); it gets
   * its own column rather than overwriting the known one. -1 once
   * MAX_EXTRA_COLUMNS are taken: the value has no column.
   */
  extra(name: string, value: unknown): number {
    const unique = this.knownNames.has(name) ? `${name} (extra)` : name;
    const existing = this.index.get(unique);
    if (existing !== undefined) return existing;
    if (this.extras >= MAX_EXTRA_COLUMNS) {
      this.leftOut += 1;
      return -1;
    }
    this.extras += 1;
    return this.add(unique, inferColumnType(value));
  }

  /** A table's own columns, starting from these known ones. */
  copy(): Columns {
    const copy = new Columns();
    copy.names.push(...this.names);
    copy.types.push(...this.types);
    copy.known.push(...this.known);
    copy.extras = this.extras;
    for (const [name, index] of this.index) copy.index.set(name, index);
    for (const name of this.knownNames) copy.knownNames.add(name);
    return copy;
  }

  private add(name: string, type: ColumnType): number {
    const existing = this.index.get(name);
    if (existing !== undefined) return existing;
    this.names.push(name);
    this.types.push(type);
    this.index.set(name, this.names.length - 1);
    return this.names.length - 1;
  }
}

function compile(
  shape: Extract<Shape, { kind: 'object' }>,
  prefix: string,
  columns: Columns,
): Plan {
  const plan: Plan = { keys: [], columns: [], nested: [], known: new Set(), prefix };
  for (const [key, field] of shape.fields) {
    const name = `${prefix}${key}`;
    plan.keys.push(key);
    plan.known.add(key);
    if (field.kind === 'object') {
      plan.columns.push(-1);
      plan.nested.push({ plan: compile(field, `${name}.`, columns), name });
    } else {
      plan.columns.push(columns.addKnown(name, field));
      plan.nested.push(undefined);
    }
  }
  return plan;
}

/**
 * Each row shape's plan and known columns, built once: the shapes are
 * module-level values, and every table of an endpoint starts from the same
 * known columns before its own extra fields are added.
 */
const plans = new WeakMap<Shape, { plan: Plan; columns: Columns }>();

function planOf(rowShape: Extract<Shape, { kind: 'object' }>): { plan: Plan; columns: Columns } {
  let known = plans.get(rowShape);
  if (!known) {
    const columns = new Columns();
    known = { plan: compile(rowShape, '', columns), columns };
    plans.set(rowShape, known);
  }
  return { plan: known.plan, columns: known.columns.copy() };
}

/** A value into its column; none when the column was refused (MAX_EXTRA_COLUMNS). */
function put(cells: Cell[], column: number, value: unknown): void {
  if (column >= 0) cells[column] = toCell(value);
}

/**
 * Whether for-in over a row sees its own keys only: true unless someone made
 * a key of Object.prototype enumerable. Asked once per table.
 */
function prototypeIsClean(): boolean {
  for (const _ in Object.prototype) return false;
  return true;
}

/**
 * A row whose keys are exactly those of `plan.order`, in that order, filled
 * with the same cells as fill()'s walk over the known keys: the keys it does
 * not carry stay null, and for-in reads each value straight from the row.
 * False for any other row (fill()'s walk then writes every known cell again).
 */
function fillInOrder(
  value: Record<string, unknown>,
  plan: Plan,
  cells: Cell[],
  columns: Columns,
): boolean {
  const order = plan.order;
  if (!order) return false;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  const expected = order.keys;
  // One pass: cells written before a key out of place are written again, the
  // same, by fill()'s walk over the known keys.
  const orderColumns = order.columns;
  let position = 0;
  for (const key in value) {
    if (expected[position] !== key) return false;
    const column = orderColumns[position]!;
    if (column >= 0) cells[column] = toCell(value[key]);
    else fillNested(value[key], order.nested[position]!, cells, columns);
    position += 1;
  }
  return position === expected.length;
}

/** A field the schema says is an object: its own columns, or a column of its own for a scalar. */
function fillNested(
  field: unknown,
  nested: { plan: Plan; name: string },
  cells: Cell[],
  columns: Columns,
): void {
  if (isPlainObject(field)) fill(field, nested.plan, cells, columns);
  // A scalar where the schema says object: keep it in a column of its own.
  else if (field !== null && field !== undefined)
    put(cells, columns.extra(nested.name, field), field);
}

function fill(value: Record<string, unknown>, plan: Plan, cells: Cell[], columns: Columns): void {
  if (cleanPrototype && fillInOrder(value, plan, cells, columns)) return;
  const { keys } = plan;
  let present = 0;
  for (let index = 0; index < keys.length; index += 1) {
    const key = keys[index]!;
    const has = Object.hasOwn(value, key);
    const field = has ? value[key] : undefined;
    if (has) present += 1;
    const column = plan.columns[index]!;
    if (column >= 0) {
      cells[column] = toCell(field);
      continue;
    }
    fillNested(field, plan.nested[index]!, cells, columns);
  }
  // Fields the schema does not know: only when the row has more keys than the known ones it carries.
  const own = Object.keys(value);
  if (own.length === present) {
    // Only known keys: the next row with these keys in this order takes fillInOrder's one pass.
    const index = own.map((key) => keys.indexOf(key));
    plan.order = {
      keys: own,
      columns: index.map((at) => plan.columns[at]!),
      nested: index.map((at) => plan.nested[at]),
    };
    return;
  }
  for (const key of own) {
    if (plan.known.has(key)) continue;
    const field = value[key];
    put(cells, columns.extra(`${plan.prefix}${key}`, field), field);
  }
}

/**
 * The columns rowTable makes from the schema alone, before any row is seen:
 * what a consumer that must declare its fields up front (Looker Studio's
 * getSchema) can rely on. Fields only met at run time come after these.
 */
export function knownColumns(rowShape: Shape | undefined): KnownColumn[] {
  const columns = new Columns();
  if (rowShape?.kind === 'object') compile(rowShape, '', columns);
  return columns.known;
}

/** Set by rowTable for the rows it fills (rendering is synchronous). */
let cleanPrototype = false;

const EMPTY_PLAN: Plan = { keys: [], columns: [], nested: [], known: new Set(), prefix: '' };

/** `rowShape` is the schema's row element; rows that are not objects land in a `value` column. */
/** `leftOut`: how many values of fields the schema does not know found no column (MAX_EXTRA_COLUMNS). */
export function rowTable(
  rowShape: Shape | undefined,
  rows: readonly unknown[],
): RowTable & { leftOut: number } {
  const { plan, columns } =
    rowShape?.kind === 'object' ? planOf(rowShape) : { plan: EMPTY_PLAN, columns: new Columns() };
  cleanPrototype = prototypeIsClean();
  // Rows start as wide as the known columns, all null; a field met later widens the table.
  const knownWidth = columns.names.length;
  const empty: Cell[] = new Array<Cell>(knownWidth).fill(null);
  const count = rows.length;
  const out: Cell[][] = new Array<Cell[]>(count);
  for (let index = 0; index < count; index += 1) {
    const row = rows[index];
    // A copy of a packed row of nulls: cheaper than filling a new one.
    const cells = empty.slice();
    if (isPlainObject(row)) fill(row, plan, cells, columns);
    else put(cells, columns.extra('value', row), row);
    out[index] = cells;
  }
  // Columns met in later rows widen the earlier ones; holes are absent values.
  const width = columns.names.length;
  if (width > knownWidth) {
    for (const cells of out) {
      for (let index = knownWidth; index < width; index += 1)
        if (cells[index] === undefined) cells[index] = null;
    }
  }
  return { columns: columns.names, types: columns.types, rows: out, leftOut: columns.leftOut };
}
