/**
 * Response building blocks of the proxy: data-api 7 error answers, CORS, the
 * cache headers, and the token scrubbing every answer passes through.
 */

import type { ApiErrorCode } from '../shared/api/vocabulary.js';
import type { ErrorEnvelopeExtras } from '../shared/http/errors.js';
import { errorEnvelope } from '../shared/http/errors.js';
import { REDACTED, redactSecret, redactSecretInJson } from '../shared/http/redaction.js';

export { REDACTED };

/** Value of X-Aivis-Cache: where the body came from. */
export type CacheState = 'HIT' | 'MISS' | 'STALE' | 'COALESCED' | 'REVALIDATED';

export const CACHE_HEADER = 'X-Aivis-Cache';
export const STALE_REASON_HEADER = 'X-Aivis-Stale-Reason';
export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';
/** Headers a browser page may read from the proxy's answers. */
export const EXPOSED_HEADERS = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'Retry-After',
  'ETag',
  'Age',
  CACHE_HEADER,
  STALE_REASON_HEADER,
].join(', ');
/** Request headers a page may send; Authorization is accepted only to be dropped. */
export const ALLOWED_REQUEST_HEADERS = 'Accept, Authorization, Cache-Control, If-None-Match';

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

/** Adds CORS headers for an allowed origin; every answer varies by Origin. */
export function withCors(response: Response, origin: string | null): Response {
  const headers = new Headers(response.headers);
  appendVary(headers, 'Origin');
  if (origin !== null) {
    headers.set('Access-Control-Allow-Origin', origin);
    headers.set('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  }
  return new Response(response.body, { status: response.status, headers });
}

export function preflight(origin: string | null, allowed: boolean): Response {
  if (origin !== null && !allowed) {
    // No CORS headers: the browser refuses the real request.
    return new Response(null, { status: 403, headers: { Vary: 'Origin' } });
  }
  const headers = new Headers({ Allow: ALLOWED_METHODS, Vary: 'Origin' });
  if (origin !== null) {
    headers.set('Access-Control-Allow-Origin', origin);
    headers.set('Access-Control-Allow-Methods', ALLOWED_METHODS);
    headers.set('Access-Control-Allow-Headers', ALLOWED_REQUEST_HEADERS);
    headers.set('Access-Control-Max-Age', '600');
  }
  return new Response(null, { status: 204, headers });
}

function appendVary(headers: Headers, name: string): void {
  const vary = headers.get('Vary');
  if (!vary) headers.set('Vary', name);
  else if (!vary.split(',').some((part) => part.trim().toLowerCase() === name.toLowerCase())) {
    headers.set('Vary', `${vary}, ${name}`);
  }
}

/** Replaces every form of the token in a text (shared/http/redaction.ts). */
export function scrubText(text: string, token: string): string {
  return redactSecret(text, token);
}

/**
 * The same bytes unless they contain the token in some form. A JSON body is
 * cleaned string by string, so it stays the same JSON.
 */
export function scrubBytes(
  bytes: Uint8Array<ArrayBuffer>,
  token: string,
  json = false,
): Uint8Array<ArrayBuffer> {
  const text = new TextDecoder().decode(bytes);
  const clean = json ? redactSecretInJson(text, token) : redactSecret(text, token);
  return clean === text ? bytes : new TextEncoder().encode(clean);
}

/**
 * The last line of defence: a header value or a body that still holds the
 * token (a 422 echoing a query value, an upstream answer quoting it) loses it.
 */
export async function scrubResponse(
  response: Response,
  token: string,
  bodyIsClean = false,
): Promise<Response> {
  let headers: Headers | undefined;
  response.headers.forEach((value, name) => {
    const clean = redactSecret(value, token);
    if (clean !== value) {
      headers ??= new Headers(response.headers);
      headers.set(name, clean);
    }
  });
  if (response.body === null || bodyIsClean) {
    return headers ? new Response(response.body, { status: response.status, headers }) : response;
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  const clean = scrubBytes(bytes, token);
  return new Response(clean, { status: response.status, headers: headers ?? response.headers });
}

/** Quoted base64url SHA-256 of the body: a strong validator (RFC 9110 8.8.3). */
export async function strongEtag(body: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', body));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return `"${btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}"`;
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2): W/ prefixes are ignored. */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (ifNoneMatch === null) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch
    .split(',')
    .map((part) => part.trim())
    .some((candidate) => candidate === '*' || candidate.replace(/^W\//, '') === bare);
}
