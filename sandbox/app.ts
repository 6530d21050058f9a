/**
 * The sandbox as a standard fetch handler: method, auth, rate limit, route,
 * project, parameters, data, in that order (data-api 4, 5, 7, 8). Pure apart from
 * the injected clock and the rate-limit state.
 */
import { stringify } from 'yaml';
import { ENDPOINTS, type EndpointName } from '../shared/api/endpoints.js';
import { routeInput } from '../shared/api/query.js';
import { matchEndpointPath, validateParams, withDefaults } from '../shared/api/validate.js';
import { API_PREFIX, LIMITS, OPENAPI_PATH } from '../shared/api/vocabulary.js';
import { type ErrorEnvelopeExtras, errorEnvelope } from '../shared/http/errors.js';
import { buildOpenApiDocument, DEFAULT_SERVER_URL } from '../shared/openapi/document.js';
import { authenticate, redactTokens } from './auth.js';
import { createDataset, DEFAULT_NOW } from './data/dataset.js';
import { HANDLERS } from './handlers/index.js';
import { createRateLimiter, type RateDecision } from './rate-limit.js';

export interface RequestLogEntry {
  method: string;
  path: string;
  query: string;
  /** The account the token belongs to; null when unauthenticated. */
  account: string | null;
  status: number;
}

export interface SandboxOptions {
  /** The sandbox's today, YYYY-MM-DD; default 2026-11-15. */
  now?: string;
  /** Enforce the per-minute budget (headers are sent either way). Default true. */
  rateLimit?: boolean;
  /** Delay of the aivis_test_slow token. Default 5000 ms. */
  slowDelayMs?: number;
  /** Milliseconds since the epoch, for the rate limit. Default Date.now. */
  clock?: () => number;
  /** Receives one entry per request; never a token. */
  onRequest?: (entry: RequestLogEntry) => void;
  /**
   * The address the sandbox listens on, for the OpenAPI document's `servers`
   * (a function: the port is known only once listening). Never taken from a
   * request's Host header, which any client can set. Default
   * http://127.0.0.1:8787.
   */
  serverUrl?: () => string;
}

const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'X-RateLimit-Limit, X-RateLimit-Remaining, Retry-After',
};
const JSON_TYPE = 'application/json; charset=utf-8';

type ApiError = Parameters<typeof errorEnvelope>[0];

