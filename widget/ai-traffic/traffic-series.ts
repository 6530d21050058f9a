/**
 * AI traffic's daily series (data-api 4.7, dataset `daily`) cut to the widget's
 * window, and the change against the window before it where the stored
 * series reaches that far back. Pure, so it is tested without a DOM.
 */

export interface DailyRow {
  date: string;
  sessions: number;
}

/** The windows (data-api 8: rolling, ending on the collection day) and their length in days. */
export const WINDOW_DAYS: Record<string, number> = { '30d': 30, '90d': 90, '365d': 365 };

/**
 * The daily series to ask for: the next longer window, whose older part is
 * the previous window (365d has none longer: no change is shown then).
 */
export const COMPARISON_WINDOW: Record<string, string> = { '30d': '90d', '90d': '365d' };

export interface WindowSeries {
  /** The window's days, oldest first. */
  days: DailyRow[];
  /** Sessions of the window before, or undefined when the series does not reach back that far. */
  previousSessions: number | undefined;
  /** Sessions of the window, summed from the series. */
  sessions: number;
}

export function windowSeries(rows: readonly DailyRow[], windowDays: number): WindowSeries {
  const days = rows.slice(-windowDays);
  const sum = (list: readonly DailyRow[]) => list.reduce((total, row) => total + row.sessions, 0);
  const before = rows.slice(-2 * windowDays, -windowDays);
  return {
    days,
    sessions: sum(days),
    previousSessions: before.length === windowDays ? sum(before) : undefined,
  };
}

/** The relative change in percent, or undefined without a base to compare with. */
export function percentChange(current: number, previous: number | undefined): number | undefined {
  if (previous === undefined || previous === 0) return undefined;
  return ((current - previous) / previous) * 100;
}
