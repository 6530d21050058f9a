/**
 * An API answer as a card reads it: the body checked and reconciled by the
 * core exactly as the browser's client does (shared/client), or the error
 * the element would show for it (data-api 7).
 */
import type { EndpointName } from '../shared/api/endpoints.js';
import type { CheckedParams } from '../shared/api/validate.js';
import { interpretCall, prepareCall } from '../shared/client/prepare.js';
import { zodCheck } from '../shared/http/zod-check.js';
import type { CardAnswer } from './render-card.js';

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
