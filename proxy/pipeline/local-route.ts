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

/** The shared store as the health check reports it (docs/proxy.md, "Health check"). */
export interface StoreHealth {
  kind: string;
  /** shared: the store answered the check's probe; alone: it did not, and this instance counts alone. */
  state: 'shared' | 'alone';
  failures: number;
}

/**
 * The health check's body: the process answers (200, `ok: true`, even with
 * its store down: it serves alone), and with a shared store, that store's
 * state; nothing upstream or in the budget was asked.
 */
const healthBody = (store: StoreHealth | undefined) =>
  JSON.stringify(store ? { ok: true, store } : { ok: true });

export function routeLocally(
  target: Target,
  store?: StoreHealth,
): StepResult<CachedRoute | LedgerSeriesRoute> {
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
          new Response(healthBody(store), {
            status: 200,
            headers: { 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-store' },
          }),
          path,
        ),
      };
    case 'card':
    case 'share':
    case 'portfolio':
      // Answered before this step: the cards' own (proxy/cards/), the client links' and the
      // portfolio's in front of the proxy (proxy/handler.ts); only a refused method reaches here.
      return { answer: localAnswer(jsonError(404, 'not_found', 'No such endpoint.'), path) };
    case 'api':
    case 'openapi':
    case 'ledger_series':
      return { value: route };
  }
}
