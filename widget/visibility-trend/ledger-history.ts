/**
 * The months before the API's window, out of the proxy's ledger series
 * (docs/ledger.md, "Series through the proxy"): the daily score averaged per
 * month. The body is another program's answer: every point is checked and
 * the loops are bounded by constants, so a reshaped or hostile body draws
 * nothing rather than something wrong. Pure, so it is tested without a DOM.
 */
import { MAX_SERIES_DAYS } from '../../shared/api/ledger-series.js';
import { isCalendarDate } from '../../shared/api/param-rules.js';
import type { Trend } from './trend-series.js';

/** Points read from one answer: ten years of days and a little more. */
export const MAX_LEDGER_POINTS = 4_000;
/** Months drawn from the ledger at most: ten years. */
export const MAX_LEDGER_MONTHS = 120;
/** Longest answer read, in bytes: ~MAX_LEDGER_POINTS points with room to spare; the read stops there. */
export const MAX_LEDGER_BODY = 400_000;
/** The route's bound on from..to, both included (shared/api/ledger-series.ts). */
const MAX_SPAN_DAYS = MAX_SERIES_DAYS - 1;

export interface LedgerMonth {
  /** YYYY-MM. */
  month: string;
  /** The mean of the month's daily scores, 0–100. */
  value: number;
}

/** The day before the first of `month` (YYYY-MM), as YYYY-MM-DD. */
export function dayBefore(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return new Date(Date.UTC(year!, number! - 1, 0)).toISOString().slice(0, 10);
}

/**
 * The series route's query for the days from `from` up to the API's first
 * month, or undefined when nothing lies before it. `from` must be a date
 * (the attribute's check); the span is cut to what the route allows.
 */
export function ledgerQuery(
  from: string,
  firstApiMonth: string,
): { from: string; to: string } | undefined {
  const to = dayBefore(firstApiMonth);
  if (from > to) return undefined;
  const earliest = new Date(Date.parse(to) - MAX_SPAN_DAYS * 86_400_000).toISOString().slice(0, 10);
  return { from: from < earliest ? earliest : from, to };
}

/** Monthly means of the ledger body's points before `firstApiMonth`, oldest first. */
export function ledgerMonthsOf(body: unknown, firstApiMonth: string): LedgerMonth[] {
  const points = (body as { points?: unknown } | null)?.points;
  if (!Array.isArray(points)) return [];
  const sums = new Map<string, { total: number; days: number }>();
  for (const point of points.slice(0, MAX_LEDGER_POINTS)) {
    const { day, value } = (point ?? {}) as { day?: unknown; value?: unknown };
    if (typeof day !== 'string' || !isCalendarDate(day)) continue;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 100) continue;
    const month = day.slice(0, 7);
    if (month >= firstApiMonth) continue;
    const sum = sums.get(month) ?? { total: 0, days: 0 };
    sum.total += value;
    sum.days += 1;
    sums.set(month, sum);
  }
  return [...sums]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .slice(-MAX_LEDGER_MONTHS)
    .map(([month, { total, days }]) => ({ month, value: Math.round((total / days) * 10) / 10 }));
}

/**
 * The trend with the ledger's months in front: the own brand's line gets
 * their values, the competitors' lines none (the ledger keeps the own
 * brand's score only). Without an own-brand line the ledger is not drawn.
 */
export function withLedger(trend: Trend, ledger: readonly LedgerMonth[]): Trend {
  const own = trend.series[0];
  const first = trend.months[0];
  const earlier = ledger.filter((point) => first === undefined || point.month < first);
  if (!own?.isOwnBrand || earlier.length === 0) return trend;
  const shift = (index: number | undefined) =>
    index === undefined ? undefined : index + earlier.length;
  return {
    ...trend,
    months: [...earlier.map((point) => point.month), ...trend.months],
    series: trend.series.map((series) => ({
      ...series,
      values: [
        ...earlier.map((point) => (series.isOwnBrand ? point.value : null)),
        ...series.values,
      ],
    })),
    partialIndex: shift(trend.partialIndex),
    lastFullIndex: shift(trend.lastFullIndex),
    ledgerMonths: earlier.length,
  };
}
