/** Checks bodies with the zod schemas themselves: the reference implementation of BodyCheck. */
import * as z from 'zod/mini';
import { ENDPOINTS } from '../api/endpoints.js';
import { responseSchema } from '../api/responses.js';
import { errorEnvelopeSchema, unavailableSourceSchema } from '../schemas/common.js';
import { type BodyCheck, type CheckResult, formatJsonPath, isUnavailable } from './body-check.js';

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') return `expected ${issue.expected}`;
  if (issue.code === 'invalid_value')
    return `expected one of ${issue.values.map(String).join(', ')}`;
  if (issue.code === 'invalid_union') return 'matches none of the documented shapes';
  return issue.message;
}

function run(schema: z.ZodMiniType, value: unknown): CheckResult {
  const result = z.safeParse(schema, value);
  if (result.success) return { ok: true, value: result.data };
  const first = result.error.issues[0];
  return first
    ? { ok: false, path: formatJsonPath(first.path), detail: describeIssue(first) }
    : { ok: false, path: '(root)', detail: 'unknown shape' };
}

export const zodCheck: BodyCheck = {
  response(name, query, value) {
    const schema =
      ENDPOINTS[name].connectedSource && isUnavailable(value)
        ? unavailableSourceSchema
        : responseSchema(name, query);
    return schema
      ? run(schema, value)
      : { ok: false, path: '(root)', detail: 'no documented body for this query' };
  },
  error: (value) => run(errorEnvelopeSchema, value),
};
