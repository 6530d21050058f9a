/**
 * One error type for everything that can go wrong talking to the Data API
 * (data-api 7), plus client-side codes for failures that never reached a
 * well-formed API answer. Errors are values with codes; the message is for
 * the person who reads it. Nothing here ever holds the token.
 */
import type { ValidationErrors } from '../api/validate.js';
import { type ApiErrorCode, ERROR_STATUS, type ErrorCode } from '../api/vocabulary.js';
import { containsSecret, redactSecret } from './redaction.js';

export interface AivisErrorDetails {
  code: ErrorCode;
  message: string;
  /** HTTP status; 0 when no HTTP answer came (network, contract, timeout, aborted). */
  status: number;
  /** Validation failures: parameter -> messages (data-api 7). */
  errors?: ValidationErrors;
  /** Seconds to wait before retrying (429). */
  retryAfter?: number;
  /** Where to buy a plan (paid_plan_required). */
  plansUrl?: string;
  /** JSON path of the offending field (contract_error), e.g. answers[3].platform. */
  path?: string;
  /** The request that failed: method and URL, never headers, so never the token. */
  request?: { method: string; url: string };
}

export class AivisError extends Error implements AivisErrorDetails {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors?: ValidationErrors;
  readonly retryAfter?: number;
  readonly plansUrl?: string;
  readonly path?: string;
  readonly request?: { method: string; url: string };

  constructor(details: AivisErrorDetails) {
    super(details.message);
    this.name = 'AivisError';
    this.code = details.code;
    this.status = details.status;
    if (details.errors) this.errors = details.errors;
    if (details.retryAfter !== undefined) this.retryAfter = details.retryAfter;
    if (details.plansUrl) this.plansUrl = details.plansUrl;
    if (details.path !== undefined) this.path = details.path;
    if (details.request) this.request = details.request;
  }

  /** A plain object for events, postMessage and logs. */
  toJSON(): AivisErrorDetails {
    return {
      code: this.code,
      message: this.message,
      status: this.status,
      ...(this.errors ? { errors: this.errors } : {}),
      ...(this.retryAfter !== undefined ? { retryAfter: this.retryAfter } : {}),
      ...(this.plansUrl ? { plansUrl: this.plansUrl } : {}),
      ...(this.path !== undefined ? { path: this.path } : {}),
      ...(this.request ? { request: this.request } : {}),
    };
  }
}

/**
 * The error without the secret in any field a person or a listener can read:
 * the message, the `errors` map (keys and values), the JSON path and the
 * request URL. A `plansUrl` that held the secret is dropped, not redacted: a
 * link whose text was chosen by whoever echoed the token is no link to offer.
 */
export function redactError(error: AivisError, secret: string | undefined): AivisError {
  if (!secret) return error;
  const clean = (text: string) => redactSecret(text, secret);
  const { errors, plansUrl, path, request, ...rest } = error.toJSON();
  return new AivisError({
    ...rest,
    message: clean(rest.message),
    // fromEntries defines own properties: a key such as __proto__ stays a plain entry.
    ...(errors && {
      errors: Object.fromEntries(
        Object.entries(errors).map(([key, messages]) => [clean(key), [messages].flat().map(clean)]),
      ),
    }),
    ...(plansUrl && !containsSecret(plansUrl, secret) && { plansUrl }),
    ...(path !== undefined && { path: clean(path) }),
    ...(request && { request: { method: request.method, url: clean(request.url) } }),
  });
}

export const isAivisError = (value: unknown): value is AivisError =>
  value instanceof AivisError ||
  (typeof value === 'object' &&
    value !== null &&
    (value as { name?: unknown }).name === 'AivisError');

/** Joins per-parameter messages into one readable sentence. */
export function summarizeValidationErrors(errors: ValidationErrors): string {
  return Object.entries(errors)
    .map(([param, messages]) => `${param} ${messages.join('; ')}`)
    .join('. ');
}

/** A client-side validation failure, shaped like the server's 422. */
export function validationError(errors: ValidationErrors): AivisError {
  return new AivisError({
    code: 'validation_failed',
    status: ERROR_STATUS.validation_failed,
    message: `Invalid parameters: ${summarizeValidationErrors(errors)}.`,
    errors,
  });
}

export interface ErrorEnvelopeExtras {
  errors?: ValidationErrors;
  plans_url?: string;
  retry_after?: number;
}

/** The data-api 7 error body, as the sandbox and the proxy send it. */
export function errorEnvelope(
  code: ApiErrorCode | 'method_not_allowed',
  message: string,
  extras: ErrorEnvelopeExtras = {},
) {
  const status = code === 'method_not_allowed' ? 405 : ERROR_STATUS[code];
  return { error: { code, message, status, ...extras } };
}
