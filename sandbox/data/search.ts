/**
 * Generates a search source's stored data (Google Search Console or Bing
 * Webmaster Tools): the daily series and, per window, the stored top samples
 * (data-api 4.4 rule 1: up to 50 rows per dimension, up to 1000 question queries).
 */
import type * as z from 'zod/mini';
import {
  LIMITS,
  type SEARCH_LIST_DATASETS,
  type SearchSource,
  type SourceWindow,
} from '../../shared/api/vocabulary.js';
import type { searchPerformanceSchemas } from '../../shared/schemas/search-performance.js';
import { COUNTRIES } from './countries.js';
import { EMOJI_TEXT, JAPANESE_TEXT, SIGNED_QUERIES } from './hostile.js';
import { mulberry32, seedOf } from './prng.js';
import { tradeOf } from './trades.js';
import {
  type SourceClock,
  sourceClock,
  type WindowRange,
  windowRange,
  windowStored,
} from './windows.js';
import type { ProjectSpec, SourceSpec } from './world.js';

export type SearchMetrics = {
  clicks: number;
  impressions: number;
  ctr: number;
  position: number;
};
export type SearchDay = SearchMetrics & {
  day: number;
};
type SearchListDataset = (typeof SEARCH_LIST_DATASETS)[number];
/** The list datasets' bodies, as the schemas describe them (data-api 4.4). */
export type SearchListBody = z.infer<(typeof searchPerformanceSchemas)[SearchListDataset]>;
/** Each list's rows are the schema's rows of that dataset, so their builders below are checked. */
export type SearchLists = {
  [D in SearchListDataset]: NonNullable<z.infer<(typeof searchPerformanceSchemas)[D]>['rows']>;
};
export type SearchRow = SearchLists[SearchListDataset][number];

export interface SearchStore {
  source: SearchSource;
  clock: SourceClock;
  /** Oldest first, one row per stored day. */
  daily: SearchDay[];
  /** Stored top samples of a window, or undefined when the window has no stored data. */
  lists(window: SourceWindow): SearchLists | undefined;
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));
export const ctrOf = (clicks: number, impressions: number) =>
  impressions > 0 ? round(clicks / impressions, 4) : 0;

/** Sums rows; position is the impression-weighted average, ctr is recomputed. */
export function sumSearch(rows: readonly SearchMetrics[]): SearchMetrics {
  let clicks = 0;
  let impressions = 0;
  let weightedPosition = 0;
  for (const row of rows) {
    clicks += row.clicks;
    impressions += row.impressions;
    weightedPosition += row.position * row.impressions;
  }
  return {
    clicks,
    impressions,
    ctr: ctrOf(clicks, impressions),
    position: impressions > 0 ? round(weightedPosition / impressions, 1) : 0,
  };
}

function queryPool(spec: ProjectSpec, size: number): string[] {
  const brand = spec.brand_name.toLowerCase();
  const pool: string[] = [`${brand}`, `${brand} login`];
  if (spec.hostile)
    pool.push(
      ...SIGNED_QUERIES,
      `${brand} 日本語 ${JAPANESE_TEXT.slice(0, 6)}`,
      `${brand} ${EMOJI_TEXT.slice(0, 13)}`,
    );
  const trade = tradeOf(spec);
  // The software trade's queries end with the category's first word, as they always have
  // (the suites pin 1001's figures); a trade's own topics need no such suffix.
  const suffix = spec.trade ? '' : ` ${spec.category.split(' ')[0]!.toLowerCase()}`;
  for (const modifier of trade.modifiers) {
    for (const topic of trade.topics) {
      if (pool.length >= size) return pool;
      pool.push(`${modifier} ${topic}${suffix}`);
    }
  }
  return pool.slice(0, size);
}

function questionPool(spec: ProjectSpec, size: number): string[] {
  const { questionStarts: starts, topics, questionEnds: ends } = tradeOf(spec);
  const pool: string[] = [];
  for (let i = 0; pool.length < size; i++) {
    const start = starts[i % starts.length]!;
    const topic = topics[Math.floor(i / starts.length) % topics.length]!;
    const end = ends[Math.floor(i / (starts.length * topics.length)) % ends.length]!;
    const round = Math.floor(i / (starts.length * topics.length * ends.length));
    pool.push(`${start} ${topic} ${end}${round > 0 ? ` ${round + 1}` : ''}?`);
  }
  return pool;
}

function pagePool(spec: ProjectSpec, size: number): string[] {
  const slugs = tradeOf(spec).pageSlugs;
  const pages: string[] = [`${spec.brand_website}/`];
  for (let i = 0; pages.length < size; i++) {
    const slug = slugs[i % slugs.length]!;
    const depth = Math.floor(i / slugs.length);
    pages.push(`${spec.brand_website}/${slug}${depth > 0 ? `/part-${depth}` : ''}`);
  }
  return pages;
}

interface PoolItem {
  key: string;
  weight: number;
  ctr: number;
  position: number;
}

function poolItems(keys: string[], seed: number, source: SourceSpec): PoolItem[] {
  const random = mulberry32(seed);
  return keys.map((key, index) => ({
    key,
    weight: 1 / (index + 1) ** 0.9,
    ctr: source.minCtr + random.next() * 0.2,
    position: round(1 + random.next() * (index < 10 ? 8 : 35), 1),
  }));
}

