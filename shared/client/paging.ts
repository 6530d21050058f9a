/**
 * Page planning shared by both drivers: after page 1 tells `total`, which
 * offsets remain, and how the rows of all pages join into one list.
 */
import { pageCap } from '../api/cross-rules.js';
import { ENDPOINTS, type EndpointName, type Query, type RowsLocation } from '../api/endpoints.js';
import type { ParamRule } from '../api/param-rules.js';
import { withDefaults } from '../api/validate.js';
import { carryRead } from '../http/read-lists.js';
import type { Pagination } from '../schemas/common.js';

export const DEFAULT_MAX_ROWS = 10_000;
export const DEFAULT_CONCURRENCY = 4;

export function rowsLocation(name: EndpointName, params: Query): RowsLocation | undefined {
  return ENDPOINTS[name].rows(withDefaults(name, params));
}

export function rowsOf(body: unknown, location: RowsLocation | undefined): unknown[] {
  if (!location || body === null || typeof body !== 'object') return [];
  const rows = (body as Record<string, unknown>)[location.key];
  return Array.isArray(rows) ? rows : [];
}

export function paginationOf(body: unknown): Pagination | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const pagination = (body as { pagination?: Pagination }).pagination;
  return pagination && typeof pagination.total === 'number' ? pagination : undefined;
}

/**
 * Requests one collection may make, page 1 included, whatever the server
 * claims: 500 pages is 10,000 rows of the answers-with-text cap (20), more
 * than a sheet or a widget wants at once.
 */
export const MAX_PAGES_PER_COLLECTION = 500;

/**
 * Rows in a full page of this request: the `limit` asked for (or its
 * default), less where a rule caps the page (data-api 4.3 rule 2: 20 with the
 * answer text). Undefined for endpoints without pages.
 */
export function pageSizeOf(name: EndpointName, params: Query): number | undefined {
  const query = withDefaults(name, params);
  const limit = (ENDPOINTS[name].params as Record<string, ParamRule>).limit;
  const size = limit?.cross
    ? pageCap(limit.cross, Number(query.limit), query)
    : Number(query.limit);
  return Number.isInteger(size) && size > 0 ? size : undefined;
}

/**
 * Whether to ask for the page after this one. Pages are planned with the size
 * the request asked for, never with the size the server claims: a server
 * answering `limit: 1` with a huge `total` must not turn one call into
 * thousands. A page with fewer rows than asked is the last one, whatever
 * `has_more` says.
 */
export function hasNextPage(page: Pagination, pageSize: number): boolean {
  return page.has_more === true && Number.isInteger(page.returned) && page.returned >= pageSize;
}

/** Offsets of the pages after the first, up to maxRows rows and the page bound in all. */
export function remainingOffsets(first: Pagination, pageSize: number, maxRows: number): number[] {
  if (!hasNextPage(first, pageSize) || !Number.isInteger(first.offset)) return [];
  const end = Math.min(first.total, first.offset + maxRows);
  const offsets: number[] = [];
  for (
    let offset = first.offset + first.returned;
    offset < end && offsets.length < MAX_PAGES_PER_COLLECTION - 1;
    offset += pageSize
  )
    offsets.push(offset);
  return offsets;
}

/**
 * What page 1 of a collection leaves to fetch (both drivers' collect()): where
 * its rows sit, and the offsets of the later pages up to maxRows rows.
 */
export function laterPages(
  name: EndpointName,
  params: Query,
  first: unknown,
  maxRows: number,
): { location: RowsLocation | undefined; offsets: number[] } {
  const location = rowsLocation(name, params);
  const pagination = location?.paged ? paginationOf(first) : undefined;
  const pageSize = pageSizeOf(name, params);
  const offsets = pagination && pageSize ? remainingOffsets(pagination, pageSize, maxRows) : [];
  return { location, offsets };
}

export interface Assembled {
  rows: unknown[];
  total: number | undefined;
  capped: boolean;
}

/** Joins page rows in offset order and cuts at maxRows, saying whether rows are missing. */
export function assembleRows(
  pages: unknown[],
  location: RowsLocation | undefined,
  maxRows: number,
): Assembled {
  const parts = pages.map((page) => rowsOf(page, location));
  const rows = parts.flat();
  const first = paginationOf(pages[0]);
  const total = first?.total;
  const available = total === undefined ? rows.length : total - first!.offset;
  const kept = rows.slice(0, maxRows);
  // Rows of checked pages are read already: the table does not read them twice.
  carryRead(parts, kept);
  // Cut by maxRows, by the page bound, or at a page shorter than asked: fewer rows than the list has.
  return { rows: kept, total, capped: kept.length < Math.max(available, rows.length) };
}
