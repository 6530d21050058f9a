/**
 * Where a request goes: preflight and methods (the edge step the proxy
 * shares, server/read-only-edge.ts), the OpenAPI document, paths outside the
 * API, then which endpoint of the table a path under /api/v1 names.
 */

import { readOnlyEdge } from '../../server/read-only-edge.js';
import { ENDPOINTS } from '../../shared/api/endpoints.js';
import { type MatchedRoute, matchEndpointPath } from '../../shared/api/validate.js';
import { API_PREFIX, OPENAPI_PATH } from '../../shared/api/vocabulary.js';
import type { Exchange, StepResult } from './exchange.js';
import { CORS, CORS_HEADERS, fail, logRequest, send } from './serialize.js';

/** Answers what is not an API read: preflight, other methods, the document, other paths. */
export function answerOutsideApi(
  exchange: Exchange,
  openApiYaml: () => string,
): Response | undefined {
  const { method, url } = exchange;
  const edge = readOnlyEdge(method, exchange.request.headers.get('origin'), CORS);
  if (edge?.kind === 'preflight') return send(exchange, edge.status, null, edge.headers);
  if (edge?.kind === 'refused') {
    const { code, message, headers } = edge.refusal;
    return fail(exchange, code, message, {}, headers);
  }
  if (url.pathname === OPENAPI_PATH) {
    const yaml = openApiYaml();
    logRequest(exchange, 200, false);
    return new Response(method === 'HEAD' ? null : yaml, {
      status: 200,
      headers: {
        ...CORS_HEADERS,
        'content-type': 'application/yaml; charset=utf-8',
        'x-ratelimit-limit': String(exchange.rate.limit),
        'x-ratelimit-remaining': String(exchange.rate.remaining),
      },
    });
  }
  if (url.pathname !== API_PREFIX && !url.pathname.startsWith(`${API_PREFIX}/`)) {
    return fail(
      exchange,
      'not_found',
      `Nothing here. The API is under ${API_PREFIX} (start with GET ${API_PREFIX}/projects); its description is at ${OPENAPI_PATH}.`,
    );
  }
  return undefined;
}

const ENDPOINT_LIST = Object.values(ENDPOINTS)
  .map((definition) => `${API_PREFIX}${definition.path}`)
  .join(', ');

/** The endpoint a path under /api/v1 names, or 404 listing the endpoints. */
export function routeEndpoint(exchange: Exchange): StepResult<MatchedRoute> {
  const { pathname } = exchange.url;
  const route = matchEndpointPath(pathname.slice(API_PREFIX.length));
  if (route) return { value: route };
  return {
    response: fail(
      exchange,
      'not_found',
      `No endpoint at ${pathname}. Endpoints: ${ENDPOINT_LIST}.`,
    ),
  };
}
