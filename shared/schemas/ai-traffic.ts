/** data-api 4.7: GA4 traffic from AI assistants and AI Overviews; one body shape per dataset. */
import * as z from 'zod/mini';
import type { AiTrafficDataset } from '../api/vocabulary.js';
import {
  assumed,
  assumedFields,
  count,
  isoDate,
  isoDateTime,
  isoMonth,
  named,
  paginationSchema,
  percent,
  sourceWindowSchema,
} from './common.js';

const metrics = {
  sessions: count,
  users: count,
  engaged_sessions: count,
  conversions: count,
};

const envelope = {
  available: z.optional(z.literal(true)),
  dataset: assumed(z.string()),
  period: sourceWindowSchema,
  fetched_at: isoDateTime,
  is_stale: z.boolean(),
};

export const aiTrafficSchemas = {
  summary: named(
    'AiTrafficSummary',
    'Totals of AI traffic in the window, with sessions by source.',
    z.looseObject({
      ...envelope,
      ...assumedFields({
        totals: z.looseObject(metrics),
        by_source: z.array(z.looseObject({ source: z.string(), sessions: count })),
      }),
    }),
  ),
  sources: named(
    'AiTrafficSources',
    'One row per AI source.',
    z.looseObject({
      ...envelope,
      rows: assumed(z.array(z.looseObject({ source: z.string(), share: percent, ...metrics }))),
    }),
  ),
  landing_pages: named(
    'AiTrafficLandingPages',
    'Landing pages of AI visitors.',
    z.looseObject({
      ...envelope,
      rows: assumed(
        z.array(z.looseObject({ path: z.string(), top_source: z.string(), ...metrics })),
      ),
      pagination: paginationSchema,
    }),
  ),
  daily: named(
    'AiTrafficDaily',
    'The daily series of the window.',
    z.looseObject({
      ...envelope,
      rows: assumed(z.array(z.looseObject({ date: isoDate, ...metrics }))),
    }),
  ),
  history: named(
    'AiTrafficHistory',
    'The daily series summed per calendar month; a row per month and AI platform where `platform` is set (the real service splits history per platform).',
    z.looseObject({
      ...envelope,
      rows: assumed(
        z.array(
          z.looseObject({
            month: isoMonth,
            platform: z.optional(z.string()),
            ...metrics,
          }),
        ),
      ),
    }),
  ),
} satisfies Record<AiTrafficDataset, z.ZodMiniType>;

export type AiTrafficBody = z.infer<(typeof aiTrafficSchemas)[AiTrafficDataset]>;
