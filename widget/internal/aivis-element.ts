/**
 * What the widgets share: the common attributes, one @lit/task Task that
 * validates the attributes with the core and fetches, the loading / error
 * states, the period line and the aivis-load / aivis-error events. A
 * reactive controller, ConnectionController, resolves the client (attributes
 * > a connectionContext provider > configure()); a RetryCountdown retries by
 * itself after a 429. The error box, the drift Details and the countdown come
 * from explanations.ts, loaded later (explanations-loader.ts).
 */

import { initialState, Task, TaskStatus } from '@lit/task';
import { html, nothing, type TemplateResult } from 'lit';
import type { EndpointName, Query } from '../../shared/api/endpoints.js';
import type { ResponseOf } from '../../shared/api/responses.js';
import type { CheckedParams, ValidationErrors } from '../../shared/api/validate.js';
import type { FetchReader } from '../../shared/client/fetch-client.js';
import { type AivisError, validationError } from '../../shared/http/errors.js';
import { differencesOf, MAX_DIFFERENCES } from '../../shared/http/reconcile.js';
import { apiUrl, buildRequest } from '../../shared/http/request.js';
import type { WidgetEntry } from '../catalog.js';
import { AivisCard } from './aivis-card.js';
import { asAivisError } from './as-aivis-error.js';
import { baseStyles } from './base.styles.js';
import { checkedParams, forAttributes, requestInput } from './catalog-params.js';
import { finalConnection } from './connection.js';
import { ConnectionController } from './connection-controller.js';
import { emit } from './events.js';
import { explanations, loadExplanations } from './explanations-loader.js';
import { type Formatters, formatters, periodLabel, resolveLocale } from './format.js';
import type { RetryCountdown } from './retry-countdown.js';

type TaskArgs = readonly [
  baseUrl: string,
  token: string | undefined,
  input: string,
  settingsVersion: number,
  /**
   * False while the connection may still change (see settledConnection), and
   * while the element is out of the page (a cancelled request settling there
   * updates it, after the settings may have changed): no request then.
   */
  settled: boolean,
  /** Counts restarts after a removal cancelled the request (see disconnectedCallback). */
  restarts: number,
  /** The element's own attributes' refusals (attributeErrors), as JSON; '' when none. */
  attributeErrors: string,
];

export abstract class AivisElement<N extends EndpointName> extends AivisCard {
  static override styles = [baseStyles];

  /** Colour scheme: auto (follows prefers-color-scheme), light or dark. */
  override theme: 'auto' | 'light' | 'dark' = 'auto';

  /** The element's entry in widget/catalog.ts: its endpoint and which attribute feeds which parameter. */
  protected abstract readonly entry: WidgetEntry<N>;
  /** The endpoint this widget reads. */
  protected get endpoint(): N {
    return this.entry.endpoint;
  }
  /** What the card shows, in a few words ("AI visibility"): the start of the default heading. */
  protected abstract readonly cardTitle: string;
  /** The brand (or project) name the data carries, for the default heading; none by default. */
  protected brandOf(_data: ResponseOf<N>): string | undefined {
    return undefined;
  }
  /** The brand the last answer named, and for which project: kept across pages and reloads. */
  #brand?: { project?: string; name: string };
  /** Parameters the element itself changes (its page), beside those its attributes feed. */
  protected stateParams(): Record<string, unknown> {
    return {};
  }
  /**
   * Refusals of the element's own attributes that feed no API parameter, by
   * attribute name: checked before the request, so a bad one sends nothing.
   */
  protected attributeErrors(): ValidationErrors | undefined {
    return undefined;
  }
  /** The raw parameters, from the attributes through the catalogue entry; the core validates them. */
  protected requestInput(): Record<string, unknown> {
    return requestInput(this.entry, this, this.stateParams());
  }
  protected abstract renderData(data: ResponseOf<N>, format: Formatters): TemplateResult;

  /** When true, a pending reload keeps the previous data on screen (paging) instead of a skeleton. */
  protected keepPreviousWhilePending = false;

