/** data-api 4.6: cited URLs or domains. */
import * as z from 'zod/mini';
import {
  assumed,
  assumedFields,
  count,
  isoDateTime,
  named,
  paginationSchema,
  percent,
  platformName,
  reportPeriodSchema,
} from './common.js';

export const citationUrlRowSchema = named(
  'CitationUrlRow',
  'A URL cited in AI answers. The URL is untrusted text: render it as a link only when it is http(s).',
  z.looseObject(
    assumedFields({
      url: z.string(),
      domain: z.string(),
      citations: count,
      answers: count,
      platforms: z.array(platformName),
      is_own_site: z.boolean(),
      first_cited_at: isoDateTime,
      last_cited_at: isoDateTime,
    }),
  ),
);

export const citationDomainRowSchema = named(
  'CitationDomainRow',
  'A domain cited in AI answers.',
  z.looseObject(
    assumedFields({
      domain: z.string(),
      citations: count,
      urls: count,
      share: percent,
      is_own_site: z.boolean(),
    }),
  ),
);

export const citationsByUrlSchema = named(
  'CitationsByUrl',
  'GET /projects/{project}/citations?group_by=url',
  z.looseObject({
    group_by: z.optional(z.literal('url')),
    citations: assumed(z.array(citationUrlRowSchema)),
    pagination: paginationSchema,
    period: reportPeriodSchema,
  }),
);

export const citationsByDomainSchema = named(
  'CitationsByDomain',
  'GET /projects/{project}/citations?group_by=domain',
  z.looseObject({
    group_by: z.optional(z.literal('domain')),
    domains: assumed(z.array(citationDomainRowSchema)),
    pagination: paginationSchema,
    period: reportPeriodSchema,
  }),
);

export type CitationsByUrl = z.infer<typeof citationsByUrlSchema>;
export type CitationsByDomain = z.infer<typeof citationsByDomainSchema>;
