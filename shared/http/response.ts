/**
 * Interpreting a response is pure: status, headers and body text in, a
 * parsed body or an AivisError out. Malformed or truncated JSON and bodies
 * that break the contract become `contract_error` naming the JSON path;
 * nothing here throws. The contract check itself is injected (body-check.ts),
 * so this module carries no schema library.
 */
import type { EndpointName, Query } from '../api/endpoints.js';
import { withDefaults } from '../api/validate.js';
import {
  API_ERROR_CODES,
  type ApiErrorCode,
  ERROR_STATUS,
  type ErrorCode,
} from '../api/vocabulary.js';
import type { HttpRequest, HttpResponse } from '../client/types.js';
import { type BodyCheck, objectBody } from './body-check.js';
import { AivisError } from './errors.js';

export { formatJsonPath } from './body-check.js';

export type Interpreted<T = unknown> = { ok: true; body: T } | { ok: false; error: AivisError };

const KNOWN_CODES = new Set<string>(API_ERROR_CODES);
const API_CODES = Object.keys(ERROR_STATUS) as ApiErrorCode[];

/**
 * The code for a status whose body has no readable envelope: the first code
 * data-api 7 gives that status (403 is insufficient_scope before
 * paid_plan_required), 405 for a method other than GET, any 5xx a server error.
 */
function codeForStatus(status: number): ErrorCode {
  if (status === 405) return 'method_not_allowed';
  if (status >= 500) return 'server_error';
  return API_CODES.find((code) => ERROR_STATUS[code] === status) ?? 'contract_error';
}

/** data-api 7: Retry-After header first (seconds or an HTTP date), else body retry_after. */
export function readRetryAfter(
  headers: Record<string, string>,
  bodyValue: unknown,
  nowMs: number,
): number | undefined {
  const header = headers['retry-after']?.trim();
  if (header) {
    if (/^\d+$/.test(header)) return Number(header);
    const date = Date.parse(header);
    if (!Number.isNaN(date)) return Math.max(0, Math.ceil((date - nowMs) / 1000));
  }
  return typeof bodyValue === 'number' && Number.isFinite(bodyValue) && bodyValue >= 0
    ? Math.ceil(bodyValue)
    : undefined;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      reason: text.trim() === '' ? 'the body is empty' : `the body is not valid JSON (${detail})`,
    };
  }
}

function contractError(request: HttpRequest, message: string, path?: string): AivisError {
  return new AivisError({
    code: 'contract_error',
    status: 0,
    message,
    request: { method: request.method, url: request.url },
    ...(path !== undefined ? { path } : {}),
  });
}

interface EnvelopeFields {
  code: string;
  message: string;
  errors?: Record<string, string[]>;
  plans_url?: string;
  retry_after?: number;
}

function interpretError(
  request: HttpRequest,
  response: HttpResponse,
  check: BodyCheck,
  nowMs: number,
): AivisError {
  const parsed = parseJson(response.body);
  const envelope = parsed.ok ? check.error(parsed.value) : undefined;
  const error = envelope?.ok ? (envelope.value as { error: EnvelopeFields }).error : undefined;
  const code =
    error && KNOWN_CODES.has(error.code)
      ? (error.code as ErrorCode)
      : codeForStatus(response.status);
  const retryAfter = readRetryAfter(response.headers, error?.retry_after, nowMs);
  return new AivisError({
    code,
    status: response.status,
    message:
      error?.message ??
      `The service answered HTTP ${response.status} without an error description.`,
    request: { method: request.method, url: request.url },
    ...(error?.errors ? { errors: error.errors } : {}),
    ...(error?.plans_url ? { plansUrl: error.plans_url } : {}),
    ...(retryAfter !== undefined && code === 'rate_limited' ? { retryAfter } : {}),
  });
}

/**
 * A response as the caller's result: the checked body, or the error. Without
 * an endpoint (a followed link, prepare.ts) a body only has to be a JSON object.
 */
export function interpretResponse(
  name: EndpointName | undefined,
  params: Query,
  request: HttpRequest,
  response: HttpResponse,
  check: BodyCheck,
  nowMs = 0,
): Interpreted {
  if (response.status < 200 || response.status > 299) {
    return { ok: false, error: interpretError(request, response, check, nowMs) };
  }
  const parsed = parseJson(response.body);
  if (!parsed.ok) {
    return {
      ok: false,
      error: contractError(request, `The service's answer could not be read: ${parsed.reason}.`),
    };
  }
  const result =
    name !== undefined
      ? check.response(name, withDefaults(name, params), parsed.value)
      : objectBody(parsed.value);
  if (result.ok) return { ok: true, body: result.value };
  return {
    ok: false,
    error: contractError(
      request,
      `The service's answer does not have the documented shape (${result.path}: ${result.detail}).`,
      result.path,
    ),
  };
}
