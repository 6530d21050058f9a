/**
 * An API answer as a card reads it: the body checked and reconciled by the
 * core exactly as the browser's client does (shared/client), or the error
 * the element would show for it (data-api 7).
 */
import type { EndpointName } from '../shared/api/endpoints.js';
import { type CheckedParams, validateParams } from '../shared/api/validate.js';
import { interpretCall, prepareCall } from '../shared/client/prepare.js';
import { zodCheck } from '../shared/http/zod-check.js';
import type { CardElement } from './card-request.js';
import type { CardAnswer } from './render-card.js';

/** Follow-up requests a card may make: AI traffic makes two. */
const MAX_FOLLOW_UPS = 4;

/** The card's follow-up requests for this answer, checked by the endpoint table (others are dropped). */
export function followUpCalls(
  element: CardElement,
  data: unknown,
): Array<{ endpoint: EndpointName; params: CheckedParams }> {
  const calls: Array<{ endpoint: EndpointName; params: CheckedParams }> = [];
  for (const call of element.followUps(data as never).slice(0, MAX_FOLLOW_UPS)) {
    const checked = validateParams(call.endpoint, call.params);
    if (checked.ok)
      calls.push({ endpoint: call.endpoint, params: checked.params as CheckedParams });
  }
  return calls;
}

/** Where the server's calls seem to go: only the answer is read, never this address. */
const SERVER_BASE = 'https://cards.invalid';

export function cardAnswer(
  endpoint: EndpointName,
  params: CheckedParams,
  status: number,
  headers: Record<string, string>,
  body: string,
  nowMs: number,
): CardAnswer {
  const call = prepareCall({ baseUrl: SERVER_BASE }, endpoint, params);
  const result = interpretCall(call, { status, headers, body }, zodCheck, nowMs);
  return result.ok ? { data: result.body } : { error: result.error };
}
