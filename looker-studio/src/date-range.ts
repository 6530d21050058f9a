/**
 * Looker Studio's date range against the API's time parameters (data-api 8):
 * report periods anchored to the latest completed check (rolling 30, 60 or 90
 * days, this year, last year) and connected-source windows (rolling 30, 90 or
 * 365 days ending on the collection day). The smallest period or window that
 * covers the range is asked for; rows dated outside the range are dropped.
 * Pure: days are numbers, the anchor comes from the API's own `period.end`.
 */
import { isCalendarDate } from '../../shared/api/param-rules.js';

export interface DateRange {
  startDate: string;
  endDate: string;
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a calendar date, NaN for anything else. */
export const dayOf = (isoDate: string): number =>
  isCalendarDate(isoDate) ? Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS) : Number.NaN;
const yearOf = (day: number) => new Date(day * DAY_MS).getUTCFullYear();
const firstDayOfYear = (year: number) => Math.floor(Date.UTC(year, 0, 1) / DAY_MS);

/** The days a period or window value spans, read from its name: `30d`, `last_60_days`. */
function rollingDays(value: string): number | undefined {
  const match = /^(?:last_)?(\d+)(?:d|_days)$/.exec(value);
  return match ? Number(match[1]) : undefined;
}

/** [first day, last day] of a period or window ending on `anchor` (data-api 8). */
export function spanOf(value: string, anchor: number): [number, number] | undefined {
  const days = rollingDays(value);
  if (days !== undefined) return [anchor - days + 1, anchor];
  if (value === 'this_year') return [firstDayOfYear(yearOf(anchor)), anchor];
  if (value === 'last_year')
    return [firstDayOfYear(yearOf(anchor) - 1), firstDayOfYear(yearOf(anchor)) - 1];
  return undefined;
}

/**
 * The smallest candidate whose span covers the range (as far as data exists:
 * nothing is newer than the anchor). When none covers it, the one that covers
 * most of it, the shorter on a tie.
 */
export function smallestCovering<V extends string>(
  candidates: readonly V[],
  range: DateRange,
  anchor: number,
): V | undefined {
  const start = dayOf(range.startDate);
  const end = Math.min(dayOf(range.endDate), anchor);
  let best: { value: V; covers: boolean; overlap: number; length: number } | undefined;
  for (const value of candidates) {
    const span = spanOf(value, anchor);
    if (!span) continue;
    const covers = span[0] <= start && span[1] >= end;
    const overlap = Math.max(0, Math.min(span[1], end) - Math.max(span[0], start) + 1);
    const length = span[1] - span[0] + 1;
    const better =
      !best ||
      (covers && !best.covers) ||
      (covers === best.covers &&
        (covers
          ? length < best.length
          : overlap > best.overlap || (overlap === best.overlap && length < best.length)));
    if (better) best = { value, covers, overlap, length };
  }
  return best?.value;
}

/** Whether a row's date (YYYY-MM-DD) or month (YYYY-MM) lies within the range. */
export function withinRange(value: unknown, range: DateRange): boolean {
  if (typeof value !== 'string') return false;
  const length = value.length;
  return value >= range.startDate.slice(0, length) && value <= range.endDate.slice(0, length);
}

/** A range Looker Studio sent, checked: two calendar dates, start not after end. */
export function readRange(range: unknown): DateRange | undefined {
  if (typeof range !== 'object' || range === null) return undefined;
  const { startDate, endDate } = range as Record<string, unknown>;
  if (typeof startDate !== 'string' || typeof endDate !== 'string') return undefined;
  if (!Number.isFinite(dayOf(startDate)) || !Number.isFinite(dayOf(endDate))) return undefined;
  return startDate <= endDate ? { startDate, endDate } : undefined;
}
