/**
 * Turns a status and a body into the sandbox's Response: CORS and rate
 * headers on every answer (spec 8), one request-log entry without a token,
 * and error envelopes of spec 7. Bodies leave as bytes (responseWithBytes),
 * so the Node host writes them without reading a stream back; bodies that
 * never change are encoded once.
 */

import { responseWithBytes } from '../../server/prepared-body.js';
import { type ErrorEnvelopeExtras, errorEnvelope } from '../../shared/http/errors.js';
import { redactTokens } from '../auth.js';
import type { Exchange } from './exchange.js';

export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';
export const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'X-RateLimit-Limit, X-RateLimit-Remaining, Retry-After',
};
const JSON_TYPE = 'application/json; charset=utf-8';
const JSON_HEADERS = { ...CORS_HEADERS, 'content-type': JSON_TYPE };
const encoder = new TextEncoder();

export const encodeJson = (body: unknown): Uint8Array => encoder.encode(JSON.stringify(body));

export type ApiError = Parameters<typeof errorEnvelope>[0];

/** A JSON answer from bytes already encoded (a cached body, a precomputed envelope). */
export function sendBytes(
  exchange: Exchange,
  status: number,
  bytes: Uint8Array | null,
  extraHeaders?: Record<string, string>,
): Response {
  const headers: Record<string, string> = extraHeaders
    ? { ...JSON_HEADERS, ...extraHeaders }
    : { ...JSON_HEADERS };
  // spec 8: rate headers on every response, errors and the document included.
  headers['x-ratelimit-limit'] = String(exchange.rate.limit);
  headers['x-ratelimit-remaining'] = String(exchange.rate.remaining);
  logRequest(exchange, status);
  const empty = exchange.method === 'HEAD' || status === 204;
  return responseWithBytes(empty ? null : bytes, { status, headers });
}

export function send(
  exchange: Exchange,
  status: number,
  body: unknown,
  extraHeaders?: Record<string, string>,
): Response {
  const empty = exchange.method === 'HEAD' || status === 204;
  return sendBytes(exchange, status, empty ? null : encodeJson(body), extraHeaders);
}

/** An error envelope (spec 7) encoded once, for errors whose words do not depend on the request. */
export interface EncodedError {
  status: number;
  bytes: Uint8Array;
}

export function encodeError(
  code: ApiError,
  message: string,
  extras: ErrorEnvelopeExtras = {},
): EncodedError {
  const envelope = errorEnvelope(code, message, extras);
  return { status: envelope.error.status, bytes: encodeJson(envelope) };
}

export function fail(
  exchange: Exchange,
  code: ApiError,
  message: string,
  extras: ErrorEnvelopeExtras = {},
  headers?: Record<string, string>,
): Response {
  const { status, bytes } = encodeError(code, message, extras);
  return sendBytes(exchange, status, bytes, headers);
}

export function logRequest(exchange: Exchange, status: number, redact = true): void {
  if (!exchange.onRequest) return;
  const { url, method, account } = exchange;
  exchange.onRequest({
    method,
    path: redact ? redactTokens(url.pathname) : url.pathname,
    query: redact ? redactTokens(redactQuery(url.searchParams)) : '',
    account,
    status,
  });
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
  let secret = false;
  for (const key of params.keys()) secret ||= SECRET_PARAMS.has(key.toLowerCase());
  if (!secret) return params.toString();
  const copy = new URLSearchParams();
  for (const [key, value] of params)
    copy.append(key, SECRET_PARAMS.has(key.toLowerCase()) ? '[redacted]' : value);
  return copy.toString();
}
