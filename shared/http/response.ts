/**
 * Interpreting a response is pure: status, headers and body text in, a
 * parsed body or an AivisError out. Malformed or truncated JSON and bodies
 * that break the contract become `contract_error` naming the JSON path;
 * nothing here throws.
 */
import * as z from 'zod/mini';
import { ENDPOINTS, type EndpointName, type Query } from '../api/endpoints.js';
import { withDefaults } from '../api/validate.js';
import { ERROR_STATUS, type ErrorCode } from '../api/vocabulary.js';
import type { HttpRequest, HttpResponse } from '../client/types.js';
import { errorEnvelopeSchema, unavailableSourceSchema } from '../schemas/common.js';
import { AivisError } from './errors.js';

export type Interpreted<T = unknown> = { ok: true; body: T } | { ok: false; error: AivisError };

const KNOWN_CODES = new Set<string>([...Object.keys(ERROR_STATUS), 'method_not_allowed']);

/** Renders a zod issue path as `answers[3].platform`. */
export function formatJsonPath(path: ReadonlyArray<PropertyKey>): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else text += text ? `.${String(segment)}` : String(segment);
  }
  return text || '(root)';
}

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'insufficient_scope';
  if (status === 404) return 'not_found';
  if (status === 405) return 'method_not_allowed';
  if (status === 422) return 'validation_failed';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'server_error';
  return 'contract_error';
}

/** spec 7: Retry-After header first (seconds or an HTTP date), else body retry_after. */
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

function describeIssue(issue: z.core.$ZodIssue): string {
  const where = formatJsonPath(issue.path);
  if (issue.code === 'invalid_type') return `${where}: expected ${issue.expected}`;
  if (issue.code === 'invalid_value')
    return `${where}: expected one of ${issue.values.map(String).join(', ')}`;
  return `${where}: ${issue.message}`;
}

function interpretError(request: HttpRequest, response: HttpResponse, nowMs: number): AivisError {
  const parsed = parseJson(response.body);
  const envelope = parsed.ok ? z.safeParse(errorEnvelopeSchema, parsed.value) : undefined;
  const error = envelope?.success ? envelope.data.error : undefined;
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

export function interpretResponse(
  name: EndpointName,
  params: Query,
  request: HttpRequest,
  response: HttpResponse,
  nowMs = 0,
): Interpreted {
  if (response.status < 200 || response.status > 299) {
    return { ok: false, error: interpretError(request, response, nowMs) };
  }
  const parsed = parseJson(response.body);
  if (!parsed.ok) {
    return {
      ok: false,
      error: contractError(request, `The service's answer could not be read: ${parsed.reason}.`),
    };
  }
  const definition = ENDPOINTS[name];
  const value = parsed.value as { available?: unknown } | null;
  // spec 2.5: a connected source without stored data answers available:false with a reason.
  const schema =
    definition.connectedSource &&
    value !== null &&
    typeof value === 'object' &&
    value.available === false
      ? unavailableSourceSchema
      : definition.response(withDefaults(name, params));
  const result = z.safeParse(schema, parsed.value);
  if (result.success) return { ok: true, body: result.data };
  const first = result.error.issues[0];
  const detail = first ? describeIssue(first) : 'unknown shape';
  return {
    ok: false,
    error: contractError(
      request,
      `The service's answer does not have the documented shape (${detail}).`,
      first ? formatJsonPath(first.path) : undefined,
    ),
  };
}
