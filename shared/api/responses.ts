/**
 * The response side of the endpoint table: which schema answers which query.
 * Declarative (a parameter picks among named schemas) rather than a function,
 * so the same choice can be compiled into the compact shapes the widget
 * bundle checks against (shared/schemas/compile-shapes.ts) without shipping zod.
 */
import type * as z from 'zod/mini';
import { actionPlanSchema } from '../schemas/action-plan.js';
import { aiTrafficSchemas } from '../schemas/ai-traffic.js';
import { answersResponseSchema } from '../schemas/answers.js';
import { citationsByDomainSchema, citationsByUrlSchema } from '../schemas/citations.js';
import type { UnavailableSource } from '../schemas/common.js';
import {
  competitorDetailSchema,
  competitorHistorySchema,
  competitorRankingSchema,
} from '../schemas/competitors.js';
import { projectListSchema } from '../schemas/project.js';
import { searchPerformanceSchemas } from '../schemas/search-performance.js';
import { projectSummarySchema } from '../schemas/summary.js';
import type { ENDPOINTS, EndpointName, Query } from './endpoints.js';
import { pickResponse, type ResponseSide } from './response-side.js';
import { withDefaults } from './validate.js';

export const RESPONSES = {
  projects: { schema: projectListSchema },
  summary: { schema: projectSummarySchema },
  answers: { schema: answersResponseSchema },
  'search-performance': { by: 'dataset', schemas: searchPerformanceSchemas },
  competitors: {
    by: 'dataset',
    schemas: {
      ranking: competitorRankingSchema,
      detail: competitorDetailSchema,
      history: competitorHistorySchema,
    },
  },
  citations: {
    by: 'group_by',
    schemas: { url: citationsByUrlSchema, domain: citationsByDomainSchema },
  },
  'ai-traffic': { by: 'dataset', schemas: aiTrafficSchemas },
  'action-plan': { schema: actionPlanSchema },
} as const satisfies { [N in EndpointName]: ResponseSide<z.ZodMiniType> };

/** The schema of the body that answers these params (defaults are applied here). */
export function responseSchema(name: EndpointName, params: Query): z.ZodMiniType | undefined {
  return pickResponse<z.ZodMiniType>(RESPONSES[name], withDefaults(name, params));
}

/** Every body an endpoint can send, for the OpenAPI document. */
export function responseVariants(name: EndpointName): z.ZodMiniType[] {
  const side: ResponseSide<z.ZodMiniType> = RESPONSES[name];
  return 'schema' in side ? [side.schema] : Object.values(side.schemas);
}

type SchemasOf<N extends EndpointName> = (typeof RESPONSES)[N] extends { schema: infer S }
  ? S
  : (typeof RESPONSES)[N] extends { schemas: infer M }
    ? M[keyof M]
    : never;

/** The body an endpoint returns; connected sources may instead say `available: false`. */
export type ResponseOf<N extends EndpointName> =
  | z.infer<SchemasOf<N> & z.ZodMiniType>
  | ((typeof ENDPOINTS)[N]['connectedSource'] extends true ? UnavailableSource : never);
