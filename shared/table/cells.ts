/**
 * Turns API values into cells a person can read in one spreadsheet cell.
 * Untrusted text from the API stays data: nothing here evaluates or trims it;
 * formula neutralization belongs to the writers (csv.ts, the Sheets add-on).
 */
import type { Cell, ColumnType } from './types.js';

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Levels of nesting a cell or a key/value table shows. Unknown fields can
 * nest without bound (2,000 levels are 10 KB of JSON) and recursion would
 * overflow the stack; deeper parts are shown as CUT_SHORT, and toTable says so.
 */
export const MAX_DEPTH = 32;
export const CUT_SHORT = '…';

/**
 * How many values were cut short so far. Rendering is synchronous, so a
 * caller compares the count before and after to know whether its table lost
 * anything (toTable's note); no other state is kept.
 */
export const depthCuts = { count: 0 };

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
export function renderText(value: unknown, depth = 0): string {
  if (depth > MAX_DEPTH) {
    depthCuts.count += 1;
    return CUT_SHORT;
  }
  const next = depth + 1;
  if (Array.isArray(value)) {
    const scalars = joinScalars(value, ', ');
    return scalars ?? value.map((item) => renderItem(item, next)).join('; ');
  }
  if (isPlainObject(value)) {
    return Object.entries(value)
      .filter(([, field]) => field !== null && field !== undefined)
      .map(([key, field]) => `${key}: ${renderNested(field, next)}`)
      .join('; ');
  }
  return renderScalar(value, depth);
}

/**
 * Items that are all scalars (no object or array), joined: the common case of
 * a list cell, in one pass. Undefined as soon as an item is an object or array.
 */
function joinScalars(items: readonly unknown[], separator: string): string | undefined {
  let text = '';
  for (let index = 0; index < items.length; index += 1) {
    const item = items[index];
    if (index > 0) text += separator;
    if (typeof item === 'string') text += item;
    else if (item !== null && typeof item === 'object') return undefined;
    else if (item !== undefined && item !== null) text += String(item);
  }
  return text;
}

function renderScalar(value: unknown, depth: number): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return renderText(value, depth);
}

/** A value inside an object entry or an array item. */
function renderNested(value: unknown, depth: number): string {
  const scalars = Array.isArray(value) ? joinScalars(value, ' | ') : undefined;
  if (scalars !== undefined) return scalars;
  if (isPlainObject(value) || Array.isArray(value)) return `(${renderText(value, depth)})`;
  return renderScalar(value, depth);
}

function renderItem(item: unknown, depth: number): string {
  if (Array.isArray(item)) return `(${renderText(item, depth)})`;
  if (!isPlainObject(item)) return renderScalar(item, depth);
  const entries = Object.entries(item).filter(([, field]) => field !== null && field !== undefined);
  const labelIndex = entries.findIndex(([, field]) => typeof field === 'string');
  const label = labelIndex >= 0 ? (entries[labelIndex]?.[1] as string) : undefined;
  const rest = entries.filter((_, index) => index !== labelIndex);
  const only = rest.length === 1 ? rest[0] : undefined;
  const body =
    only && !isPlainObject(only[1])
      ? renderNested(only[1], depth + 1)
      : rest.map(([key, field]) => `${key} ${renderNested(field, depth + 1)}`).join(', ');
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
