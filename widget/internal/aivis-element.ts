/**
 * What the three widgets share: the common attributes, one @lit/task that
 * validates the attributes with the core and fetches, the loading / error
 * states, the period line and the aivis-load / aivis-error events. Two
 * reactive controllers do the rest: ConnectionController resolves the client
 * (attributes > <aivis-provider> > configure()), RetryCountdownController
 * retries by itself after a 429.
 */
import { initialState, Task, TaskStatus } from '@lit/task';
import { html, LitElement, nothing, type PropertyDeclarations, type TemplateResult } from 'lit';
import type { EndpointName, ParamsOf } from '../../shared/api/endpoints.js';
import type { ResponseOf } from '../../shared/api/responses.js';
import { validateParams } from '../../shared/api/validate.js';
import type { AivisClient } from '../../shared/client/types.js';
import { type AivisError, validationError } from '../../shared/http/errors.js';
import { baseStyles } from './base.styles.js';
import { ConnectionController } from './connection-controller.js';
import { asAivisError, attributeNameOf, explainError } from './error-messages.js';
import { emit } from './events.js';
import { type Formatters, formatters, resolveLocale, safeHttpUrl } from './format.js';
import { RetryCountdownController } from './retry-countdown.js';
import { externalLink } from './templates.js';

type TaskArgs = readonly [
  baseUrl: string,
  token: string | undefined,
  input: string,
  settingsVersion: number,
  /** False while the connection may still change (see settledConnection): no request then. */
  settled: boolean,
];

export abstract class AivisElement<N extends EndpointName> extends LitElement {
  static override styles = [baseStyles];

  // A table instead of @property decorators: their helpers cost the bundle
  // more than the table (the 25 KB budget). The JSDoc stays on the fields for
  // the manifest.
  static override properties: PropertyDeclarations = {
    project: { reflect: true },
    period: { reflect: true },
    baseUrl: { attribute: 'base-url', reflect: true },
    token: {},
    locale: { reflect: true },
    theme: { reflect: true },
  };

  /** Numeric project id (from GET /projects). */
  declare project?: string;

  /** AI-visibility report period: last_30_days (default), last_60_days, last_90_days, this_year, last_year. */
  declare period?: string;

  /** Base address of the Data API without /api/v1, or of the token-keeping proxy (recommended). */
  declare baseUrl?: string;

  /** Personal access token. Avoid it on shared pages: point base-url at the proxy instead. Never reflected. */
  declare token?: string;

  /** BCP 47 locale for numbers and dates; defaults to the page's lang, then the browser's. */
  declare locale?: string;

  /** Colour scheme: auto (follows prefers-color-scheme), light or dark. */
  theme: 'auto' | 'light' | 'dark' = 'auto';

  /** The endpoint this widget reads. */
  protected abstract readonly endpoint: N;
  /** The visible heading. */
  protected abstract readonly heading: string;
  /** The raw parameters from the attributes; the core validates them. */
  protected abstract requestInput(): Record<string, unknown>;
  protected abstract renderData(data: ResponseOf<N>, format: Formatters): TemplateResult;

  /** When true, a pending reload keeps the previous data on screen (paging) instead of a skeleton. */
  protected keepPreviousWhilePending = false;

  private readonly link = new ConnectionController(this);
  private readonly countdown = new RetryCountdownController(this, () => void this.task.run());

