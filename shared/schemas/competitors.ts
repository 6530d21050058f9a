/** data-api 4.5: brands named by AI platforms, ranked, in detail or by month. */
import * as z from 'zod/mini';
import {
  assumed,
  assumedFields,
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
  z.looseObject(
    assumedFields({
      rank: z.int().check(z.positive()),
      name: z.string(),
      is_own_brand: z.boolean(),
      visibility: percent,
      mentions: count,
      share_of_voice: percent,
      average_prominence: z.nullable(z.number()),
      /** The real service's name (shared/aliases.ts); sent with or without include_highlights. */
      platform_highlights: z.optional(highlights),
    }),
  ),
);
export type CompetitorRankingRow = z.infer<typeof competitorRankingRowSchema>;

export const competitorRankingSchema = named(
  'CompetitorRanking',
  'GET /projects/{project}/competitors?dataset=ranking',
  z.looseObject({
    dataset: z.optional(z.literal('ranking')),
    competitors: assumed(z.array(competitorRankingRowSchema)),
    pagination: paginationSchema,
    period: reportPeriodSchema,
  }),
);

/** Per platform figures of one brand in the detail. */
const platformFigures = z.looseObject({
  platform: platformName,
  visibility: percent,
  mentions: count,
  citations: z.optional(count),
  average_position: z.optional(z.nullable(z.number())),
});

export const competitorDetailSchema = named(
  'CompetitorDetail',
  "GET /projects/{project}/competitors?dataset=detail: one brand, the first whose name contains `competitor`. `found` is false when no brand matches (then ask for the ranking). The brand's figures per platform, its highlight sentences and its most-mentioned questions.",
  z.looseObject({
    dataset: z.optional(z.literal('detail')),
    ...assumedFields({
      found: z.boolean(),
      competitor: z.optional(z.string()),
      name: z.optional(z.string()),
      is_own_brand: z.optional(z.boolean()),
      rank: z.optional(z.nullable(z.int())),
      visibility: z.optional(percent),
      mentions: z.optional(count),
      citations: z.optional(count),
      average_position: z.optional(z.nullable(z.number())),
      by_platform: z.optional(z.array(platformFigures)),
      platform_highlights: z.optional(highlights),
      questions: z.optional(
        z.array(z.looseObject({ prompt_id: z.int(), text: z.string(), mentions: count })),
      ),
      /** How many questions name the brand; `questions` lists the most-mentioned of them. */
      questions_total: z.optional(count),
    }),
    period: reportPeriodSchema,
  }),
);

export const competitorHistorySchema = named(
  'CompetitorHistory',
  'GET /projects/{project}/competitors?dataset=history: stored monthly snapshots, newest first; limit and offset count months. The snapshots are built from the stored checks up to `latest_check_at`.',
  z.looseObject({
    dataset: z.optional(z.literal('history')),
    history: assumed(
      z.array(
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
