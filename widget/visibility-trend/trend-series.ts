/**
 * Competitors `history` (data-api 4.5 rule 2: stored month-by-month snapshots,
 * newest first) as chart series: the own brand and the top competitors, one
 * value per month, oldest month first. Pure, so it is tested without a DOM.
 */
import type { CompetitorHistory } from '../../shared/schemas/competitors.js';

export interface TrendSeries {
  name: string;
  isOwnBrand: boolean;
  /** Visibility (0–100) per month of Trend.months; null where the brand has no snapshot. */
  values: Array<number | null>;
}

export interface Trend {
  /** YYYY-MM, oldest first. */
  months: string[];
  /** The own brand first (when the history names it), then competitors by their latest rank. */
  series: TrendSeries[];
  /** Index of the current month when its snapshot is still partial (checks continue in it). */
  partialIndex: number | undefined;
  /** Index of the newest month that is complete. */
  lastFullIndex: number | undefined;
  /** The day of the newest check (YYYY-MM-DD), when the API says it. */
  latestCheckDay: string | undefined;
  /** How many of the first months come from the proxy's ledger, not the API (ledger-history.ts). */
  ledgerMonths?: number;
}

/** Most competitors a chart draws, whatever the attribute asks: more lines are unreadable. */
export const MAX_COMPETITORS = 5;
/** Brands looked at per month: a hostile body cannot make the loop unbounded. */
const MAX_BRANDS_PER_MONTH = 200;

const lastDayOfMonth = (month: string) => {
  const [year, monthNumber] = month.split('-').map(Number);
  return new Date(Date.UTC(year!, monthNumber!, 0)).getUTCDate();
};

/** Whether `month` is still being collected at `checkDay` (checks ran in it, but not up to its end). */
export function isPartialMonth(month: string, checkDay: string | undefined): boolean {
  if (!checkDay?.startsWith(`${month}-`)) return false;
  return Number(checkDay.slice(8, 10)) < lastDayOfMonth(month);
}

export function trendOf(body: CompetitorHistory, competitors: number): Trend {
  // A snapshot without its month cannot be placed on the axis: left out (the card's Details say so).
  const history = (body.history ?? []).filter(
    (snapshot): snapshot is typeof snapshot & { month: string } => snapshot.month !== undefined,
  );
  const snapshots = [...history].reverse();
  const months = snapshots.map((snapshot) => snapshot.month);
  const brandsOf = (index: number) =>
    (snapshots[index]?.brands ?? []).slice(0, MAX_BRANDS_PER_MONTH);
  const newest = brandsOf(snapshots.length - 1);
  // The newest name the own brand goes by.
  const ownName = history
    .flatMap((snapshot) => (snapshot.brands ?? []).slice(0, MAX_BRANDS_PER_MONTH))
    .find((brand) => brand.is_own_brand)?.name;
  const rivals = newest
    .filter((brand) => !brand.is_own_brand && brand.name !== undefined)
    .sort((a, b) => (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER))
    .slice(0, Math.min(MAX_COMPETITORS, Math.max(0, competitors)))
    .map((brand) => brand.name as string);
  const seriesOf = (name: string, isOwnBrand: boolean): TrendSeries => ({
    name,
    isOwnBrand,
    values: months.map(
      (_, index) =>
        brandsOf(index).find((brand) =>
          isOwnBrand ? brand.is_own_brand : !brand.is_own_brand && brand.name === name,
        )?.visibility ?? null,
    ),
  });
  const series = [
    ...(ownName === undefined ? [] : [seriesOf(ownName, true)]),
    ...rivals.map((name) => seriesOf(name, false)),
  ];
  const latestCheckDay = body.latest_check_at?.slice(0, 10);
  const last = months.length - 1;
  const partial = last >= 0 && isPartialMonth(months[last]!, latestCheckDay);
  const lastFull = partial ? last - 1 : last;
  return {
    months,
    series,
    partialIndex: partial ? last : undefined,
    lastFullIndex: lastFull >= 0 ? lastFull : undefined,
    latestCheckDay,
  };
}
