/**
 * Any Data API body as a table (Table in types.ts) for Sheets, CSV and the
 * widget's table view.
 *
 * Design:
 * - Row bodies (data-api 4: projects, answers, lists and series): the rows are
 *   where `ENDPOINTS[name].rows(query)` says; the caller's `rows` (collected
 *   across pages) replace them. Columns come from the zod row schema, in its
 *   order, with its types (shape.ts); nested objects become dotted columns,
 *   arrays and records one readable cell (cells.ts). Fields the schemas do not
 *   know are appended, first met first, so a new server field shows up
 *   instead of breaking the sheet.
 * - Non-row bodies (the project summary, `summary` datasets) and bodies whose
 *   rows are missing: a block / field / value table with one row per leaf
 *   (key-value.ts).
 * - `available: false` (data-api 2.5): one row saying why, never an empty sheet.
 * - Notes: the period used (and the requested one after a fallback), fetched_at
 *   and is_stale, the page position, and every envelope field of a row body,
 *   so nothing the response said is lost.
 * - Depth: values nested more than MAX_DEPTH levels (cells.ts) are cut short,
 *   and a note says so; nothing recurses without bound.
 * Nothing here throws on a surprising body: the table shows what came.
 */
import { ENDPOINTS, type EndpointName, type Query, type RowsLocation } from '../api/endpoints.js';
import { responseSchema } from '../api/responses.js';
import { withDefaults } from '../api/validate.js';
import { reconcileBody } from '../http/zod-check.js';
import { unavailableSourceSchema } from '../schemas/common.js';
import {
  CUT_SHORT,
  depthCuts,
  inferColumnType,
  isPlainObject,
  MAX_DEPTH,
  renderText,
  toCell,
} from './cells.js';
import { MAX_EXTRA_COLUMNS, rowTable } from './columns.js';
import { KEY_VALUE_COLUMNS, KEY_VALUE_TYPES, keyValueRows } from './key-value.js';
import {
  fieldNote,
  freshnessNote,
  paginationNote,
  periodNote,
  summaryBlockLabel,
  thirtyDayBlocksNote,
} from './notes.js';
import { columnTypeOf, type Shape, shapeOf } from './shape.js';
import type { Cell, ColumnType, Table } from './types.js';

/** Envelope fields that get a sentence of their own rather than `key: value`. */
const EXPLAINED_FIELDS = new Set(['period', 'fetched_at', 'is_stale', 'pagination', 'available']);

export function toTable(
  name: EndpointName,
  params: Query,
  body: unknown,
  rows?: readonly unknown[],
): Table {
  const cutsBefore = depthCuts.count;
  const table = buildTable(name, params, body, rows);
  if (depthCuts.count === cutsBefore) return table;
  return {
    ...table,
    notes: [
      ...table.notes,
      `Values nested more than ${MAX_DEPTH} levels deep are cut short and shown as ${CUT_SHORT}`,
    ],
  };
}

function buildTable(
  name: EndpointName,
  params: Query,
  body: unknown,
  rows?: readonly unknown[],
): Table {
  const definition = ENDPOINTS[name];
  const query = withDefaults(name, params);
  const periodLabel = definition.connectedSource ? 'Window' : 'Period';
  if (!isPlainObject(body)) {
    return {
      columns: [...KEY_VALUE_COLUMNS],
      types: [...KEY_VALUE_TYPES],
      rows: [[null, 'body', toCell(body)]],
      notes: ['The response was not a JSON object; its value is shown as it came'],
    };
  }
  if (body.available === false) return unavailableTable(body, periodLabel);

  const schema = responseSchema(name, query);
  const shape = schema ? shapeOf(schema) : undefined;
  const location = definition.rows(query);
  // Read as every front end reads it: known aliases, numeric strings (shared/http/reconcile.ts).
  const read = reconciled(name, query, body, location?.key, rows);
  const data = read.body;
  const contextNotes = [
    periodNote(data.period, periodLabel),
    name === 'summary' ? thirtyDayBlocksNote(data) : undefined,
    freshnessNote(data),
  ];
  const listed = read.rows ?? (location ? data[location.key] : undefined);

  if (!location || !Array.isArray(listed)) {
    return {
      columns: [...KEY_VALUE_COLUMNS],
      types: [...KEY_VALUE_TYPES],
      rows: keyValueRows(data, shape, name === 'summary' ? summaryBlockLabel : undefined),
      notes: defined(contextNotes),
    };
  }

  const { leftOut, ...rowsTable } = rowTable(rowElement(shape, location.key), listed);
  const table = withAbout(rowsTable, location, data);
  const envelope = Object.keys(data)
    .filter((key) => key !== location.key && !EXPLAINED_FIELDS.has(key))
    .map((key) => fieldNote(key, data[key]));
  return {
    ...table,
    notes: defined([
      ...contextNotes,
      location.about ? matchNote(location.about, params, data) : undefined,
      paginationNote(data.pagination, rows ? rows.length : undefined),
      ...envelope,
      leftOut > 0
        ? `Fields the Data API document does not name get at most ${MAX_EXTRA_COLUMNS} columns; ${leftOut} more values were left out`
        : undefined,
    ]),
  };
}

