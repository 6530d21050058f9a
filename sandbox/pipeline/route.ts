/**
 * Where a request goes: preflight and methods (only GET and HEAD read, spec
 * 4), the OpenAPI document, paths outside the API, then which endpoint of the
 * table a path under /api/v1 names.
 */
import { ENDPOINTS } from '../../shared/api/endpoints.js';
import { type MatchedRoute, matchEndpointPath } from '../../shared/api/validate.js';
import { API_PREFIX, OPENAPI_PATH } from '../../shared/api/vocabulary.js';
import type { Exchange, StepResult } from './exchange.js';
import { ALLOWED_METHODS, CORS_HEADERS, fail, logRequest, send } from './serialize.js';

/** Answers what is not an API read: preflight, other methods, the document, other paths. */
export function answerOutsideApi(
  exchange: Exchange,
  openApiYaml: () => string,
): Response | undefined {
  const { method, url } = exchange;
  if (method === 'OPTIONS') {
    return send(exchange, 204, null, {
      'access-control-allow-methods': ALLOWED_METHODS,
      'access-control-allow-headers': 'Authorization, Content-Type',
      'access-control-max-age': '600',
      allow: ALLOWED_METHODS,
    });
  }
  if (method !== 'GET' && method !== 'HEAD') {
    return fail(
      exchange,
      'method_not_allowed',
      `The Data API is read-only: use GET (${method} is not allowed).`,
      {},
      { allow: ALLOWED_METHODS },
    );
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
