/**
 * Report periods of AI-visibility data (data-api 8): anchored to the latest
 * completed check, falling back to the nearest available period when the
 * project's history is too short, with the `period` object saying which.
 */
import type { ReportPeriod } from '../../shared/api/vocabulary.js';
import type { StoredAnswer } from './answers.js';
import { dayOf, firstDayOfYear, isoOf, yearOf } from './calendar.js';
import { type ProjectData, remember } from './dataset.js';

export interface ResolvedPeriod {
  requested: string;
  used: string;
  start: string;
  end: string;
  startDay: number;
  endDay: number;
  /** When the newest stored check finished: what the data is as of (data-api 1, data-api 8). */
  latestCheckAt: string;
}

/** The newest stored check's time; answers are kept newest first or last, so take the maximum. */
export function latestCheckAt(data: ProjectData): string {
  return remember(data, 'latest-check-at', () => {
    // ISO timestamps in one zone compare as text.
    let latest = '';
    for (const answer of data.answers) if (answer.checked_at > latest) latest = answer.checked_at;
    return latest;
  });
}

function rangeOf(period: ReportPeriod, last: number): [number, number] {
  switch (period) {
    case 'last_30_days':
      return [last - 29, last];
    case 'last_60_days':
      return [last - 59, last];
    case 'last_90_days':
      return [last - 89, last];
    case 'this_year':
      return [firstDayOfYear(yearOf(last)), last];
    case 'last_year':
      return [firstDayOfYear(yearOf(last) - 1), firstDayOfYear(yearOf(last)) - 1];
  }
}

const ROLLING_LONGEST_FIRST: ReportPeriod[] = ['last_90_days', 'last_60_days', 'last_30_days'];

export function resolvePeriod(data: ProjectData, requested: ReportPeriod): ResolvedPeriod {
  const last = data.lastCheckDay;
  const make = (used: ReportPeriod): ResolvedPeriod => {
    const [startDay, endDay] = rangeOf(used, last);
    return {
      requested,
      used,
      start: isoOf(startDay),
      end: isoOf(endDay),
      startDay,
      endDay,
      latestCheckAt: latestCheckAt(data),
    };
  };
  const covered = (period: ReportPeriod) => data.firstCheckDay <= rangeOf(period, last)[0];
  if (covered(requested)) return make(requested);
  // data-api 8: the nearest available period: the longest rolling one history covers,
  // never longer than what was asked; the 30-day period is the floor.
  const [start, end] = rangeOf(requested, last);
  const fallback = ROLLING_LONGEST_FIRST.find(
    (period) =>
      covered(period) && rangeOf(period, last)[1] - rangeOf(period, last)[0] <= end - start,
  );
  return make(fallback ?? 'last_30_days');
}

/** data-api 4.3: `since`/`until` replace the period; the period object says `custom`. */
export function customPeriod(data: ProjectData, since?: string, until?: string): ResolvedPeriod {
  const startDay = since ? dayOf(since) : data.firstCheckDay;
  const endDay = until ? dayOf(until) : data.lastCheckDay;
  return {
    requested: 'custom',
    used: 'custom',
    start: isoOf(startDay),
    end: isoOf(endDay),
    startDay,
    endDay,
    latestCheckAt: latestCheckAt(data),
  };
}

/** The `period` object of a response (data-api 2.5). */
export const periodObject = (period: ResolvedPeriod) => ({
  requested: period.requested,
  used: period.used,
  start: period.start,
  end: period.end,
  latest_check_at: period.latestCheckAt,
});

/** Answers checked within the period, newest first. */
export function answersIn(data: ProjectData, period: ResolvedPeriod): StoredAnswer[] {
  return remember(data, `answers:${period.startDay}:${period.endDay}`, () =>
    data.answers.filter((answer) => answer.day >= period.startDay && answer.day <= period.endDay),
  );
}
