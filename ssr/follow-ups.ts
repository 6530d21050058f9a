/**
 * The requests a card makes once its answer is there, so that the server
 * makes them too and the card it writes shows what the browser's would:
 * AI traffic's daily series (its element's own dailyRequests). Checked by
 * the endpoint table like every request; the answers go to the element's
 * holdFollowUps.
 */
import type { EndpointName } from '../shared/api/endpoints.js';
import { type CheckedParams, validateParams } from '../shared/api/validate.js';
import { dailyRequests } from '../widget/ai-traffic/ai-traffic.component.js';
import type { CardElement } from './card-request.js';

export interface FollowUpCall {
  endpoint: EndpointName;
  params: CheckedParams;
}

const FOLLOW_UPS: Record<string, (element: CardElement, data: unknown) => FollowUpCall[]> = {
  'aivis-ai-traffic': (element, data) =>
    dailyRequests(element.project, data).flatMap((params) => {
      const checked = validateParams('ai-traffic', params);
      return checked.ok
        ? [{ endpoint: 'ai-traffic' as const, params: checked.params as CheckedParams }]
        : [];
    }),
};

/** Whether a card of `tag` makes follow-up requests at all. */
export const hasFollowUps = (tag: string): boolean => Object.hasOwn(FOLLOW_UPS, tag);

/** The follow-up requests of `element` (a card of `tag`) for this answer. */
export function followUpCalls(tag: string, element: CardElement, data: unknown): FollowUpCall[] {
  return Object.hasOwn(FOLLOW_UPS, tag) ? FOLLOW_UPS[tag]!(element, data) : [];
}