export function createSandboxHandler(options: SandboxOptions = {}) {
  const dataset = createDataset(options.now ?? DEFAULT_NOW);
  const limiter = createRateLimiter({
    now: options.clock ?? Date.now,
    enforce: options.rateLimit !== false,
  });
  const slowDelayMs = options.slowDelayMs ?? 5_000;
  const serverUrl = options.serverUrl ?? (() => DEFAULT_SERVER_URL);
  let openApi: { url: string; yaml: string } | undefined;
  const openApiYaml = () => {
    const url = serverUrl();
    if (openApi?.url !== url)
      openApi = { url, yaml: stringify(buildOpenApiDocument({ serverUrl: url })) };
    return openApi.yaml;
  };

  return async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    const isApi = url.pathname === API_PREFIX || url.pathname.startsWith(`${API_PREFIX}/`);
    let account: string | null = null;
    let rate: Pick<RateDecision, 'limit' | 'remaining'> = {
      limit: LIMITS.rateLimitPerMinute.entry,
      remaining: LIMITS.rateLimitPerMinute.entry,
    };

    const send = (
      status: number,
      body: unknown,
      extraHeaders: Record<string, string> = {},
    ): Response => {
      const headers: Record<string, string> = {
        ...CORS_HEADERS,
        'content-type': JSON_TYPE,
        ...extraHeaders,
      };
      // data-api 8: rate headers on every response, errors and the document included.
      headers['x-ratelimit-limit'] = String(rate.limit);
      headers['x-ratelimit-remaining'] = String(rate.remaining);
      options.onRequest?.({
        method,
        path: redactTokens(url.pathname),
        query: redactTokens(redactQuery(url.searchParams)),
        account,
        status,
      });
      return new Response(method === 'HEAD' || status === 204 ? null : JSON.stringify(body), {
        status,
        headers,
      });
    };
    const fail = (
      code: ApiError,
      message: string,
      extras: ErrorEnvelopeExtras = {},
      headers: Record<string, string> = {},
    ) => {
      const envelope = errorEnvelope(code, message, extras);
      return send(envelope.error.status, envelope, headers);
    };

    if (method === 'OPTIONS') {
      return send(204, null, {
        'access-control-allow-methods': ALLOWED_METHODS,
        'access-control-allow-headers': 'Authorization, Content-Type',
        'access-control-max-age': '600',
        allow: ALLOWED_METHODS,
      });
    }
    if (method !== 'GET' && method !== 'HEAD') {
      return fail(
        'method_not_allowed',
        `The Data API is read-only: use GET (${method} is not allowed).`,
        {},
        { allow: ALLOWED_METHODS },
      );
    }

    if (url.pathname === OPENAPI_PATH) {
      const yaml = openApiYaml();
      options.onRequest?.({ method, path: url.pathname, query: '', account: null, status: 200 });
      return new Response(method === 'HEAD' ? null : yaml, {
        status: 200,
        headers: {
          ...CORS_HEADERS,
          'content-type': 'application/yaml; charset=utf-8',
          'x-ratelimit-limit': String(rate.limit),
          'x-ratelimit-remaining': String(rate.remaining),
        },
      });
    }
    if (!isApi) {
      return fail(
        'not_found',
        `Nothing here. The API is under ${API_PREFIX} (start with GET ${API_PREFIX}/projects); its description is at ${OPENAPI_PATH}.`,
      );
    }

    const auth = authenticate(request.headers.get('authorization'), url.searchParams);
    if (!auth.ok) {
      const { code, message, plans_url } = auth.failure;
      return fail(code, message, plans_url ? { plans_url } : {});
    }
    const scenario = auth.scenario;
    account = scenario.account;

    if (scenario.behaviour === 'rate_limited') {
      rate = { limit: scenario.rateLimitPerMinute, remaining: 0 };
      return rateLimited(fail, 1);
    }
    const decision = limiter.take(scenario.account, scenario.rateLimitPerMinute);
    rate = decision;
    if (!decision.allowed) return rateLimited(fail, decision.retryAfter);

    if (scenario.behaviour === 'server_error') {
      return fail(
        'server_error',
        'The service failed to answer (sandbox server-error scenario). Retry later; if it keeps failing, report it.',
      );
    }
    if (scenario.behaviour === 'slow') {
      const finished = await delay(slowDelayMs, request.signal);
      if (!finished)
        return fail('server_error', 'The client went away before the answer was ready.');
    }

    const route = matchEndpointPath(url.pathname.slice(API_PREFIX.length));
    if (!route) {
      return fail(
        'not_found',
        `No endpoint at ${url.pathname}. Endpoints: ${Object.values(ENDPOINTS)
          .map((definition) => `${API_PREFIX}${definition.path}`)
          .join(', ')}.`,
      );
    }
    const read = routeInput(url.searchParams, route.project);
    const dataAccount = scenario.dataAccount ?? 'A';
    let data: ReturnType<typeof dataset.project>;
    if (route.project !== undefined) {
      const id = /^\d{1,10}$/.test(route.project) ? Number(route.project) : Number.NaN;
      const owned = dataset.projectsOf(dataAccount).some((spec) => spec.id === id);
      // data-api 4: another account's project is as absent as a project that does not exist.
      if (!owned) {
        return fail(
          'not_found',
          `Project ${route.project.slice(0, 40)} does not exist or belongs to another account. GET ${API_PREFIX}/projects lists yours.`,
        );
      }
      data = dataset.project(id);
    }
    if ('errors' in read) return validationFailed(fail, read.errors);
    const input: Record<string, unknown> = read.input;
    if (data) input.project = data.spec.id;

    const validated = validateParams(route.name as EndpointName, input, {
      unknownParams: 'ignore',
    });
    if (!validated.ok) return validationFailed(fail, validated.errors);
    const query = withDefaults(route.name, validated.params as Record<string, unknown>);
    const result = HANDLERS[route.name]({ dataset, account: dataAccount, data, query });
    if ('errors' in result) return validationFailed(fail, result.errors);
    return send(200, result.body);
  };
}

type Fail = (
  code: ApiError,
  message: string,
  extras?: ErrorEnvelopeExtras,
  headers?: Record<string, string>,
) => Response;

function rateLimited(fail: Fail, retryAfter: number): Response {
  // data-api 7: the Retry-After header and retry_after carry the same seconds.
  return fail(
    'rate_limited',
    `The per-minute request budget of this account is used up. Wait ${retryAfter} s before retrying, and do not retry in a tight loop.`,
    { retry_after: retryAfter },
    { 'retry-after': String(retryAfter) },
  );
}

function validationFailed(fail: Fail, errors: Record<string, string[]>): Response {
  const summary = Object.entries(errors)
    .map(([param, messages]) => `${param} ${messages.join('; ')}`)
    .join('. ');
  return fail('validation_failed', `Invalid parameters: ${summary}.`, { errors });
}

const SECRET_PARAMS = new Set([
  'token',
  'access_token',
  'api_key',
  'apikey',
  'key',
  'authorization',
]);

/** The query string with secret-looking parameters blanked, for the request log. */
function redactQuery(params: URLSearchParams): string {
  const copy = new URLSearchParams();
  for (const [key, value] of params)
    copy.append(key, SECRET_PARAMS.has(key.toLowerCase()) ? '[redacted]' : value);
  return copy.toString();
}

/** Waits, unless the request is aborted first; leaves no timer behind either way. */
function delay(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
