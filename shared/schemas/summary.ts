/** data-api 2.2 and 4.2: the compact project summary, one top-level key per block. */
import * as z from 'zod/mini';
import { SUMMARY_BLOCKS } from '../api/vocabulary.js';
import {
  assumed,
  assumedFields,
  count,
  isoDate,
  isoDateTime,
  named,
  percent,
  platformName,
  reportPeriodSchema,
  sourceWindowSchema,
  unavailableSourceSchema,
} from './common.js';

export const questionSchema = named(
  'Question',
  'A customer question the service asks the AI platforms; `id` is the prompt_id of other endpoints.',
  z.looseObject(
    assumedFields({
      id: z.int().check(z.positive()),
      text: z.string(),
      last_checked_at: z.nullable(isoDateTime),
      next_check_at: z.nullable(isoDateTime),
    }),
  ),
);
export type Question = z.infer<typeof questionSchema>;

const searchRow = z.looseObject({
  clicks: count,
  impressions: count,
  ctr: z.number(),
  position: z.number(),
});

const searchSourceSummary = z.union([
  unavailableSourceSchema,
  z.looseObject({
    available: z.optional(z.literal(true)),
    period: sourceWindowSchema,
    fetched_at: isoDateTime,
    is_stale: z.boolean(),
    ...assumedFields({
      totals: searchRow,
      top_queries: z.array(z.extend(searchRow, { query: z.string() })),
      top_pages: z.array(z.extend(searchRow, { page: z.string() })),
    }),
  }),
]);

const connectionHealth = z.looseObject(
  assumedFields({
    connected: z.boolean(),
    healthy: z.boolean(),
    fetched_at: z.nullable(isoDateTime),
    is_stale: z.nullable(z.boolean()),
    message: z.nullable(z.string()),
  }),
);

/** A block's name is documented (data-api 2.2), its fields are not: all assumed. */
const block = <S extends Record<string, z.ZodMiniType>>(shape: S) =>
  z.looseObject(assumedFields(shape));

export const summaryBlockSchemas = {
  profile: block({
    brand_name: z.string(),
    brand_website: z.string(),
    country: z.string(),
    language: z.string(),
    business_profile: z.looseObject({
      category: z.string(),
      description: z.string(),
      audience: z.string(),
    }),
  }),
  questions: block({
    primary: questionSchema,
    additional: z.array(questionSchema).check(z.maxLength(15)),
  }),
  ai_visibility: block({
    score: percent,
    mentions_by_platform: z.array(
      z.looseObject({
        platform: platformName,
        mentions: count,
        answers: count,
        mention_rate: percent,
      }),
    ),
    /** Named by the real service (shared/aliases.ts); `change` was our first guess. */
    performance_comparison: z.looseObject({
      score_delta: z.nullable(z.number()),
      previous_score: z.nullable(percent),
      previous_period: z.nullable(z.looseObject({ start: isoDate, end: isoDate })),
    }),
    share_of_voice: percent,
  }),
  answer_insights: block({
    answers: count,
    brand_named: count,
    brand_named_rate: percent,
    average_prominence: z.nullable(z.number()),
    by_prominence: z.array(z.looseObject({ prominence_level: z.int(), answers: count })),
    negative_answers: count,
    drawback_answers: count,
    off_topic_answers: count,
    not_yet_judged: count,
  }),
  competitors: block({
    own_brand: z.looseObject({
      name: z.string(),
      rank: z.nullable(z.int()),
      visibility: percent,
      mentions: count,
    }),
    top: z
      .array(
        z.looseObject({
          name: z.string(),
          rank: z.int(),
          visibility: percent,
          mentions: count,
          is_own_brand: z.boolean(),
        }),
      )
      .check(z.maxLength(10)),
  }),
  citations: block({
    top_domains: z.array(
      z.looseObject({
        domain: z.string(),
        citations: count,
        share: percent,
        is_own_site: z.boolean(),
      }),
    ),
  }),
  search: block({ google: searchSourceSummary, bing: searchSourceSummary }),
  ai_traffic: z.union([
    unavailableSourceSchema,
    // Inside a block every field is assumed, the source's envelope too.
    z.looseObject({
      available: z.optional(z.literal(true)),
      ...assumedFields({
        period: sourceWindowSchema,
        fetched_at: isoDateTime,
        is_stale: z.boolean(),
        sessions: count,
        users: count,
        by_source: z.array(z.looseObject({ source: z.string(), sessions: count })),
      }),
    }),
  ]),
  connections: block({
    ga4: connectionHealth,
    google_search_console: connectionHealth,
    bing_webmaster_tools: connectionHealth,
  }),
  recommendations: block({
    summary: z.nullable(z.string()),
    generated_at: z.nullable(isoDateTime),
    action_count: count,
  }),
} satisfies Record<(typeof SUMMARY_BLOCKS)[number], z.ZodMiniType>;

/** Blocks are optional because `include` selects them; `included` says which came. */
export const projectSummarySchema = named(
  'ProjectSummary',
  `GET /projects/{project}: the summary blocks (${SUMMARY_BLOCKS.join(', ')}) as top-level keys, plus included, report_url and period.`,
  z.looseObject({
    id: assumed(z.int()),
    included: z.array(z.string()),
    report_url: z.string(),
    period: reportPeriodSchema,
    profile: z.optional(summaryBlockSchemas.profile),
    questions: z.optional(summaryBlockSchemas.questions),
    ai_visibility: z.optional(summaryBlockSchemas.ai_visibility),
    answer_insights: z.optional(summaryBlockSchemas.answer_insights),
    competitors: z.optional(summaryBlockSchemas.competitors),
    citations: z.optional(summaryBlockSchemas.citations),
    search: z.optional(summaryBlockSchemas.search),
    ai_traffic: z.optional(summaryBlockSchemas.ai_traffic),
    connections: z.optional(summaryBlockSchemas.connections),
    recommendations: z.optional(summaryBlockSchemas.recommendations),
  }),
);
export type ProjectSummary = z.infer<typeof projectSummarySchema>;
