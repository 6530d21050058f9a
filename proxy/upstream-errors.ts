/**
 * Upstream's errors as the proxy passes them on: the service's own envelope
 * when it sent one (data-api 7), a refused token worded for the operator who
 * must fix it (data-api 5), and the sentence that says which stored copies
 * are no longer served.
 */
import { JSON_TYPE, jsonError } from './responses.js';

export interface ErrorBody {
  error: { code: string; message: string; status: number; [extra: string]: unknown };
}

/** What a refusal means for the copies the proxy stored before it (see failure-backoff.ts). */
export const GONE = 'The proxy no longer serves its stored copy of it.';
const TOKEN_GONE = 'Until the token works again, the proxy serves none of its stored copies.';

export function withSentence(envelope: ErrorBody, sentence: string): ErrorBody {
  return { error: { ...envelope.error, message: `${envelope.error.message} ${sentence}` } };
}

/**
 * data-api 5: the operator has to fix the token, and the viewer has to be told so,
 * in the proxy's own words (the service's might quote the request).
 */
export function tokenRefused(
  status: number,
  envelope: ErrorBody | undefined,
  headers: Record<string, string>,
): Response {
  const code = envelope?.error.code;
  if (status === 403 && code === 'paid_plan_required') {
    const plansUrl = envelope?.error.plans_url;
    return jsonError(
      403,
      'paid_plan_required',
      `The account behind this proxy's token has no paid-plan access. The account owner must choose a plan. ${TOKEN_GONE}`,
      typeof plansUrl === 'string' ? { plans_url: plansUrl } : {},
      headers,
    );
  }
  if (status === 403) {
    return jsonError(
      403,
      'insufficient_scope',
      `The proxy's token cannot read the API. The proxy operator must set AIVIS_TOKEN to a token that can. ${TOKEN_GONE}`,
      {},
      headers,
    );
  }
  return jsonError(
    401,
    'unauthenticated',
    `The service refused the proxy's token: it is missing, expired or revoked. The proxy operator must set a valid AIVIS_TOKEN. ${TOKEN_GONE}`,
    {},
    headers,
  );
}

export function replay(
  status: number,
  envelope: ErrorBody,
  headers: Record<string, string>,
): Response {
  return new Response(JSON.stringify(envelope), {
    status,
    headers: {
      'Content-Type': JSON_TYPE,
      'Cache-Control': 'no-store',
      ...headers,
    },
  });
}

export function readErrorBody(text: string): ErrorBody | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const error = (parsed as { error?: unknown }).error;
    if (typeof error !== 'object' || error === null) return undefined;
    const { code, message, status } = error as Record<string, unknown>;
    if (typeof code !== 'string' || typeof message !== 'string' || typeof status !== 'number') {
      return undefined;
    }
    return { error: error as ErrorBody['error'] };
  } catch {
    return undefined;
  }
}

/** data-api 7: Retry-After and retry_after carry the same seconds; 60 when neither says. */
export function retryAfterSeconds(
  header: string | undefined,
  envelope: ErrorBody | undefined,
): number {
  const fromHeader =
    header !== undefined && /^\s*\d+\s*$/.test(header) ? Number(header) : undefined;
  const fromBody = envelope?.error.retry_after;
  const seconds =
    fromHeader ?? (typeof fromBody === 'number' && Number.isFinite(fromBody) ? fromBody : 60);
  return Math.min(3600, Math.max(1, Math.ceil(seconds)));
}