  readonly #link = new ConnectionController(this);
  /** Made at the first automatic retry, after a 429 or a passing failure (explanations.ts). */
  #countdown?: RetryCountdown;
  /** The failure an automatic retry (the countdown's end) is asking again after, until it answers. */
  #retrying?: unknown;

  protected readonly task = new Task<TaskArgs, ResponseOf<N>>(this, {
    args: () => {
      const connection = this.#link.settled();
      return [
        connection?.baseUrl ?? '',
        connection?.token,
        JSON.stringify(this.requestInput()),
        this.#link.version,
        connection !== undefined && this.isConnected,
        this.#restarts,
        JSON.stringify(this.attributeErrors() ?? ''),
      ] as const;
    },
    task: async ([baseUrl, token, input, , settled, , attributeErrors], { signal }) => {
      this.#countdown?.stop();
      // Sends nothing; the provider's answer, an attribute or configure() runs it again.
      if (!settled) return initialState;
      // The answer the server rendered this card from: no request (let go once settled).
      if (this.#held?.input === input) return this.#held.data;
      try {
        const refused = JSON.parse(attributeErrors) as ValidationErrors | '';
        if (refused) throw validationError(refused);
        // Checked once here; the reader sends the checked set without checking it again.
        const params = checkedParams(this.entry, JSON.parse(input));
        const reader = this.#link.open({ baseUrl, token });
        const request = buildRequest(reader.credentials, this.endpoint, params);
        // A set checked for this element's endpoint is a set checked for one of the endpoints.
        const call = { name: this.endpoint, params: params as CheckedParams, request };
        const data = (await reader.send(call, signal)) as ResponseOf<N>;
        // Differences show Details: their words come with the explanations.
        if (differencesOf(data).length > 0) await loadExplanations().catch(() => undefined);
        return data;
      } catch (error) {
        // The error box's words come with the explanations: loaded before the error shows.
        await loadExplanations().catch(() => undefined);
        // The page's editor reads attribute names, whoever refused (docs/widgets.md).
        throw forAttributes(this.entry, error);
      }
    },
    onComplete: (data) => {
      this.#held = undefined;
      this.#retrying = undefined;
      const name = this.brandOf(data)?.trim();
      if (name) this.#brand = { project: this.project, name };
      this.#countdown?.reset();
      this.keepPreviousWhilePending = false;
      emit(this, 'aivis-load', { endpoint: this.endpoint, data });
    },
    onError: (error) => {
      this.#held = undefined;
      this.#retrying = undefined;
      this.keepPreviousWhilePending = false;
      const failure = asAivisError(error);
      if (failure.code === 'aborted') return;
      emit(this, 'aivis-error', { endpoint: this.endpoint, error: failure.toJSON() });
      // The error shows at once; a 429 or a passing failure also counts down to a retry.
      const later = explanations();
      const seconds = later?.automaticRetrySeconds(failure, this.#countdown?.retriesMade ?? 0);
      if (!later || seconds === undefined) return;
      this.#countdown ??= new later.RetryCountdown(this, () => {
        this.#retrying = this.task.error;
        void this.task.run();
      });
      void this.#countdown.start(seconds);
    },
  });

  #restarts = 0;
  /**
   * The answer a server-rendered card came with (docs/loading.md, "Cards
   * from the server"): its `<script type="application/json"
   * data-answer>` child holds the request it answers and the data.
   * Shown from the first render and taken as that request's answer, so the
   * bundle takes the card over without a request and without a jump.
   */
  #held?: { input: string; data: ResponseOf<N> };

  /** Shows `data` as the answer to `input` (the JSON of requestInput()) until the element's own request settles. */
  holdAnswer(input: string, data: ResponseOf<N>): void {
    this.#held = { input, data };
  }

  /**
   * Takes the answers of the requests the card makes once its answer is
   * there (AI traffic's daily series; ssr/follow-ups.ts makes them on the
   * server), in order, an error as undefined: shown without asking.
   */
  declare holdFollowUps?: (answers: readonly unknown[], data: unknown) => void;
  /** Whether the formats were asked for ahead of the answer (see render). */
  #formatsAsked = false;
  /** Set when a removal cancelled the request: it runs again once the element is back. */
  #cancelled = false;

