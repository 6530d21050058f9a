/**
 * The project of the path and the query, read with the core's rules: another
 * account's project is as absent as one that does not exist (data-api 4), bad
 * parameters are a 422 whose message is the core's summary (data-api 7).
 */
import type { Query } from '../../shared/api/endpoints.js';
import { routeInput } from '../../shared/api/query.js';
import {
  type MatchedRoute,
  type ValidationErrors,
  validateParams,
  withDefaults,
} from '../../shared/api/validate.js';
import { API_PREFIX } from '../../shared/api/vocabulary.js';
import { validationError } from '../../shared/http/errors.js';
import type { Dataset, ProjectData } from '../data/dataset.js';
import type { AccountId } from '../data/world.js';
import type { Exchange, StepResult } from './exchange.js';
import { fail } from './serialize.js';

export interface ValidRequest {
  route: MatchedRoute;
  /** The project of the path; undefined only for GET /projects. */
  data: ProjectData | undefined;
  /** Validated, with every default filled in: what the handler answers. */
  query: Query;
}

export function validateRequest(
  exchange: Exchange,
  route: MatchedRoute,
  dataset: Dataset,
  account: AccountId,
): StepResult<ValidRequest> {
  const read = routeInput(exchange.url.searchParams, route.project);
  let data: ProjectData | undefined;
  if (route.project !== undefined) {
    const id = /^\d{1,10}$/.test(route.project) ? Number(route.project) : Number.NaN;
    const owned = dataset.projectsOf(account).some((spec) => spec.id === id);
    if (!owned) {
      return {
        response: fail(
          exchange,
          'not_found',
          `Project ${route.project.slice(0, 40)} does not exist or belongs to another account. GET ${API_PREFIX}/projects lists yours.`,
        ),
      };
    }
    data = dataset.project(id);
  }
  if ('errors' in read) return { response: validationFailed(exchange, read.errors) };
  const input: Record<string, unknown> = read.input;
  if (data) input.project = data.spec.id;
  const validated = validateParams(route.name, input, { unknownParams: 'ignore' });
  if (!validated.ok) return { response: validationFailed(exchange, validated.errors) };
  const query = withDefaults(route.name, validated.params as Query);
  return { value: { route, data, query } };
}

/** A 422 worded as the core words a client-side validation failure, so both read the same. */
export function validationFailed(exchange: Exchange, errors: ValidationErrors): Response {
  return fail(exchange, 'validation_failed', validationError(errors).message, { errors });
}