  protected readonly task = new Task<TaskArgs, ResponseOf<N>>(this, {
    args: () => {
      const connection = this.link.settled();
      return [
        connection?.baseUrl ?? '',
        connection?.token,
        JSON.stringify(this.requestInput()),
        this.link.version,
        connection !== undefined,
      ] as const;
    },
    task: async ([baseUrl, token, input, , settled], { signal }) => {
      this.countdown.stop();
      // Sends nothing; the provider's answer, an attribute or configure() runs it again.
      if (!settled) return initialState;
      const checked = validateParams(this.endpoint, JSON.parse(input) as Record<string, unknown>);
      if (!checked.ok) throw validationError(checked.errors);
      return this.link.open({ baseUrl, token }).get(this.endpoint, checked.params as ParamsOf<N>, {
        signal,
      });
    },
    onComplete: (data) => {
      this.countdown.reset();
      this.keepPreviousWhilePending = false;
      emit(this, 'aivis-load', { endpoint: this.endpoint, data });
    },
    onError: (error) => {
      this.keepPreviousWhilePending = false;
      const failure = asAivisError(error);
      if (failure.code === 'aborted') return;
      emit(this, 'aivis-error', { endpoint: this.endpoint, error: failure.toJSON() });
      if (failure.code === 'rate_limited') void this.countdown.start(failure.retryAfter ?? 1);
    },
  });

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.task.abort();
  }

  /** Loads again, bypassing nothing: a cached answer is reused if still fresh. */
  reload(): void {
    this.countdown.stop();
    void this.task.run();
  }

  /** The client the data on screen came from: secondary requests (an action's rows) go there too. */
  protected client(): AivisClient {
    return this.link.client!;
  }

  protected format(): Formatters {
    return formatters(resolveLocale(this, this.locale));
  }

  override render() {
    // Still without a connection once every script of the page has run: say what is missing.
    const unconnected =
      this.task.status === TaskStatus.INITIAL && document.readyState === 'complete';
    const pending =
      !unconnected &&
      (this.task.status === TaskStatus.PENDING || this.task.status === TaskStatus.INITIAL);
    const format = this.format();
    return html`
      <section part="base" class="base" aria-busy=${pending ? 'true' : 'false'} aria-labelledby="heading">
        <header part="header" class="header">
          <h2 id="heading" part="heading">${this.heading}</h2>
        </header>
        ${this.task.render({
          initial: () =>
            unconnected
              ? html`<p part="notice" class="notice" data-code="unconnected">
                  No base-url is set (/ for this site).
                </p>`
              : this.renderSkeleton(),
          pending: () =>
            this.keepPreviousWhilePending && this.task.value !== undefined
              ? this.renderData(this.task.value, format)
              : this.renderSkeleton(),
          complete: (value) => this.renderData(value, format),
          error: (error) => this.renderError(error),
        })}
      </section>
    `;
  }

  protected renderSkeleton(): TemplateResult {
    return html`<div part="skeleton" class="skeleton">
      <span></span><span></span><span></span><span class="visually-hidden">Loading…</span>
    </div>`;
  }

  /**
   * The error box. `retry` is given for a secondary request (an action's
   * supporting rows); without it, the box is the widget's own: it names the
   * project on not_found and shows the 429 countdown.
   */
  protected renderError(error: unknown, retry?: () => void): TemplateResult {
    const failure: AivisError = asAivisError(error);
    const { code } = failure;
    const explanation = explainError(failure);
    const plansUrl = code === 'paid_plan_required' ? safeHttpUrl(failure.plansUrl) : undefined;
    const retryIn = retry ? undefined : this.countdown.secondsLeft;
    return html`<div part="error" class="error" role="alert" data-code=${explanation.code}>
      <p class="title">${
        code === 'not_found' && this.project && !retry
          ? `Project ${this.project} was not found in this account.`
          : explanation.title
      }</p>
      ${
        code === 'validation_failed' && failure.errors
          ? html`<ul>
            ${Object.entries(failure.errors).map(
              ([param, messages]) =>
                html`<li><code>${attributeNameOf(param)}</code> ${messages.join('; ')}</li>`,
            )}
          </ul>`
          : nothing
      }
      ${plansUrl ? html`<p>${externalLink(plansUrl, 'See the plans')}</p>` : nothing}
      <p>${retryIn !== undefined ? `Retrying in ${retryIn} s.` : explanation.advice}</p>
      ${
        explanation.retryable && retryIn === undefined
          ? html`<p><button part="button retry" type="button" @click=${retry ?? (() => this.reload())}>
              Try again
            </button></p>`
          : nothing
      }
      ${
        code !== 'validation_failed'
          ? html`<details>
            <summary>Details</summary>
            <p>${failure.message} (${code}${failure.status ? `, HTTP ${failure.status}` : ''})</p>
          </details>`
          : nothing
      }
    </div>`;
  }

  /** The period line every AI-visibility widget shows, with the fallback in words (data-api 8). */
  protected renderPeriod(
    period: {
      requested: string;
      used: string;
      start: string;
      end: string;
      latest_check_at?: string;
    },
    format: Formatters,
  ): TemplateResult {
    const fellBack = period.requested !== period.used;
    return html`<p part="meta period" class="meta">
      ${periodLabel(period.used)}: ${format.date(period.start)} – ${format.date(period.end)}
      ${
        period.latest_check_at
          ? html`<span part="as-of">· data as of ${format.dateTime(period.latest_check_at)}</span>`
          : nothing
      }
      ${
        fellBack
          ? html`<span part="fallback"
            >(${periodLabel(period.requested)} was asked for, but there is not enough history yet)</span
          >`
          : nothing
      }
    </p>`;
  }
}

/** last_30_days -> "Last 30 days" */
export function periodLabel(period: string): string {
  const words = period.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