  override connectedCallback(): void {
    super.connectedCallback();
    // The answer a server-rendered card came with (#held): the page's own server wrote it.
    const island = this.hasUpdated ? null : this.querySelector('script[data-answer]');
    try {
      const held = island && JSON.parse(island.textContent!);
      if (held?.data) {
        this.#held = held;
        this.holdFollowUps?.(held.followUps ?? [], held.data);
      }
    } catch {
      // Not an answer: the element asks as usual.
    }
    if (this.#cancelled) {
      this.#cancelled = false;
      this.#restarts += 1;
    }
  }

  /**
   * A move (appendChild elsewhere, a keyed reorder, a teleport) disconnects
   * and connects the element in one go: its request and its 429 countdown go
   * on. Only an element still out of the page a moment later (removed, or
   * kept alive aside) stops the countdown and cancels the request, and asks
   * again when it comes back.
   */
  override disconnectedCallback(): void {
    super.disconnectedCallback();
    queueMicrotask(() => {
      if (this.isConnected) return;
      this.#countdown?.stop();
      if (this.task.status !== TaskStatus.PENDING) return;
      this.#cancelled = true;
      this.task.abort();
    });
  }

  /** Loads again, bypassing nothing: a cached answer is reused if still fresh. */
  reload(): void {
    this.#countdown?.stop();
    void this.task.run();
  }

  /**
   * The address this element's request goes to, as its fetch() writes it,
   * for a `<link rel="preload" as="fetch" crossorigin>` line in the page's
   * head (docs/loading.md, preloadLinks()); undefined while its connection
   * is not final, when the connection carries a token (a preload cannot send
   * one, so the element would ask again) or when an attribute is invalid.
   */
  preloadUrl(): string | undefined {
    const connection = this.#link.settled();
    if (!connection || connection.token) return undefined;
    try {
      const params = checkedParams(this.entry, this.requestInput());
      const { baseUrl } = finalConnection(connection, document.baseURI);
      return apiUrl(baseUrl, this.endpoint, params as Query);
    } catch {
      return undefined;
    }
  }

  /** The client the data on screen came from: secondary requests (an action's rows) go there too. */
  protected client(): FetchReader {
    return this.#link.client!;
  }

  /** Differences already written to the console: one warning per element and difference. */
  readonly #warned = new Set<string>();

  /**
   * What the service's answer lacked or sent in another type (assumed fields,
   * docs/service-drift.md): the figures that need it are left out, Details say
   * which, and the administrator gets one console warning per difference.
   */
  #renderDrift(value: unknown): unknown {
    const differences = differencesOf(value);
    // The task loaded the explanations before it settled on an answer with differences.
    const later = explanations();
    if (differences.length === 0 || !later) return nothing;
    for (const difference of differences) {
      const line = later.describeDifference(difference);
      if (this.#warned.has(line) || this.#warned.size >= MAX_DIFFERENCES) continue;
      this.#warned.add(line);
      console.warn(`<${this.localName}>: ${line}`);
    }
    return later.driftDetails(differences);
  }

  protected format(): Formatters {
    return formatters(resolveLocale(this, this.locale));
  }

  override render() {
    const status = this.task.status;
    // Initial or pending (TaskStatus 0 and 1): the held answer, until the request settles.
    const held = status < 2 ? this.#held?.data : undefined;
    // Still without a connection once every script of the page has run: say what is missing.
    const unconnected =
      !held && status === TaskStatus.INITIAL && document.readyState === 'complete';
    const pending = !held && !unconnected && status < 2;
    // A skeleton needs no number or date formats, whose first use costs 15-20 ms
    // (Intl loading the locale, docs/loading.md): made after its frame, while
    // the answer is still on its way, rather than before the skeleton shows.
    if (pending && !this.#formatsAsked) {
      this.#formatsAsked = true;
      requestAnimationFrame(() => setTimeout(() => this.format()));
    }
    return html`
      <section part="base" class="base" aria-busy=${pending ? 'true' : 'false'} aria-labelledby="heading">
        <header part="header" class="header">${this.renderHeading()}</header>
        ${
          held
            ? this.#settled(held)
            : this.task.render({
                initial: () =>
                  unconnected
                    ? html`<p part="notice" class="notice" data-code="unconnected">
                  No base-url is set (/ for this site).
                </p>`
                    : this.renderSkeleton(),
                pending: () =>
                  // An automatic retry keeps its error box up, never a skeleton flash between two errors.
                  this.#retrying !== undefined
                    ? this.renderError(this.#retrying)
                    : this.keepPreviousWhilePending && this.task.value !== undefined
                      ? this.renderData(this.task.value, this.format())
                      : this.renderSkeleton(),
                complete: (value) => this.#settled(value),
                error: (error) => this.renderError(error),
              })
        }
      </section>
    `;
  }

