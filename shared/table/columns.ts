/**
 * Row tables: the columns the schema knows, in the schema's order, then every
 * field the schema does not know, in the order first met. Nested objects
 * become dotted columns (`connections.ga4`); arrays and records become one
 * readable cell each (cells.ts).
 */
import { inferColumnType, isPlainObject, toCell } from './cells.js';
import { columnTypeOf, type Shape } from './shape.js';
import type { Cell, ColumnType } from './types.js';

/** A row shape compiled once per table: each known leaf knows its column index. */
interface Plan {
  fields: Map<string, { index: number } | { plan: Plan; name: string }>;
  prefix: string;
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

class Columns {
  readonly names: string[] = [];
  readonly types: ColumnType[] = [];
  readonly known: KnownColumn[] = [];
  private readonly index = new Map<string, number>();
  private readonly knownNames = new Set<string>();

  addKnown(name: string, shape: Shape): number {
    if (!this.knownNames.has(name)) this.known.push({ name, shape });
    this.knownNames.add(name);
    return this.add(name, columnTypeOf(shape));
  }

  /**
   * A column for a field the schema does not know. A dotted key can spell a
   * known column's name (`"connections.ga4": ...` at the top level); it gets
   * its own column rather than overwriting the known one.
   */
  extra(name: string, value: unknown): number {
    const unique = this.knownNames.has(name) ? `${name} (extra)` : name;
    return this.index.get(unique) ?? this.add(unique, inferColumnType(value));
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
  const fields: Plan['fields'] = new Map();
  for (const [key, field] of shape.fields) {
    const name = `${prefix}${key}`;
    if (field.kind === 'object')
      fields.set(key, { plan: compile(field, `${name}.`, columns), name });
    else fields.set(key, { index: columns.addKnown(name, field) });
  }
  return { fields, prefix };
}

function fill(value: Record<string, unknown>, plan: Plan, cells: Cell[], columns: Columns): void {
  for (const [key, target] of plan.fields) {
    const field = Object.hasOwn(value, key) ? value[key] : undefined;
    if ('index' in target) cells[target.index] = toCell(field);
    else if (isPlainObject(field)) fill(field, target.plan, cells, columns);
    // A scalar where the schema says object: keep it in a column of its own.
    else if (field !== null && field !== undefined)
      cells[columns.extra(target.name, field)] = toCell(field);
  }
  for (const key of Object.keys(value)) {
    if (plan.fields.has(key)) continue;
    const field = value[key];
    cells[columns.extra(`${plan.prefix}${key}`, field)] = toCell(field);
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

/** `rowShape` is the schema's row element; rows that are not objects land in a `value` column. */
export function rowTable(rowShape: Shape | undefined, rows: readonly unknown[]): RowTable {
  const columns = new Columns();
  const plan: Plan =
    rowShape?.kind === 'object'
      ? compile(rowShape, '', columns)
      : { fields: new Map(), prefix: '' };
  const out: Cell[][] = [];
  for (const row of rows) {
    const cells: Cell[] = [];
    if (isPlainObject(row)) fill(row, plan, cells, columns);
    else cells[columns.extra('value', row)] = toCell(row);
    out.push(cells);
  }
  // Columns met in later rows widen the earlier ones; holes are absent values.
  const width = columns.names.length;
  for (const cells of out) {
    for (let index = 0; index < width; index += 1)
      if (cells[index] === undefined) cells[index] = null;
  }
  return { columns: columns.names, types: columns.types, rows: out };
}
