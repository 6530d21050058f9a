/**
 * Turns a status and a body into the sandbox's Response: CORS and rate
 * headers on every answer (data-api 8), one request-log entry without a token,
 * and error envelopes of data-api 7. Bodies leave as bytes (responseWithBytes),
 * so the Node host writes them without reading a stream back; bodies that
 * never change are encoded once.
 */

import { responseWithBytes } from '../../server/prepared-body.js';
import { API_EXPOSED_HEADERS, corsHeaders } from '../../shared/http/edge.js';
import { type ErrorEnvelopeExtras, errorEnvelope } from '../../shared/http/errors.js';
import { redactQuery, redactTokenShapes } from '../../shared/http/redaction.js';
import type { Exchange } from './exchange.js';

/** Test data and no cookies: any page may read the sandbox. */
export const CORS = corsHeaders({ origins: '*', exposedHeaders: API_EXPOSED_HEADERS });
export const CORS_HEADERS = CORS.forAnswer(null);
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
  // data-api 8: rate headers on every response, errors and the document included.
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

/** An error envelope (data-api 7) encoded once, for errors whose words do not depend on the request. */
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
    path: redact ? redactTokenShapes(url.pathname) : url.pathname,
    query: redact ? redactQuery(url.searchParams) : '',
    account,
    status,
  });
}
