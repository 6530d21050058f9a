/**
 * What both drivers do before and after the wire: validate, build, read the
 * answer, decide on a retry, and keep the token out of anything an error
 * carries. The drivers only move bytes and wait.
 */
import type { EndpointName } from '../api/endpoints.js';
import {
  type CheckedParams,
  matchEndpointPath,
  validateParams,
  withCheckedPaging,
} from '../api/validate.js';
import type { BodyCheck } from '../http/body-check.js';
import { AivisError, redactError, validationError } from '../http/errors.js';
import {
  buildRequest,
  type Credentials,
  linkRequest,
  normalizeBaseUrl,
  parseApiPath,
} from '../http/request.js';
import { type Interpreted, interpretResponse } from '../http/response.js';
import { resolvePolicy, retryDelay } from '../http/retry.js';
import type { ClientOptions, HttpRequest, HttpResponse } from './types.js';

/** What both drivers make of their options: checked credentials, the retry policy, clock and chance. */
export function resolveClientOptions(options: ClientOptions) {
  return {
    credentials: { baseUrl: normalizeBaseUrl(options.baseUrl), token: options.token },
    policy: resolvePolicy(options.retry),
    now: options.now ?? Date.now,
    random: options.random ?? Math.random,
  };
}

export type ResolvedClientOptions = ReturnType<typeof resolveClientOptions>;

export interface PreparedCall {
  name: EndpointName;
  params: CheckedParams;
  request: HttpRequest;
}

/**
 * The call for caller params: validated once here (rejecting unknown
 * parameters), unless validateParams already checked them for this endpoint,
 * which it then knows without reading them again. Throws validation_failed.
 */
export function prepareCall(
  credentials: Credentials,
  name: EndpointName,
  input: CheckedParams | Record<string, unknown>,
): PreparedCall {
  const validated = validateParams(name, input as Record<string, unknown>, {
    unknownParams: 'reject',
  });
  if (!validated.ok) throw validationError(validated.errors);
  const params = validated.params;
  return { name, params, request: buildRequest(credentials, name, params) };
}

/** The refusal of a text that is not an API path. */
const notAnApiPath = (path: string): AivisError =>
  new AivisError({
    code: 'validation_failed',
    status: 0,
    message: `Not a Data API v1 path: ${path.slice(0, 120)}`,
    errors: { path: ['must be a path under /api/v1 that names an endpoint'] },
  });

/** Prepares a call from an API path such as an action's next_request. */
export function prepareFromPath(credentials: Credentials, path: string): PreparedCall {
  const parsed = parseApiPath(path, matchEndpointPath);
  if (!parsed) throw notAnApiPath(path);
  if (parsed.errors) throw validationError(parsed.errors);
  return prepareCall(credentials, parsed.name, parsed.input);
}

/**
 * A call that follows an API link as written (linkRequest): no endpoint is
 * named, so nothing is validated here and the body only has to be a JSON
 * object; the service checks the link's parameters.
 */
export interface PreparedLink {
  name?: undefined;
  params?: undefined;
  request: HttpRequest;
}

export function prepareLink(credentials: Credentials, link: string): PreparedLink {
  const request = linkRequest(credentials, link);
  if (!request) throw notAnApiPath(link);
  return { request };
}

/** Same call with another offset, for the pages after the first. */
export function withOffset(
  credentials: Credentials,
  call: PreparedCall,
  offset: number,
): PreparedCall {
  const next = withCheckedPaging(call.name, call.params, 'offset', offset);
  if (!next.ok) throw validationError(next.errors);
  const { params } = next;
  return { name: call.name, params, request: buildRequest(credentials, call.name, params) };
}

/**
 * The answer to a call, read as data-api 7 describes it: the checked body, or
 * the error it means (a followed link's body only has to be a JSON object).
 */
export function interpretCall(
  call: PreparedCall | PreparedLink,
  response: HttpResponse,
  check: BodyCheck,
  nowMs: number,
): Interpreted {
  return interpretResponse(call.name, call.params ?? {}, call.request, response, check, nowMs);
}

/**
 * How long to wait before attempt `attempt + 1` after this failure, as the
 * retry policy says; when the policy gives up, throws the failure with the
 * token redacted.
 */
export function retryWait(
  client: ResolvedClientOptions,
  failure: AivisError,
  attempt: number,
  waitedMs: number,
): number {
  const delay = retryDelay(failure, attempt, waitedMs, client.policy, client.random);
  // Defence in depth: a server (or a proxy between) could echo the token in any field.
  if (delay === undefined) throw redactError(failure, client.credentials.token);
  return delay;
}

export function networkError(request: HttpRequest, cause: unknown): AivisError {
  const detail = cause instanceof Error && cause.message ? ` (${cause.message})` : '';
  return new AivisError({
    code: 'network_error',
    status: 0,
    message: `Could not reach the service at ${request.url.split('?')[0]}${detail}. Check the network and the base URL.`,
    request: { method: request.method, url: request.url },
  });
}

export function abortedError(request: HttpRequest): AivisError {
  return new AivisError({
    code: 'aborted',
    status: 0,
    message: 'The request was cancelled.',
    request: { method: request.method, url: request.url },
  });
}
