/** data-api 2.3 and 4.3: stored AI answers joined with their judgments. */
import * as z from 'zod/mini';
import { BRAND_SENTIMENTS, PROMINENCE_MAX, PROMINENCE_MIN } from '../api/vocabulary.js';
import {
  assumed,
  assumedFields,
  isoDateTime,
  named,
  paginationSchema,
  platformName,
  reportPeriodSchema,
} from './common.js';

/** Judgment fields are null until the nightly judgment reaches the answer (data-api 3). */
export const answerRowSchema = named(
  'AnswerRow',
  'One check on one platform, joined with its judgment.',
  z.looseObject({
    ...assumedFields({
      id: z.int(),
      prompt_id: z.int(),
      platform: platformName,
      checked_at: isoDateTime,
    }),
    // data-api 2.3 names these: checked as documented.
    prominence_level: z.nullable(
      z.int().check(z.minimum(PROMINENCE_MIN), z.maximum(PROMINENCE_MAX)),
    ),
    on_topic: z.nullable(z.boolean()),
    names_brands: z.nullable(z.array(z.string())),
    brand_sentiment: z.nullable(
      z.string().register(z.globalRegistry, { description: BRAND_SENTIMENTS.join(', ') }),
    ),
    brand_drawback: z.nullable(z.string()),
    evidence_quote: z.nullable(z.string()),
    brand_mentioned: z.nullable(z.boolean()),
    // 2.3 describes these without naming them.
    ...assumedFields({
      cited_urls: z.array(z.string()),
      /** The real service's name (shared/aliases.ts); `web_searches` was our first guess. */
      search_queries: z.array(z.string()),
      answer_text: z.optional(z.string()),
      answer_text_truncated: z.optional(z.boolean()),
    }),
  }),
);
export type AnswerRow = z.infer<typeof answerRowSchema>;

export const answersResponseSchema = named(
  'AnswersPage',
  'GET /projects/{project}/answers',
  z.looseObject({
    answers: assumed(z.array(answerRowSchema)),
    pagination: paginationSchema,
    period: reportPeriodSchema,
  }),
);
export type AnswersResponse = z.infer<typeof answersResponseSchema>;
