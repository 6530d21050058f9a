/** GET /projects/{project}/search-performance (data-api 4.4): webmaster data for one window. */
import type {
  SearchDataset,
  SearchSort,
  SearchSource,
  SourceWindow,
} from '../../shared/api/vocabulary.js';
import { isoOf, monthOf } from '../data/calendar.js';
import { countryMatches } from '../data/countries.js';
import {
  type SearchDay,
  type SearchListBody,
  type SearchLists,
  type SearchRow,
  sumSearch,
} from '../data/search.js';
import { windowObject, windowRange, windowStored } from '../data/windows.js';
import { type Handler, paginate, projectOf, unavailable } from './common.js';

const SOURCE_NAMES: Record<SearchSource, string> = {
  google: 'Google Search Console',
  bing: 'Bing Webmaster Tools',
};

const textMatch = (value: unknown, fragment: unknown) =>
  fragment === undefined ||
  (typeof value === 'string' && value.toLowerCase().includes(String(fragment).toLowerCase()));

/** data-api 4.4: clicks, impressions and ctr sort high to low, position low to high. */
function sortRows(rows: SearchRow[], sort: SearchSort): SearchRow[] {
  const key = (row: SearchRow) => Number(row[sort] ?? 0);
  return [...rows].sort((a, b) => (sort === 'position' ? key(a) - key(b) : key(b) - key(a)));
}

const dailyRow = (row: SearchDay) => ({
  date: isoOf(row.day),
  clicks: row.clicks,
  impressions: row.impressions,
  ctr: row.ctr,
  position: row.position,
});

export const searchPerformanceHandler: Handler<'search-performance'> = (context) => {
  const data = projectOf(context);
  const query = context.query;
  const source = query.source as SearchSource;
  const dataset = query.dataset as SearchDataset;
  const window = query.period as SourceWindow;
  const store = data.search[source];
  if (!store) {
    return unavailable(
      `${SOURCE_NAMES[source]} is not connected to this project. Connect it in the project's settings; data appears after the next collection.`,
      { source, dataset },
    );
  }
  const range = windowRange(store.clock, window);
  const lists = store.lists(window);
  if (!windowStored(store.clock, range) || lists === undefined) {
    return unavailable(
      `${SOURCE_NAMES[source]} has no stored data for the ${window} window yet: the stored series starts on ${isoOf(store.clock.firstDay)}. Try period=30d.`,
      { source, dataset, period: windowObject(range) },
    );
  }
  const envelope = {
    source,
    dataset,
    period: windowObject(range),
    fetched_at: store.clock.fetched_at,
    is_stale: store.clock.is_stale,
  };
  const inRange = store.daily.filter((row) => row.day >= range.startDay && row.day <= range.endDay);

  if (dataset === 'summary') {
    const previousRange = windowRange(store.clock, window, 1);
    const previous = windowStored(store.clock, previousRange)
      ? sumSearch(
          store.daily.filter(
            (row) => row.day >= previousRange.startDay && row.day <= previousRange.endDay,
          ),
        )
      : null;
    return { body: { ...envelope, totals: sumSearch(inRange), previous_totals: previous } };
  }
  if (dataset === 'daily') return { body: { ...envelope, rows: inRange.map(dailyRow) } };
  if (dataset === 'history') {
    // data-api 4.4 rule 2: history sums the daily series per calendar month.
    const months = new Map<string, SearchDay[]>();
    for (const row of inRange) {
      const month = monthOf(row.day);
      const rows = months.get(month) ?? [];
      rows.push(row);
      months.set(month, rows);
    }
    return {
      body: {
        ...envelope,
        rows: [...months].map(([month, rows]) => ({ month, ...sumSearch(rows) })),
      },
    };
  }

  const filtered = lists[dataset as keyof SearchLists].filter(
    (row) =>
      (!('query' in row) || textMatch(row.query, query.query_contains)) &&
      (!('page' in row) ||
        query.page_contains === undefined ||
        textMatch(row.page, query.page_contains)) &&
      (!('country' in row) ||
        query.country === undefined ||
        countryMatches(String(row.country), String(query.country))) &&
      (query.min_impressions === undefined ||
        Number(row.impressions) >= (query.min_impressions as number)) &&
      (query.min_clicks === undefined || Number(row.clicks) >= (query.min_clicks as number)) &&
      (query.min_position === undefined ||
        Number(row.position) >= (query.min_position as number)) &&
      (query.max_position === undefined || Number(row.position) <= (query.max_position as number)),
  );
  const page = paginate(
    sortRows(filtered, query.sort as SearchSort),
    query.offset as number,
    query.limit as number,
  );
  // lists[dataset] holds this dataset's schema rows (SearchLists); the compiler
  // cannot tie the row type to the runtime dataset through filter and sort.
  const body = { ...envelope, rows: page.rows, pagination: page.pagination } as SearchListBody;
  return { body };
};
