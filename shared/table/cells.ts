/**
 * Turns API values into cells a person can read in one spreadsheet cell.
 * Untrusted text from the API stays data: nothing here evaluates or trims it;
 * formula neutralization belongs to the writers (csv.ts, the Sheets add-on).
 */
import type { Cell, ColumnType } from './types.js';

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * One value as one cell: primitives stay typed, arrays and objects become
 * readable text (see `renderText`). JSON has no NaN or Infinity, but a caller
 * passing one gets its text rather than a number a sheet cannot hold.
 */
export function toCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  return renderText(value);
}

/**
 * Readable text of any JSON value:
 * - arrays of primitives: `a, b, c`;
 * - arrays of objects: items separated by `; `, each labelled by its first
 *   text field: `2026-11-01: quote` when one other field is set, otherwise
 *   `chatgpt: mentions 12, answers 30`;
 * - objects and records: `key: value; key: value`, with arrays of primitives
 *   inside joined by ` | ` (highlights read `chatgpt: sentence | sentence`).
 */
export function renderText(value: unknown): string {
  if (Array.isArray(value)) {
    if (value.some((item) => isPlainObject(item) || Array.isArray(item)))
      return value.map(renderItem).join('; ');
    return value.map(renderScalar).join(', ');
  }
  if (isPlainObject(value)) {
    return Object.entries(value)
      .filter(([, field]) => field !== null && field !== undefined)
      .map(([key, field]) => `${key}: ${renderNested(field)}`)
      .join('; ');
  }
  return renderScalar(value);
}

function renderScalar(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return renderText(value);
}

/** A value inside an object entry or an array item. */
function renderNested(value: unknown): string {
  if (Array.isArray(value) && !value.some((item) => isPlainObject(item) || Array.isArray(item)))
    return value.map(renderScalar).join(' | ');
  if (isPlainObject(value) || Array.isArray(value)) return `(${renderText(value)})`;
  return renderScalar(value);
}

function renderItem(item: unknown): string {
  if (Array.isArray(item)) return `(${renderText(item)})`;
  if (!isPlainObject(item)) return renderScalar(item);
  const entries = Object.entries(item).filter(([, field]) => field !== null && field !== undefined);
  const labelIndex = entries.findIndex(([, field]) => typeof field === 'string');
  const label = labelIndex >= 0 ? (entries[labelIndex]?.[1] as string) : undefined;
  const rest = entries.filter((_, index) => index !== labelIndex);
  const only = rest.length === 1 ? rest[0] : undefined;
  const body =
    only && !isPlainObject(only[1])
      ? renderNested(only[1])
      : rest.map(([key, field]) => `${key} ${renderNested(field)}`).join(', ');
  if (label === undefined) return body;
  return body === '' ? label : `${label}: ${body}`;
}

/** The type of a column met only at run time (a field the schemas do not know yet). */
export function inferColumnType(value: unknown): ColumnType {
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return 'number';
  if (Array.isArray(value) || isPlainObject(value)) return 'list';
  return 'text';
}
