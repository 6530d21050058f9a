/**
 * The rows of ledger/figure-tables.ts from a day's bodies, read through the
 * alias table (ledger/read-bodies.ts). Each row is what the service said
 * that day; a field it left out is null.
 */
import type { SqlRow } from './driver.js';
import type { FIGURE_TABLES } from './figure-tables.js';
import {
  bool,
  date,
  int,
  type Json,
  list,
  num,
  object,
  type ReadBody,
  str,
} from './read-bodies.js';

type FigureTable = (typeof FIGURE_TABLES)[number]['name'];

/** A month as YYYY-MM (or a day), as the first day of that month. */
const monthStart = (value: unknown) =>
  typeof value === 'string' && /^\d{4}-\d{2}(-\d{2})?$/.test(value)
    ? `${value.slice(0, 7)}-01`
    : null;

const searchMetrics = (row: Json) => ({
  clicks: int(row.clicks),
  impressions: int(row.impressions),
  ctr: num(row.ctr),
  position: num(row.position),
});
const trafficMetrics = (row: Json) => ({
  sessions: int(row.sessions),
  users: int(row.users),
  engaged_sessions: int(row.engaged_sessions),
  conversions: int(row.conversions),
});

/** data-api 2.5: the collection time, staleness and window of a connected source's body. */
const envelopeOf = (body: Json) => {
  const period = object(body.period);
  return {
    fetched_at: str(body.fetched_at),
    is_stale: bool(body.is_stale),
    period_start: date(period.start),
    period_end: date(period.end),
  };
};

const rowsOf = (body: Json) => list(body.rows).map(object);
/** Daily rows keyed by `date`, monthly ones by `month`; rows without a readable one are left out. */
const seriesRows = (entry: ReadBody) => {
  const monthly = entry.query.dataset === 'history';
  return rowsOf(entry.body).flatMap((row) => {
    const at = monthly ? monthStart(row.month) : date(row.date);
    return at ? [{ grain: monthly ? 'month' : 'day', date: at, row }] : [];
  });
};

export function figureRows(read: readonly ReadBody[]): Record<FigureTable, SqlRow[]> {
  const rows: Record<FigureTable, SqlRow[]> = {
    search_totals: [],
    traffic_totals: [],
    search_series: [],
    search_lists: [],
    traffic_series: [],
    traffic_sources: [],
    traffic_landing_pages: [],
    competitor_history: [],
    cited_domains: [],
  };
  for (const entry of read) {
    const { name, query, body } = entry;
    // data-api 2.5: a source without stored data says `available: false`; it has no figures.
    if (body.available === false) continue;
    const dataset = String(query.dataset);
    if (name === 'search-performance') {
      const engine = String(query.source);
      if (dataset === 'summary') {
        const previous = object(body.previous_totals);
        rows.search_totals.push({
          engine,
          ...envelopeOf(body),
          ...searchMetrics(object(body.totals)),
          previous_clicks: int(previous.clicks),
          previous_impressions: int(previous.impressions),
          previous_ctr: num(previous.ctr),
          previous_position: num(previous.position),
        });
      } else if (dataset === 'daily' || dataset === 'history')
        for (const { grain, date: at, row } of seriesRows(entry))
          rows.search_series.push({ engine, grain, date: at, ...searchMetrics(row) });
      else
        rows.search_lists.push(
          ...rowsOf(body).map((row, index) => ({
            engine,
            dataset,
            // Offset of the page plus the place on it: pages join in order.
            row_number: Number(query.offset ?? 0) + index + 1,
            query: str(row.query),
            page: str(row.page),
            country: str(row.country),
            dimension: str(row.dimension),
            reason: str(row.reason),
            direction: str(row.direction),
            ...searchMetrics(row),
            previous_clicks: int(row.previous_clicks),
            clicks_change: num(row.clicks_change),
          })),
        );
    } else if (name === 'ai-traffic') {
      if (dataset === 'summary')
        rows.traffic_totals.push({ ...envelopeOf(body), ...trafficMetrics(object(body.totals)) });
      else if (dataset === 'daily' || dataset === 'history')
        for (const { grain, date: at, row } of seriesRows(entry))
          rows.traffic_series.push({
            grain,
            date: at,
            platform: str(row.platform) ?? 'all',
            ...trafficMetrics(row),
          });
      else if (dataset === 'sources')
        rows.traffic_sources.push(
          ...rowsOf(body)
            .filter((row) => str(row.source) !== null)
            .map((row) => ({
              source: str(row.source),
              share: num(row.share),
              ...trafficMetrics(row),
            })),
        );
      else if (dataset === 'landing_pages')
        rows.traffic_landing_pages.push(
          ...rowsOf(body).map((row, index) => ({
            row_number: Number(query.offset ?? 0) + index + 1,
            path: str(row.path),
            top_source: str(row.top_source),
            ...trafficMetrics(row),
          })),
        );
    } else if (name === 'competitors' && dataset === 'history') {
      for (const month of list(body.history).map(object)) {
        const start = monthStart(month.month);
        if (!start) continue;
        for (const brand of list(month.brands).map(object))
          if (str(brand.name) !== null)
            rows.competitor_history.push({
              month: start,
              brand: str(brand.name),
              is_own_brand: bool(brand.is_own_brand),
              rank: int(brand.rank),
              visibility: num(brand.visibility),
              mentions: int(brand.mentions),
            });
      }
    } else if (name === 'citations' && query.group_by === 'domain') {
      rows.cited_domains.push(
        ...list(body.domains)
          .map(object)
          .filter((row) => str(row.domain) !== null)
          .map((row) => ({
            domain: str(row.domain),
            citations: int(row.citations),
            urls: int(row.urls),
            share: num(row.share),
            is_own_site: bool(row.is_own_site),
          })),
      );
    }
  }
  return rows;
}
