/**
 * Third step: the routes the proxy answers itself (an unknown path, invalid
 * parameters, the health check); the API and the OpenAPI document go on to
 * the cache.
 */
import { summarizeValidationErrors } from '../../shared/http/errors.js';
import { JSON_TYPE, jsonError } from '../responses.js';
import type { Route } from '../route.js';
import { localAnswer, type StepResult } from './exchange.js';
import type { Target } from './target.js';

export type CachedRoute = Extract<Route, { kind: 'api' | 'openapi' }>;
export type LedgerSeriesRoute = Extract<Route, { kind: 'ledger_series' }>;

/** The health check's body: the process answers; nothing upstream or in the budget was asked. */
const HEALTHY = JSON.stringify({ ok: true });

export function routeLocally(target: Target): StepResult<CachedRoute | LedgerSeriesRoute> {
  const { route, path } = target;
  switch (route.kind) {
    case 'not_found':
      return { answer: localAnswer(jsonError(404, 'not_found', route.message), path) };
    case 'invalid':
      return {
        answer: localAnswer(
          jsonError(
            422,
            'validation_failed',
            `Invalid parameters: ${summarizeValidationErrors(route.errors)}.`,
            { errors: route.errors },
          ),
          path,
        ),
      };
    case 'health':
      return {
        answer: localAnswer(
          new Response(HEALTHY, {
            status: 200,
            headers: { 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-store' },
          }),
          path,
        ),
      };
    case 'card':
      // The cards' own step answers them before this one (proxy/cards/).
      return { answer: localAnswer(jsonError(404, 'not_found', 'No such endpoint.'), path) };
    case 'api':
    case 'openapi':
    case 'ledger_series':
      return { value: route };
  }
}
