/**
 * One card as HTML: the element's tag with its attributes, a declarative
 * shadow root holding what the element itself renders for this answer (its
 * own templates, through template-html.ts), a stylesheet link instead of
 * inline styles (a strict CSP keeps `style-src 'self'`), and the answer the
 * bundle takes the card over with (AivisElement's held answer): no second
 * request, no jump (docs/loading.md, "Cards from the server").
 */

import { escapeHtml } from '../shared/escape-html.js';
import type { AivisError } from '../shared/http/errors.js';
import type { AivisCitations } from '../widget/citations/citations.component.js';
import { loadExplanations } from '../widget/internal/explanations-loader.js';
import type { CardElement } from './card-request.js';
import { templateHtml } from './template-html.js';

/** A card's answer: its data (and the answers of its follow-ups, AivisElement.followUps), or the error it shows. */
export type CardAnswer = { data: unknown; followUps?: readonly unknown[] } | { error: AivisError };

export interface CardLook {
  /** The address of the element's stylesheet (ssr/stylesheet.ts), as the page reaches it. */
  stylesheet: (tag: string) => string;
  /** The locale of numbers and dates when the attributes name none. */
  locale?: string;
  /** Attributes of the tag beside the element's own (a dashboard section's part and class). */
  hostAttributes?: ReadonlyArray<readonly [string, string]>;
  /**
   * Whether the card carries its answer for the bundle to take it over
   * (default yes). An embed or a picture runs no script: the answer would
   * be bytes no one reads (docs/loading.md, "Cards from the server").
   */
  holdAnswer?: boolean;
}

/** Loads what an error card's words need (the explanations chunk): once, before the first card. */
export const cardsReady = (): Promise<unknown> => loadExplanations();

/** JSON inside a `<script>` element: nothing in it can end the element or open a comment. */
const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export const attributesHtml = (attributes: ReadonlyArray<readonly [string, string]>): string =>
  attributes.map(([name, value]) => ` ${name}="${escapeHtml(value)}"`).join('');

/**
 * The element as it shows `failure` once its request settles on it: the
 * element's own error box (AivisElement.renderError) in its own frame, held
 * as if it were the answer. A subclass made here, so the browser's bundle
 * carries nothing for it.
 */
function failureCard(element: CardElement, failure: AivisError): CardElement {
  // Typed as one concrete element: the class is the element's own.
  const Card = element.constructor as typeof AivisCitations;
  const Failed = class extends Card {
    protected override renderData(): never {
      return this.renderError(failure) as never;
    }
    protected override brandOf(): undefined {
      return undefined;
    }
  };
  const failed = new Failed();
  for (const name of ['project', 'period', 'locale', 'theme', 'heading', 'headingLevel'] as const) {
    (failed as unknown as Record<string, unknown>)[name] = element[name];
  }
  failed.holdAnswer('', {} as never);
  return failed as unknown as CardElement;
}

/** The inside of the card's shadow root for this answer. */
export function cardBody(element: CardElement, key: string, answer: CardAnswer): string {
  if ('error' in answer) return templateHtml(failureCard(element, answer.error).render());
  element.holdAnswer(key, answer.data as never);
  if (answer.followUps) element.holdFollowUps?.(answer.followUps, answer.data as never);
  return templateHtml(element.render());
}

/** The whole card: `<tag …><template shadowrootmode="open">…</template>…</tag>`. */
export function cardHtml(
  tag: string,
  attributes: ReadonlyArray<readonly [string, string]>,
  element: CardElement,
  key: string,
  answer: CardAnswer,
  look: CardLook,
): string {
  // The server has no page language: the attribute, else the look's, else English.
  if (!attributes.some(([name]) => name === 'locale')) element.locale = look.locale ?? 'en';
  const body = cardBody(element, key, answer);
  const held =
    'data' in answer && look.holdAnswer !== false
      ? `<script type="application/json" data-answer>${scriptJson({ input: key, data: answer.data, ...(answer.followUps ? { followUps: answer.followUps } : {}) })}</script>`
      : '';
  return `<${tag}${attributesHtml([...(look.hostAttributes ?? []), ...attributes])}><template shadowrootmode="open"><link rel="stylesheet" href="${escapeHtml(look.stylesheet(tag))}">${body}</template>${held}</${tag}>`;
}