/** The rows with what they are about as a first column (RowsLocation.about), when the body names it. */
function withAbout(
  table: Pick<Table, 'columns' | 'types' | 'rows'>,
  location: RowsLocation,
  data: Record<string, unknown>,
): Pick<Table, 'columns' | 'types' | 'rows'> {
  const about = location.about;
  const value = about ? data[about.field] : undefined;
  if (!about || typeof value !== 'string') return table;
  const cell = renderText(value);
  return {
    columns: [about.column, ...table.columns],
    types: ['text', ...table.types],
    rows: table.rows.map((row) => [cell, ...row]),
  };
}

/**
 * A fragment that matched another name says which, so `competitor=a` never
 * reads as a table about "a", nor silently as the project's own brand.
 */
function matchNote(
  about: NonNullable<RowsLocation['about']>,
  params: Query,
  data: Record<string, unknown>,
): string | undefined {
  const asked = params[about.asked];
  const matched = data[about.field];
  if (typeof asked !== 'string' || typeof matched !== 'string') return undefined;
  const own = data.is_own_brand === true ? ', your own brand' : '';
  if (asked.trim().toLowerCase() === matched.trim().toLowerCase() && own === '') return undefined;
  return `${about.asked} '${renderText(asked)}' matched ${renderText(matched)}${own}; give more of the name for another brand`;
}

/**
 * The body (and the caller's rows) reconciled with the contract's assumed
 * fields; idempotent, so a body the client already read comes out the same.
 */
function reconciled(
  name: EndpointName,
  query: Query,
  body: Record<string, unknown>,
  key: string | undefined,
  rows: readonly unknown[] | undefined,
): { body: Record<string, unknown>; rows?: readonly unknown[] } {
  const whole = rows && key ? { ...body, [key]: rows } : body;
  const value = reconcileBody(name, query, whole, { keepMisfits: true }).value;
  if (!isPlainObject(value)) return { body, rows };
  if (!rows || !key) return { body: value };
  const readRows = value[key];
  return { body: { ...value, [key]: body[key] }, rows: Array.isArray(readRows) ? readRows : rows };
}

/** The schema's shape of one row of a row body (undefined for bodies that are not row lists). */
export function rowShapeOf(name: EndpointName, params: Query): Shape | undefined {
  const query = withDefaults(name, params);
  const location = ENDPOINTS[name].rows(query);
  const schema = responseSchema(name, query);
  return location && schema ? rowElement(shapeOf(schema), location.key) : undefined;
}

function rowElement(shape: Shape | undefined, key: string): Shape | undefined {
  const list = shape?.kind === 'object' ? shape.fields.get(key) : undefined;
  return list?.kind === 'array' ? list.element : undefined;
}

/**
 * data-api 2.5: `available: false` with a reason. The columns are the scalar
 * fields of UnavailableSource that came, in its order, then unknown scalars;
 * the window goes to the notes.
 */
function unavailableTable(body: Record<string, unknown>, periodLabel: string): Table {
  const shape = shapeOf(unavailableSourceSchema);
  const known = shape.kind === 'object' ? [...shape.fields] : [];
  const columns: string[] = [];
  const types: ColumnType[] = [];
  const cells: Cell[] = [];
  const notes: Array<string | undefined> = [periodNote(body.period, periodLabel)];
  for (const [key, field] of known) {
    if (field.kind === 'object' || !Object.hasOwn(body, key) || body[key] === undefined) continue;
    columns.push(key);
    types.push(columnTypeOf(field));
    cells.push(toCell(body[key]));
  }
  for (const key of Object.keys(body)) {
    if (columns.includes(key) || (key === 'period' && isPlainObject(body.period))) continue;
    columns.push(key);
    types.push(inferColumnType(body[key]));
    cells.push(toCell(body[key]));
  }
  return { columns, types, rows: [cells], notes: defined(notes) };
}

const defined = (notes: ReadonlyArray<string | undefined>): string[] =>
  notes.filter((note): note is string => note !== undefined);
