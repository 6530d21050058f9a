/**
 * The supporting rows an action's next_request returns, as a small table in
 * the widgets' formatting voice, with the API's paging. The rows are the
 * body's list of records, whichever endpoint the link named (answers, rows,
 * competitors, domains…): the element follows links as written and carries
 * no endpoint table for them (followLink). Loaded with the rows' first
 * answer, as a chunk beside the full bundle (docs/widgets.md, "Size").
 */
import { isPlainObject } from '../../shared/http/body-check.js';
import type { Pagination } from '../../shared/schemas/common.js';
import { type Cell, cell, type Formatters } from '../internal/format.js';

export interface RowsTable {
  /** Row keys, in the order they first appear. */
  columns: string[];
  rows: Cell[][];
  /** The answer's pagination, when the list is paged. */
  pagination: Pagination | undefined;
  /** How many records the answer held; more than `rows` when they were capped at MAX_ROWS. */
  received: number;
}

/**
 * Rows shown at most: an answer can hold any number (50,000 rows took seconds
 * of the page's main thread to lay out); the table is a glance, the report has all.
 */
export const MAX_ROWS = 200;

/** Columns shown at most: the table is a glance, the report has the rest. */
const MAX_COLUMNS = 10;
/** Ids mean nothing to a reader of the table. */
const HIDDEN_COLUMN = /(^id$|_id$)/;

/** The answer's pagination when it has the fields the pager reads, as numbers. */
function paginationOf(value: unknown): Pagination | undefined {
  return isPlainObject(value) &&
    ['offset', 'limit', 'returned', 'total'].every((key) => Number.isSafeInteger(value[key])) &&
    typeof value.has_more === 'boolean'
    ? (value as Pagination)
    : undefined;
}

/** Top-level keys looked at for the list: a hostile body cannot make the search long. */
const MAX_KEYS = 50;

/** The body's first top-level list that holds records: a list body has exactly one. */
function recordsOf(body: Record<string, unknown>): Record<string, unknown>[] {
  for (const value of Object.values(body).slice(0, MAX_KEYS)) {
    if (Array.isArray(value) && value.some(isPlainObject)) return value.filter(isPlainObject);
  }
  return [];
}

export function supportingRows(followed: unknown, format: Formatters): RowsTable {
  const body = isPlainObject(followed) ? followed : {};
  const all = recordsOf(body);
  const records = all.length > MAX_ROWS ? all.slice(0, MAX_ROWS) : all;
  const columns: string[] = [];
  for (const record of records) {
    for (const key of Object.keys(record)) {
      if (columns.length < MAX_COLUMNS && !HIDDEN_COLUMN.test(key) && !columns.includes(key)) {
        columns.push(key);
      }
    }
  }
  return {
    columns,
    rows: records.map((record) => columns.map((column) => cell(record[column], column, format))),
    pagination: paginationOf(body.pagination),
    received: all.length,
  };
}
