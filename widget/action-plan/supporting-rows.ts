/**
 * The supporting rows an action's next_request returns, as a small table in
 * the widgets' formatting voice, with the API's paging. Which key holds the
 * rows comes from the endpoint table, so any endpoint a next_request may
 * name is understood.
 */
import { ENDPOINTS } from '../../shared/api/endpoints.js';
import { withDefaults } from '../../shared/api/validate.js';
import type { FollowedRequest } from '../../shared/client/types.js';
import type { Pagination } from '../../shared/schemas/common.js';
import { type Cell, cell, type Formatters } from '../internal/format.js';

export interface RowsTable {
  /** Row keys, in the order they first appear. */
  columns: string[];
  rows: Cell[][];
  /** The answer's pagination, when the list is paged. */
  pagination: Pagination | undefined;
}

/** Columns shown at most: the table is a glance, the report has the rest. */
const MAX_COLUMNS = 10;
/** Ids mean nothing to a reader of the table. */
const HIDDEN_COLUMN = /(^id$|_id$)/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The answer's pagination when it has the fields the pager reads, as numbers. */
function paginationOf(value: unknown): Pagination | undefined {
  return isRecord(value) &&
    ['offset', 'limit', 'returned', 'total'].every((key) => Number.isSafeInteger(value[key])) &&
    typeof value.has_more === 'boolean'
    ? (value as Pagination)
    : undefined;
}

export function supportingRows(followed: FollowedRequest, format: Formatters): RowsTable {
  const location = ENDPOINTS[followed.name].rows(withDefaults(followed.name, followed.params));
  const body = isRecord(followed.body) ? followed.body : {};
  const raw = location ? body[location.key] : undefined;
  const records = Array.isArray(raw) ? raw.filter(isRecord) : [];
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
  };
}

/** The same API path asking for the page at `offset` (the next_request's other parameters kept). */
export function pathAtOffset(path: string, offset: number): string {
  const at = path.indexOf('?');
  const query = new URLSearchParams(at < 0 ? '' : path.slice(at + 1));
  if (offset > 0) query.set('offset', String(offset));
  else query.delete('offset');
  const text = query.toString();
  return `${at < 0 ? path : path.slice(0, at)}${text ? `?${text}` : ''}`;
}
