/** data-api 2.1: the items of GET /projects. */
import * as z from 'zod/mini';
import { count, isoDateTime, named, platformName } from './common.js';

const sourceFreshness = z.nullable(
  z.looseObject({ fetched_at: isoDateTime, is_stale: z.boolean() }),
);

export const projectSchema = named(
  'Project',
  'A brand tracking project of the account.',
  z.looseObject({
    id: z.int().check(z.positive()),
    brand_name: z.string(),
    brand_website: z.string(),
    status: z.string().register(z.globalRegistry, {
      description: 'active, paused or setup (values beyond these may appear)',
    }),
    country: z.string(),
    language: z.string(),
    selected_ai_models: z.array(platformName),
    last_checked_at: z.nullable(isoDateTime),
    connections: z.looseObject({
      ga4: z.boolean(),
      google_search_console: z.boolean(),
      bing_webmaster_tools: z.boolean(),
    }),
    connected_data: z.looseObject({
      ga4: sourceFreshness,
      google_search_console: sourceFreshness,
      bing_webmaster_tools: sourceFreshness,
    }),
    data_availability: z.looseObject({
      questions: count,
      answers: count,
      judgments: count,
      competitor_snapshots: count,
      connected_source_snapshots: count,
    }),
  }),
);
export type Project = z.infer<typeof projectSchema>;

export const projectListSchema = named(
  'ProjectList',
  'GET /projects',
  z.looseObject({ projects: z.array(projectSchema) }),
);
export type ProjectList = z.infer<typeof projectListSchema>;
