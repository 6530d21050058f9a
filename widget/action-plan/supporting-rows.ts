/**
 * The supporting rows an action's next_request returns, as a small table of
 * text. Which key holds the rows comes from the endpoint table, so any
 * endpoint a next_request may name is understood.
 */
import { ENDPOINTS } from '../../shared/api/endpoints.js';
import { withDefaults } from '../../shared/api/validate.js';
import type { FollowedRequest } from '../../shared/client/types.js';

export interface RowsTable {
  columns: string[];
  rows: string[][];
  /** pagination.total when the list is paged. */
  total: number | undefined;
}

/** Columns shown at most: the table is a glance, the report has the rest. */
const MAX_COLUMNS = 10;
/** Ids mean nothing to a reader of the table. */
const HIDDEN_COLUMN = /(^id$|_id$)/;
const MAX_CELL_CHARS = 280;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(cellText).join(', ');
  if (isRecord(value)) return JSON.stringify(value);
  const text = String(value);
  return text.length > MAX_CELL_CHARS ? `${text.slice(0, MAX_CELL_CHARS)}…` : text;
}

export function supportingRows(followed: FollowedRequest): RowsTable {
  const location = ENDPOINTS[followed.name].rows(withDefaults(followed.name, followed.params));
  const body = isRecord(followed.body) ? followed.body : {};
  const raw = location ? body[location.key] : undefined;
  const records = Array.isArray(raw) ? raw.filter(isRecord) : [];
  const columns: string[] = [];
  for (const record of records) {
    for (const key of Object.keys(record)) {
      if (!HIDDEN_COLUMN.test(key) && !columns.includes(key)) columns.push(key);
    }
  }
  const shown = columns.slice(0, MAX_COLUMNS);
  const pagination = body.pagination;
  return {
    columns: shown,
    rows: records.map((record) => shown.map((column) => cellText(record[column]))),
    total:
      isRecord(pagination) && typeof pagination.total === 'number' ? pagination.total : undefined,
  };
}