export function generateSearchStore(
  spec: ProjectSpec,
  source: SearchSource,
  sourceSpec: SourceSpec,
  today: number,
): SearchStore {
  const clock = sourceClock(sourceSpec, today);
  const random = mulberry32(seedOf('search-daily', spec.id, source));
  const daily: SearchDay[] = [];
  for (let day = clock.firstDay; day <= clock.fetchedDay; day++) {
    const weekly = 1 + 0.25 * Math.sin((day % 7) * 0.9);
    const trend = 1 + (day - clock.firstDay) / (sourceSpec.storedDays * 2);
    const impressions = Math.round(sourceSpec.scale * weekly * trend * (0.8 + random.next() * 0.4));
    const clicks = Math.round(impressions * (0.02 + random.next() * 0.03));
    daily.push({
      day,
      clicks,
      impressions,
      ctr: ctrOf(clicks, impressions),
      position: round(6 + random.next() * 6, 1),
    });
  }

  const queries = poolItems(
    queryPool(spec, sourceSpec.queries),
    seedOf('q', spec.id, source),
    sourceSpec,
  );
  const pages = poolItems(
    pagePool(spec, sourceSpec.pages),
    seedOf('p', spec.id, source),
    sourceSpec,
  );
  const countries = poolItems(
    COUNTRIES.slice(0, sourceSpec.countries).map(([alpha3]) => alpha3),
    seedOf('c', spec.id, source),
    sourceSpec,
  );
  const questions =
    source === 'google'
      ? poolItems(questionPool(spec, sourceSpec.questionQueries), seedOf('aq', spec.id), sourceSpec)
      : [];

  const totalsOf = (range: WindowRange) =>
    sumSearch(daily.filter((row) => row.day >= range.startDay && row.day <= range.endDay));

  const memo = new Map<SourceWindow, SearchLists | undefined>();
  const buildLists = (window: SourceWindow): SearchLists | undefined => {
    const range = windowRange(clock, window);
    if (!windowStored(clock, range)) return undefined;
    const totals = totalsOf(range);
    // Trends compare the two halves of the window (data-api 4.4's trends dataset).
    const middle = Math.floor((range.startDay + range.endDay) / 2);
    const firstHalf = totalsOf({ ...range, endDay: middle });
    const secondHalf = totalsOf({ ...range, startDay: middle + 1 });
    const noise = mulberry32(seedOf('lists', spec.id, source, window));
    const metricsOf = (item: PoolItem, impressionsTotal: number, share: number): SearchMetrics => {
      const impressions = Math.round(
        impressionsTotal * share * item.weight * (0.85 + noise.next() * 0.3),
      );
      const clicks = Math.round(impressions * item.ctr);
      return { clicks, impressions, ctr: ctrOf(clicks, impressions), position: item.position };
    };
    const byClicks = (a: SearchMetrics, b: SearchMetrics) => b.clicks - a.clicks;
    const cap = LIMITS.searchRowsPerDimension;

    const queryRows = queries.map((item) => ({
      query: item.key,
      ...metricsOf(item, totals.impressions, 0.25),
    }));
    const pageRows = pages.map((item) => ({
      page: item.key,
      ...metricsOf(item, totals.impressions, 0.3),
    }));
    const countryRows = countries.map((item) => ({
      country: item.key,
      ...metricsOf(item, totals.impressions, 0.35),
    }));
    const byCountry = countryRows.slice(0, 8).flatMap((country) =>
      queries.slice(0, 10).map((item) => ({
        country: country.country,
        query: item.key,
        ...metricsOf(item, country.impressions, 0.4),
      })),
    );
    const opportunities = queryRows
      .filter((row) => row.impressions >= 20 && row.ctr < 0.02)
      .sort((a, b) => b.impressions - a.impressions)
      .slice(0, cap)
      .map((row, index) => ({
        query: row.query,
        page: index % 4 === 3 ? null : pages[index % pages.length]!.key,
        reason: `${row.impressions} impressions but ${(row.ctr * 100).toFixed(1)}% CTR at position ${row.position}`,
        clicks: row.clicks,
        impressions: row.impressions,
        ctr: row.ctr,
        position: row.position,
      }));
    // Growing and falling rows per dimension (the real service's shape, docs/service-drift.md):
    // queries, then pages, then countries, each row saying which it is about; the
    // figures are the window's second half, previous_clicks its first half.
    const trendsOf = (
      dimension: 'query' | 'page' | 'country',
      items: readonly PoolItem[],
      share: number,
    ) =>
      items
        .map((item) => {
          const recent = metricsOf(item, secondHalf.impressions, share);
          const previousClicks = metricsOf(item, firstHalf.impressions, share).clicks;
          const change = recent.clicks - previousClicks;
          return {
            dimension,
            [dimension]: item.key,
            ...recent,
            previous_clicks: previousClicks,
            clicks_change: change,
            direction: change > 0 ? 'up' : change < 0 ? 'down' : 'flat',
          };
        })
        .sort((a, b) => Math.abs(b.clicks_change) - Math.abs(a.clicks_change))
        .slice(0, cap);
    const trends = [
      ...trendsOf('query', queries, 0.25),
      ...trendsOf('page', pages, 0.3),
      ...trendsOf('country', countries, 0.35),
    ];
    return {
      top_queries: queryRows.sort(byClicks).slice(0, cap),
      top_pages: pageRows.sort(byClicks).slice(0, cap),
      top_countries: countryRows.sort(byClicks).slice(0, cap),
      queries_by_country: byCountry.sort(byClicks).slice(0, cap),
      opportunities,
      trends,
      ai_question_queries: questions
        .map((item) => ({ query: item.key, ...metricsOf(item, totals.impressions, 0.2) }))
        .sort((a, b) => b.impressions - a.impressions)
        .slice(0, LIMITS.searchQuestionQueries),
    };
  };

  return {
    source,
    clock,
    daily,
    lists: (window) => {
      if (!memo.has(window)) memo.set(window, buildLists(window));
      return memo.get(window);
    },
  };
}
