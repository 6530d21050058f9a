/**
 * What a card shows only once something went wrong or the service's answer
 * differed: the error box with its wording, the drift Details and the
 * countdown after a 429. The full bundle loads this module as a chunk beside
 * itself the first time a card needs it (explanations-loader.ts), so the
 * first figures do not wait for words most pages never show (docs/widgets.md, "Size").
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Difference } from '../../shared/http/body-check.js';
import { describeDifference } from '../../shared/http/describe-difference.js';
import type { AivisError } from '../../shared/http/errors.js';
import { TRANSIENT_CODES } from '../../shared/http/retry.js';
import { AGAIN, explainError } from './error-messages.js';
import { safeHttpUrl } from './format.js';
import { externalLink } from './templates.js';

export { RetryCountdown } from './retry-countdown.js';
export { describeDifference };

/**
 * Seconds until the widget asks again by itself after this failure, or
 * undefined when only a click may: a 429's Retry-After; for a passing failure
 * (a 500, a network error, a timeout, not a CORS refusal) 2, 4, then 8 s.
 */
export function automaticRetrySeconds(
  failure: AivisError,
  retriesMade: number,
): number | undefined {
  if (failure.code === 'rate_limited') return failure.retryAfter ?? 1;
  if (!TRANSIENT_CODES.has(failure.code) || !explainError(failure).retryable) return undefined;
  return 2 ** (retriesMade + 1);
}

export interface ErrorBoxContext {
  /** The project the card asks for: named on not_found by the card's own box. */
  project?: string;
  /** Seconds until the automatic retry (after a 429 or a passing failure); undefined when none is scheduled. */
  retryIn?: number;
  /** Whether the box is for a secondary request (an action's supporting rows) rather than the card's own. */
  secondary: boolean;
  /** What Try again does. */
  retry: () => void;
}

/**
 * The error box: one calm sentence for the viewer (with the 429 countdown),
 * the attributes to fix (named as the editor wrote them: catalog-params.ts),
 * the plans link, Try again where asking again may help, and the cause,
 * advice and API message behind Details.
 */
export function errorBox(failure: AivisError, context: ErrorBoxContext): TemplateResult {
  const { code } = failure;
  const { project, retryIn, secondary } = context;
  const explanation = explainError(failure);
  const counting = retryIn !== undefined;
  const plansUrl = code === 'paid_plan_required' ? safeHttpUrl(failure.plansUrl) : undefined;
  return html`<div part="error" class="error" role="alert" data-code=${explanation.code}>
      <p class="title">${
        code === 'not_found' && project && !secondary
          ? explanation.title.replace('This project', `Project ${project}`)
          : // While the countdown runs, it replaces "Try again in a moment."
            counting
            ? explanation.title.replace(` ${AGAIN}`, '')
            : explanation.title
      }${
        counting
          ? ` Retrying in ${retryIn} s.`
          : code === 'rate_limited'
            ? ` ${explanation.advice}`
            : ''
      }</p>
      ${
        code === 'validation_failed' && failure.errors
          ? html`<ul>
            ${Object.entries(failure.errors).map(
              ([param, messages]) => html`<li><code>${param}</code> ${messages.join('; ')}</li>`,
            )}
          </ul>`
          : nothing
      }
      ${plansUrl ? html`<p>${externalLink(plansUrl, 'See the plans')}</p>` : nothing}
      ${
        explanation.retryable && !counting
          ? html`<p><button part="button retry" type="button" @click=${context.retry}>
              Try again
            </button></p>`
          : nothing
      }
      ${
        code === 'validation_failed'
          ? nothing
          : html`<details>
            <summary>Details</summary>
            <p>${explanation.cause} ${explanation.advice}</p>
            <p>${explanation.detail ?? failure.message} (${code}${failure.status ? `, HTTP ${failure.status}` : ''})</p>
          </details>`
      }
    </div>`;
}

/** The Details under a card's figures: what the answer lacked, or sent in a type left out. */
export function driftDetails(differences: readonly Difference[]): TemplateResult | typeof nothing {
  // Missing, or of another type and left out (not renamed, not read all the same).
  const shown = differences.filter((item) => item.kind !== 'renamed' && !item.read);
  if (shown.length === 0) return nothing;
  return html`<details part="drift">
      <summary>Details</summary>
      <ul>
        ${shown.map((item) => html`<li>${describeDifference(item)}</li>`)}
      </ul>
    </details>`;
}