  #settled(value: ResponseOf<N>): TemplateResult {
    return html`${this.renderData(value, this.format())}${this.#renderDrift(value)}`;
  }

  /**
   * The level of a heading `depth` steps below the card's own (0): the
   * card's is heading-level (2 to 6, default 2); inner ones follow, up to 6.
   */
  protected headingLevelOf(depth = 0): number {
    const level = Number(this.headingLevel);
    const card = Number.isInteger(level) && level >= 2 && level <= 6 ? level : 2;
    return Math.min(6, card + depth);
  }

  /**
   * A heading inside the card, `depth` levels below the card's heading. The
   * level follows heading-level, so it is an ARIA heading (role and
   * aria-level) rather than a fixed h3; it is styled as one.
   */
  protected subheading(content: unknown, depth = 1, id?: string): TemplateResult {
    return html`<div class="subheading" role="heading" aria-level=${this.headingLevelOf(depth)} id=${
      id ?? nothing
    }>${content}</div>`;
  }

  /**
   * The card's heading: the `heading` slot, else the heading attribute, else
   * the card title with the brand the data named. Without a brand yet, the
   * project id is in the accessible name (hidden), so two projects' cards on
   * one page never share a name; so is a period the page asked for.
   */
  protected renderHeading(): TemplateResult {
    const held = this.#held?.data;
    const brand =
      (this.#brand?.project === this.project ? this.#brand?.name : undefined) ??
      (held && this.brandOf(held)?.trim());
    const hidden = [
      !brand && this.project ? `project ${this.project}` : '',
      this.period ? periodLabel(this.period).toLowerCase() : '',
    ]
      .filter(Boolean)
      .join(', ');
    return html`<div
      id="heading"
      part="heading"
      class="heading"
      role="heading"
      aria-level=${this.headingLevelOf()}
    ><slot name="heading">${
      this.heading ||
      html`${this.cardTitle}${brand ? html` · <bdi>${brand}</bdi>` : nothing}${
        hidden ? html`<span class="visually-hidden"> (${hidden})</span>` : nothing
      }`
    }</slot></div>`;
  }

  protected renderSkeleton(): TemplateResult {
    return html`<div part="skeleton" class="skeleton">
      <span></span><span></span><span></span><span class="visually-hidden">Loading…</span>
    </div>`;
  }

  /**
   * The error box (explanations.ts). `retry` is given for a secondary
   * request (an action's supporting rows); without it the box is the
   * widget's own: it names the project on not_found and counts down after a
   * 429. Until the explanations chunk is there (unreachable, say), a plain
   * box says what the error says.
   */
  protected renderError(error: unknown, retry?: () => void): TemplateResult {
    const failure: AivisError = asAivisError(error);
    const later = explanations();
    const again = retry ?? (() => this.reload());
    if (!later) {
      // Shown again in full once the chunk is there.
      void loadExplanations().then(
        () => this.requestUpdate(),
        () => undefined,
      );
      return html`<div part="error" class="error" role="alert" data-code=${failure.code}>
        <p class="title">${failure.message}</p>
        <p><button part="button retry" type="button" @click=${again}>Try again</button></p>
      </div>`;
    }
    return later.errorBox(failure, {
      project: this.project,
      retryIn: retry ? undefined : this.#countdown?.secondsLeft,
      secondary: retry !== undefined,
      retry: again,
    });
  }
}
