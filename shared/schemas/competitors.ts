/** data-api 4.5: brands named by AI platforms, ranked, in detail or by month. */
import * as z from 'zod/mini';
import {
  count,
  isoMonth,
  named,
  paginationSchema,
  percent,
  platformName,
  reportPeriodSchema,
} from './common.js';

/** Highlight sentences keyed by platform (include_highlights). */
const highlights = z.record(z.string(), z.array(z.string()));

export const competitorRankingRowSchema = named(
  'CompetitorRankingRow',
  'One brand of the ranking; the own brand is included and flagged.',
  z.looseObject({
    rank: z.int().check(z.positive()),
    name: z.string(),
    is_own_brand: z.boolean(),
    visibility: percent,
    mentions: count,
    share_of_voice: percent,
    average_prominence: z.nullable(z.number()),
    highlights: z.optional(highlights),
  }),
);
export type CompetitorRankingRow = z.infer<typeof competitorRankingRowSchema>;

export const competitorRankingSchema = named(
  'CompetitorRanking',
  'GET /projects/{project}/competitors?dataset=ranking',
  z.looseObject({
    dataset: z.optional(z.literal('ranking')),
    competitors: z.array(competitorRankingRowSchema),
    pagination: paginationSchema,
    period: reportPeriodSchema,
  }),
);

export const competitorDetailSchema = named(
  'CompetitorDetail',
  'GET /projects/{project}/competitors?dataset=detail: the brands whose name contains `competitor`, a page at a time (`limit`, `offset`), each with its most-mentioned questions.',
  z.looseObject({
    dataset: z.optional(z.literal('detail')),
    query: z.string(),
    matches: z.array(
      z.looseObject({
        name: z.string(),
        is_own_brand: z.boolean(),
        rank: z.nullable(z.int()),
        visibility: percent,
        mentions: count,
        by_platform: z.array(
          z.looseObject({ platform: platformName, mentions: count, visibility: percent }),
        ),
        questions: z.array(
          z.looseObject({ prompt_id: z.int(), text: z.string(), mentions: count }),
        ),
        /** How many questions name the brand; `questions` lists the most-mentioned of them. */
        questions_total: z.optional(count),
        highlights: highlights,
      }),
    ),
    pagination: z.optional(paginationSchema),
    period: reportPeriodSchema,
  }),
);

export const competitorHistorySchema = named(
  'CompetitorHistory',
  'GET /projects/{project}/competitors?dataset=history: stored monthly snapshots, newest first; limit and offset count months. The snapshots are built from the stored checks up to `latest_check_at`.',
  z.looseObject({
    dataset: z.optional(z.literal('history')),
    history: z.array(
      z.looseObject({
        month: isoMonth,
        brands: z.array(
          z.looseObject({
            name: z.string(),
            is_own_brand: z.boolean(),
            rank: z.int(),
            visibility: percent,
            mentions: count,
          }),
        ),
      }),
    ),
    pagination: paginationSchema,
    latest_check_at: z.optional(
      // A schema of its own: metadata registered on the shared isoDateTime would reach every use.
      z.iso.datetime({ offset: true }).register(z.globalRegistry, {
        description: 'When the newest stored check the snapshots come from finished.',
      }),
    ),
  }),
);

export type CompetitorRanking = z.infer<typeof competitorRankingSchema>;
export type CompetitorDetail = z.infer<typeof competitorDetailSchema>;
export type CompetitorHistory = z.infer<typeof competitorHistorySchema>;
