/**
 * Turns a status and a body into the sandbox's Response: CORS and rate
 * headers on every answer (data-api 8), one request-log entry without a token,
 * and error envelopes of data-api 7. Bodies leave as bytes with their header
 * record (a PreparedResponse), so the Node host writes both as they are,
 * without a Headers list built and read back or a stream; bodies that never
 * change are encoded once.
 */

import { PreparedResponse } from '../../server/prepared-body.js';
import { BoundedMemo } from '../../shared/bounded-memo.js';
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
  /** Names `extraHeaders` when they are the same on every call (a 429's Retry-After): its record is kept. */
  extrasName = '',
): Response {
  const length = bytes && status !== 204 ? bytes.byteLength : undefined;
  const headers =
    extraHeaders && !extrasName
      ? headerRecord(exchange, length, extraHeaders)
      : keptHeaders.get(
          `${extrasName}/${exchange.rate.limit}/${exchange.rate.remaining}/${length ?? ''}`,
          () => Object.freeze(headerRecord(exchange, length, extraHeaders)),
        );
  logRequest(exchange, status);
  const empty = exchange.method === 'HEAD' || status === 204;
  return new PreparedResponse(empty ? null : bytes, status, headers);
}

/** Header records of answers whose own headers never change: a crowd's are the same few (budget, length). */
const keptHeaders = new BoundedMemo<Readonly<Record<string, string>>>(1_024);

function headerRecord(
  exchange: Exchange,
  length: number | undefined,
  extraHeaders?: Record<string, string>,
): Record<string, string> {
  const headers: Record<string, string> = { ...JSON_HEADERS, ...extraHeaders };
  // data-api 8: rate headers on every response, errors and the document included.
  headers['x-ratelimit-limit'] = String(exchange.rate.limit);
  headers['x-ratelimit-remaining'] = String(exchange.rate.remaining);
  // The host writes the record as it is: the length goes in it (for HEAD too, the GET's length).
  if (length !== undefined) headers['content-length'] = String(length);
  return headers;
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

/** Request targets whose redacted log texts are kept: a crowd asks for the same few again and again. */
const MAX_REMEMBERED_TARGETS = 1_024;
const redactedTargets = new BoundedMemo<{ path: string; query: string }>(MAX_REMEMBERED_TARGETS);

/** The log's path and query of a target: token shapes and secret-named values removed. */
const redactedTarget = (url: URL) =>
  redactedTargets.get(`${url.pathname}${url.search}`, () => ({
    path: redactTokenShapes(url.pathname),
    query: redactQuery(url.searchParams),
  }));

export function logRequest(exchange: Exchange, status: number, redact = true): void {
  if (!exchange.onRequest) return;
  const { url, method, account } = exchange;
  const shown = redact ? redactedTarget(url) : { path: url.pathname, query: '' };
  exchange.onRequest({ method, path: shown.path, query: shown.query, account, status });
}
