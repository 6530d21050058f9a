/**
 * The server rendering of the widgets' cards, for whatever serves them (the
 * proxy's /cards and /embed, proxy/cards/; a page of several projects, a
 * signed link): an element's tag and attributes are checked as the element
 * checks them, its answer read as the browser's client reads it, and the
 * card written from the element's own templates (docs/loading.md, "Cards
 * from the server").
 */
import { type CardRequest, readCardRequest } from './card-request.js';
import { type CardAnswer, type CardLook, cardHtml } from './render-card.js';

export { cardAnswer } from './card-answer.js';
export { DASHBOARD_TAG, isWidgetTag, WIDGET_CLASSES, type WidgetTag } from './card-elements.js';
export { cardLines, cardSvg } from './card-picture.js';
export {
  CARD_TAGS,
  type CardRequest,
  type RefusedCardRequest,
  readAttributes,
  readCardRequest,
  requestKey,
  type WidgetCardRequest,
} from './card-request.js';
export { EMBED_STYLESHEET, type EmbedPage, embedPage } from './embed-page.js';
export { type FollowUpCall, followUpCalls, hasFollowUps } from './follow-ups.js';
export { type CardAnswer, type CardLook, cardHtml, cardsReady } from './render-card.js';
export { type DashboardPlan, dashboardHtml, planDashboard } from './render-dashboard.js';
export { cardStylesheet } from './stylesheet.js';

/**
 * One card in one call: `tag` with `attributes` (checked as the element
 * checks them) showing `answer` (what `answerOf` gives for the checked
 * request; cardAnswer reads an API response). A refused request gives the
 * element's error card and its status (404, 422); await cardsReady() once first.
 */
export async function renderCard(
  tag: string,
  attributes: URLSearchParams,
  answerOf: (request: Extract<CardRequest, { ok: true }>) => Promise<CardAnswer>,
  look: CardLook,
): Promise<{ status: number; html: string }> {
  const request = readCardRequest(tag, attributes);
  if (!request.ok) {
    if (!request.element || !request.tag) throw request.error;
    const html = cardHtml(
      request.tag,
      request.attributes ?? [],
      request.element,
      '',
      { error: request.error },
      look,
    );
    return { status: request.status, html };
  }
  const answer = await answerOf(request);
  const html = cardHtml(
    request.tag,
    request.attributes,
    request.element,
    request.key,
    answer,
    look,
  );
  return { status: 'error' in answer ? answer.error.status || 502 : 200, html };
}
