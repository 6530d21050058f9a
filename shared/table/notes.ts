/**
 * One-line context for a table: which period the data covers (and the one
 * requested when it fell back, data-api 8), when a connected source was fetched
 * and whether it is stale (data-api 2.5), where a page sits in the list, and the
 * envelope fields of a row body that are not rows (status, data_notes, ...).
 */
import { isPlainObject, renderText } from './cells.js';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
const integer = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) ? value : undefined;

/** data-api 2.5 and 8: `period` says what was used; `requested` differs after a fallback. */
export function periodNote(period: unknown, label: string): string | undefined {
  if (!isPlainObject(period)) return undefined;
  const used = text(period.used);
  const requested = text(period.requested);
  const start = text(period.start);
  const end = text(period.end);
  const range = start && end ? `${start} to ${end}` : undefined;
  const head = [used ?? requested, range && (used ?? requested) ? `(${range})` : range]
    .filter(Boolean)
    .join(' ');
  if (head === '') return undefined;
  const fellBack =
    requested !== undefined && used !== undefined && requested !== used && requested !== 'custom';
  const latestCheck = text(period.latest_check_at);
  // Fields a newer service adds to `period` are shown too, never dropped.
  const extras = Object.entries(period)
    .filter(([key]) => !PERIOD_FIELDS.has(key))
    .map(
      ([key, value]) =>
        `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`,
    );
  return [
    fellBack
      ? `${label}: ${head}; ${requested} was requested but has too little history, so the nearest available period was used`
      : `${label}: ${head}`,
    latestCheck ? `data as of the latest check, ${latestCheck}` : undefined,
    ...extras,
  ]
    .filter(Boolean)
    .join('; ');
}

/**
 * data-api 2.2: the summary's search and AI-traffic blocks are the sources'
 * rolling 30-day totals whatever `period` the request names; the period note
 * above them is about AI visibility only, so every table of a summary says so.
 */
export const THIRTY_DAY_BLOCKS = ['search', 'ai_traffic'] as const;

/** A summary block's name as its table shows it: the 30-day blocks say so in every row. */
export function summaryBlockLabel(block: string): string {
  return (THIRTY_DAY_BLOCKS as readonly string[]).includes(block)
    ? `${block} (last 30 days)`
    : block;
}

export function thirtyDayBlocksNote(body: Record<string, unknown>): string | undefined {
  const present = THIRTY_DAY_BLOCKS.filter((block) => isPlainObject(body[block]));
  if (present.length === 0) return undefined;
  return `${present.join(' and ')}: totals of the last 30 days, whatever the period`;
}

const PERIOD_FIELDS = new Set(['used', 'requested', 'start', 'end', 'latest_check_at']);

/** data-api 2.5: connected sources say when their snapshot was fetched and whether it is stale. */
export function freshnessNote(body: Record<string, unknown>): string | undefined {
  const fetchedAt = text(body.fetched_at);
  if (fetchedAt === undefined) return undefined;
  if (body.is_stale === true)
    return `Fetched at ${fetchedAt}; stale: the source has not refreshed on schedule`;
  if (body.is_stale === false) return `Fetched at ${fetchedAt}; fresh`;
  return `Fetched at ${fetchedAt}`;
}

/** data-api 2.5 and 8: where this page sits, or how many rows were collected across pages. */
export function paginationNote(pagination: unknown, collected?: number): string | undefined {
  if (!isPlainObject(pagination)) return undefined;
  const total = integer(pagination.total);
  if (collected !== undefined)
    return total === undefined ? `Rows: ${collected}` : `Rows: ${collected} of ${total}`;
  const offset = integer(pagination.offset) ?? 0;
  const returned = integer(pagination.returned);
  if (returned === undefined || total === undefined) return undefined;
  const span = returned === 0 ? 'no rows' : `rows ${offset + 1} to ${offset + returned}`;
  const limit = integer(pagination.limit);
  const size = limit === undefined ? '' : ` (limit ${limit})`;
  const more = pagination.has_more === true ? '; more pages follow (use a larger offset)' : '';
  return `Page: ${span} of ${total}${size}${more}`;
}

/** Any other envelope field, e.g. `status: needs_data` or `data_notes: ga4: not connected`. */
export function fieldNote(key: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const rendered = value === null ? 'null' : renderText(value);
  return `${key}: ${rendered}`;
}
