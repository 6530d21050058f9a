/**
 * Connected-source windows (data-api 8: rolling, ending on the collection day) and
 * the freshness fields every connected-source response carries (data-api 2.5).
 */
import type { SourceWindow } from '../../shared/api/vocabulary.js';
import { isoOf, timestampOf } from './calendar.js';
import { type SourceSpec, STALE_AFTER_DAYS } from './world.js';

export const WINDOW_DAYS: Record<SourceWindow, number> = { '30d': 30, '90d': 90, '365d': 365 };

export interface SourceClock {
  /** The collection day: the newest stored snapshot. */
  fetchedDay: number;
  fetched_at: string;
  is_stale: boolean;
  /** The oldest day of the stored daily series. */
  firstDay: number;
}

export function sourceClock(spec: SourceSpec, today: number): SourceClock {
  const fetchedDay = today - spec.fetchedDaysAgo;
  return {
    fetchedDay,
    fetched_at: timestampOf(fetchedDay, 4 * 60 + 12),
    is_stale: spec.fetchedDaysAgo > STALE_AFTER_DAYS,
    firstDay: fetchedDay - spec.storedDays + 1,
  };
}

export interface WindowRange {
  window: SourceWindow;
  startDay: number;
  endDay: number;
}

export function windowRange(clock: SourceClock, window: SourceWindow, back = 0): WindowRange {
  const days = WINDOW_DAYS[window];
  const endDay = clock.fetchedDay - back * days;
  return { window, startDay: endDay - days + 1, endDay };
}

/**
 * A window has stored data when the series reaches its first day; the 30-day
 * window of a freshly connected source is served with what exists.
 */
export const windowStored = (clock: SourceClock, range: WindowRange): boolean =>
  range.window === '30d' ? clock.firstDay <= range.endDay : clock.firstDay <= range.startDay;

export const windowObject = (range: WindowRange) => ({
  requested: range.window,
  used: range.window,
  start: isoOf(range.startDay),
  end: isoOf(range.endDay),
});
