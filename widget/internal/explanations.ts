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
import { explainError } from './error-messages.js';
import { safeHttpUrl } from './format.js';
import { externalLink } from './templates.js';

export { RetryCountdown } from './retry-countdown.js';
export { describeDifference };

export interface ErrorBoxContext {
  /** The project the card asks for: named on not_found by the card's own box. */
  project?: string;
  /** Seconds until the automatic retry after a 429; undefined when none is scheduled. */
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
  const plansUrl = code === 'paid_plan_required' ? safeHttpUrl(failure.plansUrl) : undefined;
  return html`<div part="error" class="error" role="alert" data-code=${explanation.code}>
      <p class="title">${
        code === 'not_found' && project && !secondary
          ? explanation.title.replace('This project', `Project ${project}`)
          : explanation.title
      }${
        code === 'rate_limited'
          ? ` ${retryIn !== undefined ? `Retrying in ${retryIn} s.` : explanation.advice}`
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
        explanation.retryable && retryIn === undefined
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
            <p>${failure.message} (${code}${failure.status ? `, HTTP ${failure.status}` : ''})</p>
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
