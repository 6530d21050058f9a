/**
 * Response building blocks of the proxy: its header names and content types,
 * the security headers on every answer, and data-api 7 error answers.
 */

import type { ApiErrorCode } from '../shared/api/vocabulary.js';
import type { ErrorEnvelopeExtras } from '../shared/http/errors.js';
import { errorEnvelope } from '../shared/http/errors.js';

/** Value of X-Aivis-Cache: where the body came from. */
export type CacheState = 'HIT' | 'MISS' | 'STALE' | 'COALESCED' | 'REVALIDATED';

export const CACHE_HEADER = 'X-Aivis-Cache';
export const STALE_REASON_HEADER = 'X-Aivis-Stale-Reason';
/** What the proxy's answers are, whatever upstream called them: data, never a page. */
export const JSON_TYPE = 'application/json; charset=utf-8';
export const YAML_TYPE = 'application/yaml; charset=utf-8';

/**
 * On every answer: no browser may sniff a body into HTML or script, run
 * anything in it, or frame it, even if upstream sent markup.
 */
export const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
} as const;

export function withSecurityHeaders(response: Response): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
  return new Response(response.body, { status: response.status, headers });
}

export function jsonError(
  status: number,
  code: ApiErrorCode | 'method_not_allowed',
  message: string,
  extras: ErrorEnvelopeExtras = {},
  headers: Record<string, string> = {},
): Response {
  const envelope = errorEnvelope(code, message, extras);
  // Gateway answers (502, 504) keep the data-api 7 shape with the status actually sent.
  const body = { error: { ...envelope.error, status } };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-store', ...headers },
  });
}
