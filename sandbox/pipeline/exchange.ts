/**
 * One request on its way through the sandbox's pipeline (app.ts): what every
 * step reads (the request, its URL and method) and what earlier steps learned
 * that every answer carries (the account for the log, the rate headers).
 */
import type { RequestHead } from '../../server/request-head.js';
import { LIMITS } from '../../shared/api/vocabulary.js';
import type { RateDecision } from '../rate-limit.js';

export interface RequestLogEntry {
  method: string;
  path: string;
  query: string;
  /** The account the token belongs to; null when unauthenticated. */
  account: string | null;
  status: number;
}

export interface Exchange {
  request: RequestHead;
  url: URL;
  /** Upper case. */
  method: string;
  /** Set once the token is known; null before and for failed authentication. */
  account: string | null;
  /** data-api 8: sent on every response; the entry plan's full budget until the limiter has spoken. */
  rate: Pick<RateDecision, 'limit' | 'remaining'>;
  onRequest: ((entry: RequestLogEntry) => void) | undefined;
}

/** A step either answers the request or hands a value to the next step. */
export type StepResult<T> = { response: Response } | { value: T };

export function openExchange(request: RequestHead, onRequest: Exchange['onRequest']): Exchange {
  return {
    request,
    url: new URL(request.url),
    method: request.method.toUpperCase(),
    account: null,
    rate: { limit: LIMITS.rateLimitPerMinute.entry, remaining: LIMITS.rateLimitPerMinute.entry },
    onRequest,
  };
}
