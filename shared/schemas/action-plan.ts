/** data-api 2.4 and 4.8: prioritized next steps with evidence. */
import * as z from 'zod/mini';
import { ACTION_PLAN_STATUSES, ACTION_SIGNALS } from '../api/vocabulary.js';
import {
  assumed,
  assumedFields,
  count,
  isoDate,
  isoDateTime,
  named,
  percent,
  reportPeriodSchema,
} from './common.js';

export const actionSchema = named(
  'Action',
  'One prioritized action. `next_request` is an API path under /api/v1 that returns the supporting rows.',
  z.looseObject({
    // data-api 2.4 describes these without naming them.
    ...assumedFields({
      rank: z.int().check(z.positive()),
      signal: z.string().register(z.globalRegistry, { description: ACTION_SIGNALS.join(', ') }),
      title: z.string(),
      owner: z.string(),
      next_step: z.string(),
      evidence: z.array(
        z.looseObject({
          date: isoDate,
          text: z.string(),
          value: z.optional(z.nullable(z.number())),
        }),
      ),
      success_measure: z.string(),
      report_url: z.string(),
    }),
    /** Named by data-api 2.4; the MCP tools call it next_call (shared/aliases.ts). */
    next_request: z.string(),
  }),
);
export type Action = z.infer<typeof actionSchema>;

export const actionPlanSchema = named(
  'ActionPlan',
  'GET /projects/{project}/action-plan: a status, prioritized actions with dated evidence, data notes and a project snapshot.',
  z.looseObject({
    status: z.string().register(z.globalRegistry, { description: ACTION_PLAN_STATUSES.join(', ') }),
    audience: assumed(z.string()),
    actions: z.array(actionSchema),
    data_notes: z.array(z.looseObject(assumedFields({ source: z.string(), message: z.string() }))),
    snapshot: z.looseObject(
      assumedFields({
        brand_name: z.string(),
        visibility_score: z.nullable(percent),
        share_of_voice: z.nullable(percent),
        answers: count,
        generated_at: isoDateTime,
      }),
    ),
    period: reportPeriodSchema,
  }),
);
export type ActionPlan = z.infer<typeof actionPlanSchema>;
