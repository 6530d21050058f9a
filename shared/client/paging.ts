/**
 * Page planning shared by both drivers: after page 1 tells `total`, which
 * offsets remain, and how the rows of all pages join into one list.
 */
import { ENDPOINTS, type EndpointName, type Query, type RowsLocation } from '../api/endpoints.js';
import { withDefaults } from '../api/validate.js';
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
 * Offsets of the pages after the first, up to maxRows rows in all. The page
 * size is what the server used (spec 4.3 rule 2: 20 with answer text), not
 * what was asked.
 */
export function remainingOffsets(first: Pagination, maxRows: number): number[] {
  const pageSize = Math.max(1, first.limit || first.returned);
  if (!first.has_more || first.returned === 0) return [];
  const end = Math.min(first.total, first.offset + maxRows);
  const offsets: number[] = [];
  for (let offset = first.offset + first.returned; offset < end; offset += pageSize)
    offsets.push(offset);
  return offsets;
}

export interface Assembled {
  rows: unknown[];
  total: number | undefined;
  capped: boolean;
}

/** Joins page rows in offset order and cuts at maxRows, saying whether it cut. */
export function assembleRows(
  pages: unknown[],
  location: RowsLocation | undefined,
  maxRows: number,
): Assembled {
  const rows = pages.flatMap((page) => rowsOf(page, location));
  const first = paginationOf(pages[0]);
  const total = first?.total;
  const available = total === undefined ? rows.length : total - first!.offset;
  return {
    rows: rows.slice(0, maxRows),
    total,
    capped: available > maxRows || rows.length > maxRows,
  };
}
