/** data-api 4.4: search-engine webmaster data for one window; one body shape per dataset. */
import * as z from 'zod/mini';
import type { SearchDataset } from '../api/vocabulary.js';
import {
  assumed,
  assumedFields,
  count,
  isoDate,
  isoDateTime,
  isoMonth,
  named,
  paginationSchema,
  sourceWindowSchema,
} from './common.js';

const metrics = {
  clicks: count,
  impressions: count,
  ctr: z.number().check(z.minimum(0), z.maximum(1)),
  position: z.number().check(z.minimum(0)),
};

const envelope = {
  available: z.optional(z.literal(true)),
  ...assumedFields({ source: z.string(), dataset: z.string() }),
  period: sourceWindowSchema,
  fetched_at: isoDateTime,
  is_stale: z.boolean(),
};

const listBody = <R extends Record<string, z.ZodMiniType>>(
  id: string,
  description: string,
  row: R,
) =>
  named(
    id,
    description,
    z.looseObject({
      ...envelope,
      rows: assumed(z.array(z.looseObject({ ...row, ...metrics }))),
      pagination: paginationSchema,
    }),
  );

const seriesBody = <K extends Record<string, z.ZodMiniType>>(
  id: string,
  description: string,
  key: K,
) =>
  named(
    id,
    description,
    z.looseObject({ ...envelope, rows: assumed(z.array(z.looseObject({ ...key, ...metrics }))) }),
  );

export const searchPerformanceSchemas = {
  summary: named(
    'SearchSummary',
    'Totals of the window and the change against the window before it.',
    z.looseObject({
      ...envelope,
      ...assumedFields({
        totals: z.looseObject(metrics),
        previous_totals: z.nullable(z.looseObject(metrics)),
      }),
    }),
  ),
  top_queries: listBody('SearchTopQueries', 'Stored top queries (up to 50).', {
    query: z.string(),
  }),
  top_pages: listBody('SearchTopPages', 'Stored top pages (up to 50).', { page: z.string() }),
  top_countries: listBody('SearchTopCountries', 'Stored top countries (up to 50).', {
    country: z.string(),
  }),
  queries_by_country: listBody(
    'SearchQueriesByCountry',
    'Stored top queries per country (up to 50).',
    {
      country: z.string(),
      query: z.string(),
    },
  ),
  opportunities: listBody('SearchOpportunities', 'Queries with many impressions and few clicks.', {
    query: z.string(),
    page: z.nullable(z.string()),
    reason: z.string(),
  }),
  trends: listBody(
    'SearchTrends',
    'Growing and falling queries, pages and countries between the two halves of the window; `dimension` says which a row is about.',
    {
      dimension: z.optional(
        z.string().register(z.globalRegistry, { description: 'query, page or country' }),
      ),
      query: z.optional(z.string()),
      page: z.optional(z.string()),
      country: z.optional(z.string()),
      previous_clicks: count,
      clicks_change: z.number(),
      direction: z.string(),
    },
  ),
  ai_question_queries: listBody(
    'SearchAiQuestionQueries',
    'Question-shaped queries (google only, up to 1000).',
    {
      query: z.string(),
    },
  ),
  daily: seriesBody('SearchDaily', 'The daily series of the window.', { date: isoDate }),
  history: seriesBody('SearchHistory', 'The daily series summed per calendar month.', {
    month: isoMonth,
  }),
} satisfies Record<SearchDataset, z.ZodMiniType>;

export type SearchPerformanceBody = z.infer<(typeof searchPerformanceSchemas)[SearchDataset]>;
