/** What every endpoint handler receives and returns, and the helpers they share. */
import type { EndpointName, Query } from '../../shared/api/endpoints.js';
import type { ResponseOf } from '../../shared/api/responses.js';
import type { ValidationErrors } from '../../shared/api/validate.js';
import type { Dataset, ProjectData } from '../data/dataset.js';
import type { AccountId } from '../data/world.js';

export interface HandlerContext {
  dataset: Dataset;
  account: AccountId;
  /** The project of the path; undefined only for GET /projects. */
  data: ProjectData | undefined;
  /** Validated query with every default filled in (withDefaults). */
  query: Query;
}

/**
 * A body to send with 200, typed by the endpoint's response schema so the
 * compiler checks the sandbox against what it claims to serve, or
 * per-parameter errors to send as 422 (data-api 7).
 */
export type HandlerResult<N extends EndpointName> =
  | { body: ResponseOf<N> }
  | { errors: ValidationErrors };

export type Handler<N extends EndpointName> = (context: HandlerContext) => HandlerResult<N>;

/** Handlers of /projects/{project}/... are only called with the project resolved. */
export function projectOf(context: HandlerContext): ProjectData {
  if (!context.data) throw new Error('handler needs a project');
  return context.data;
}

/** data-api 2.5: the pagination object of row datasets. */
export function paginate<T>(rows: readonly T[], offset: number, limit: number) {
  const page = rows.slice(offset, offset + limit);
  return {
    rows: page,
    pagination: {
      offset,
      limit,
      returned: page.length,
      total: rows.length,
      has_more: offset + page.length < rows.length,
    },
  };
}

/** data-api 4.3 rule 1: a question of another project (or none) is a 422 under prompt_id. */
export function checkPromptId(data: ProjectData, promptId: unknown): ValidationErrors | undefined {
  if (promptId === undefined) return undefined;
  if (data.questions.some((question) => question.id === promptId)) return undefined;
  return {
    prompt_id: [
      `${String(promptId)} is not a question of project ${data.spec.id}; the question ids are in the questions block of GET /api/v1/projects/${data.spec.id}`,
    ],
  };
}

/** data-api 2.5: a connected source or window without stored data. */
export const unavailable = (reason: string, extras: Record<string, unknown> = {}) => ({
  body: { available: false as const, reason, ...extras },
});
