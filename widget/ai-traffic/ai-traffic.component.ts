import { Task, TaskStatus } from '@lit/task';
import { html, nothing, type PropertyDeclarations, svg, type TemplateResult } from 'lit';
import { CATALOG } from '../catalog.js';
import { chartStyles } from '../charts/chart.styles.js';
import { ChartWidthController } from '../charts/chart-width.js';
import { type Frame, linePath, niceMax, xOf, yOf } from '../charts/line-chart.js';
import {
  isUnavailable,
  renderUnavailable,
  renderWindow,
  type SourceEnvelope,
} from '../connected-source/connected-source.js';
import { AivisElement } from '../internal/aivis-element.js';
import { barStyles } from '../internal/bar.styles.js';
import { baseStyles } from '../internal/base.styles.js';
import { type Formatters, sourceName } from '../internal/format.js';
import { barRow, shown } from '../internal/templates.js';
import { aiTrafficStyles } from './ai-traffic.styles.js';
import {
  COMPARISON_WINDOW,
  type DailyRow,
  percentChange,
  WINDOW_DAYS,
  type WindowSeries,
  windowSeries,
} from './traffic-series.js';

/** The summary as the widget reads it: every figure is assumed, so any may be missing. */
interface TrafficSummary extends SourceEnvelope {
  totals?: { sessions?: number; users?: number; conversions?: number };
  by_source?: Array<{ source?: string; sessions?: number }>;
}

/**
 * @summary Visits that AI assistants and AI Overviews sent to the site (GA4):
 * sessions in the window with the change against the window before it where
 * the stored series allows, a daily line, and sessions by AI source as bars.
 * A project without GA4 says what to connect; a stale snapshot is flagged.
 *
 * @event aivis-load - The summary arrived; `detail.data` is the response body.
 * @event aivis-error - Loading failed; `detail.error` is the error as a plain object (never the token).
 *
 * @csspart base - The card around everything.
 * @csspart header - The heading row.
 * @csspart heading - The heading.
 * @csspart value - The figures (sessions, users, conversions).
 * @csspart change - The change against the previous window.
 * @csspart chart - The daily line's box.
 * @csspart readout - The day pointed at or chosen with the arrow keys.
 * @csspart list - The sources with bars.
 * @csspart label - A source's name.
 * @csspart bar - A bar (its width is the source's share of sessions).
 * @csspart notice - The unconnected-source explanation or the stale-data flag.
 * @csspart meta - The window line.
 * @csspart error - The error message box.
 * @csspart skeleton - The loading placeholder.
 *
 * @cssproperty --aivis-color-background - Card background.
 * @cssproperty --aivis-color-text - Text colour.
 * @cssproperty --aivis-color-muted - Secondary text and axis labels.
 * @cssproperty --aivis-color-border - Card border colour.
 * @cssproperty --aivis-color-accent - The line and the bars.
 * @cssproperty --aivis-color-track - Grid lines and the track behind bars.
 * @cssproperty --aivis-color-positive - Colour of a rise (always with an arrow and words).
 * @cssproperty --aivis-color-negative - Colour of a fall (always with an arrow and words).
 * @cssproperty --aivis-color-warning-background - Background of notices.
 * @cssproperty --aivis-color-warning-text - Text of notices.
 * @cssproperty --aivis-radius - Corner radius.
 * @cssproperty --aivis-spacing - Inner spacing.
 * @cssproperty --aivis-font-family - Font; inherits the page's by default.
 */
export class AivisAiTraffic extends AivisElement<'ai-traffic'> {
  static override styles = [baseStyles, barStyles, chartStyles, aiTrafficStyles];

  static override properties: PropertyDeclarations = {
    window: { reflect: true },
    day: { attribute: false },
  };

  /** GA4's rolling window. */
  declare window?: string;

  /** The day read out on the daily line (index into the window's days). */
  private day?: number;

  protected readonly entry = CATALOG['aivis-ai-traffic'];
  protected readonly cardTitle = 'AI traffic';

  readonly #chartWidth = new ChartWidthController(this, '.plot');

  /**
   * The daily series, once the summary is there: the next longer window's
   * (its older part is the previous window), else the window's own when the
   * longer one has no stored data yet. At most two requests.
   */
  readonly #daily = new Task(this, {
    args: () => [this.task.value, this.task.status] as const,
    task: async ([summary, status], { signal }) => {
      if (status !== TaskStatus.COMPLETE || !summary || isUnavailable(summary)) return undefined;
      // The series a server-rendered card came with: no request.
      if (this.#heldSeries) return this.#heldSeries;
      for (const params of dailyRequests(this.project, summary)) {
        const body = (await this.client().get('ai-traffic', params as never, {
          signal,
        })) as DailyBody;
        if (!isUnavailable(body)) return seriesOf(summary as TrafficSummary, body);
      }
      return undefined;
    },
  });

  /** The daily series the server rendered this card with (holdFollowUps). */
  #heldSeries?: WindowSeries;

  override holdFollowUps = (answers: readonly unknown[], summary: unknown): void => {
    const body = answers.find((answer) => answer && !isUnavailable(answer as DailyBody));
    if (body) this.#heldSeries = seriesOf(summary as TrafficSummary, body as DailyBody);
  };

  protected renderData(data: unknown, format: Formatters): TemplateResult {
    const summary = data as TrafficSummary;
    if (isUnavailable(summary)) return renderUnavailable(summary, 'ga4', format);
    const { sessions, users, conversions } = summary.totals ?? {};
    const series =
      this.#daily.status === TaskStatus.COMPLETE ? this.#daily.value : this.#heldSeries;
    return html`<div class="layout">
        <div class="summary">
          <p class="total" part="value sessions">
            <span class="value">${shown(sessions, format.integer)}</span>
            <span class="muted">sessions from AI assistants</span>
          </p>
          ${this.#renderChange(series, format)}
          <p class="muted" part="value">
            ${shown(users, (n) => format.count(n, 'user'))} ·
            ${shown(conversions, (n) => format.count(n, 'conversion'))}
          </p>
        </div>
        <div>
          ${this.subheading('Sessions per day')}
          ${this.#daily.render({
            initial: () =>
              series && series.days.length > 1 ? this.#renderLine(series, format) : nothing,
            pending: () =>
              html`<p class="muted" role="status" aria-busy="true">Loading the daily series…</p>`,
            complete: (value) =>
              value && value.days.length > 1
                ? this.#renderLine(value, format)
                : html`<p class="muted">No daily series is stored for this window yet.</p>`,
            error: () => html`<p class="muted">The daily series could not be loaded.</p>`,
          })}
        </div>
        <div>
          ${this.subheading('Sessions by AI source', 1, 'sources-heading')}
          ${this.#renderSources(summary, format)}
        </div>
      </div>
      ${renderWindow(summary, 'ga4', format)}`;
  }

  #renderChange(series: WindowSeries | undefined, format: Formatters): unknown {
    if (!series) return nothing;
    const change = percentChange(series.sessions, series.previousSessions);
    if (change === undefined) {
      return html`<p class="muted" part="change">
        No previous window is stored to compare with.
      </p>`;
    }
    const [direction, arrow, words] =
      change > 0
        ? ['up', '▲', 'up']
        : change < 0
          ? ['down', '▼', 'down']
          : ['flat', '▶', 'unchanged'];
    return html`<p class=${direction} part="change" data-direction=${direction}>
      <span aria-hidden="true">${arrow}</span> ${format.delta(change)}%, ${words} from
      ${format.integer(series.previousSessions!)} in the previous ${series.days.length} days
    </p>`;
  }

  #renderSources(summary: TrafficSummary, format: Formatters): TemplateResult {
    const sources = (summary.by_source ?? []).filter(
      (row): row is { source?: string; sessions: number } => row.sessions !== undefined,
    );
    const total = summary.totals?.sessions ?? sources.reduce((sum, row) => sum + row.sessions, 0);
    if (sources.length === 0 || total === 0) {
      return html`<p class="muted">No sessions from AI sources in this window.</p>`;
    }
    return html`<ul class="sources" part="list" aria-labelledby="sources-heading">
      ${sources.map(
        (row) => html`<li class="source">
          ${barRow(
            html`<bdi part="label">${sourceName(row.source ?? '—')}</bdi>`,
            `${format.count(row.sessions, 'session')} (${format.percent((row.sessions / total) * 100)})`,
            (row.sessions / total) * 100,
          )}
        </li>`,
      )}
    </ul>`;
  }

  #renderLine(series: WindowSeries, format: Formatters): TemplateResult {
    const { days } = series;
    const width = this.#chartWidth.width;
    const frame: Frame = { width, height: 140, left: 44, right: 8, top: 8, bottom: 22 };
    const max = niceMax(Math.max(...days.map((row) => row.sessions)));
    const x = xOf(frame, days.length);
    const y = yOf(frame, max);
    const day = this.day !== undefined && this.day < days.length ? this.day : undefined;
    const chosen = day === undefined ? undefined : days[day];
    const low = Math.min(...days.map((row) => row.sessions));
    const high = Math.max(...days.map((row) => row.sessions));
    const first = days[0]!.date;
    const last = days[days.length - 1]!.date;
    const pick = (clientX: number, box: DOMRect) => {
      const step = (width - frame.left - frame.right) / Math.max(1, days.length - 1);
      this.day = Math.min(
        days.length - 1,
        Math.max(0, Math.round((clientX - box.left - frame.left) / step)),
      );
    };
    return html`<div class="plot" part="chart">
        <svg
          width=${width}
          height=${frame.height}
          role="img"
          tabindex="0"
          aria-label="AI sessions per day from ${format.date(first)} to ${format.date(last)}: between ${format.integer(low)} and ${format.integer(high)} a day. Use the arrow keys to read single days."
          @pointermove=${(event: PointerEvent) =>
            pick(event.clientX, (event.currentTarget as Element).getBoundingClientRect())}
          @keydown=${(event: KeyboardEvent) => {
            const step = { ArrowLeft: -1, ArrowRight: 1, Home: -days.length, End: days.length }[
              event.key
            ];
            if (step === undefined) return;
            event.preventDefault();
            this.day = Math.min(days.length - 1, Math.max(0, (day ?? days.length) + step));
          }}
        >
          ${[0, max / 2, max].map(
            (
              tick,
            ) => svg`<line class="grid" x1=${frame.left} x2=${width - frame.right} y1=${y(tick)} y2=${y(tick)}></line>
              <text class="axis" x=${frame.left - 6} y=${y(tick) + 4} text-anchor="end">${format.integer(tick)}</text>`,
          )}
          <text class="axis" x=${frame.left} y=${frame.height - 4}>${format.date(first)}</text>
          <text class="axis" x=${width - frame.right} y=${frame.height - 4} text-anchor="end">${format.date(last)}</text>
          <path class="line" d=${linePath(days.map((row, index) => [x(index), y(row.sessions)]))}></path>
          ${
            chosen && day !== undefined
              ? svg`<line class="cursor" x1=${x(day)} x2=${x(day)} y1=${frame.top} y2=${frame.height - frame.bottom}></line>
                <circle class="dot" cx=${x(day)} cy=${y(chosen.sessions)} r="4"></circle>`
              : nothing
          }
        </svg>
      </div>
      <p class="readout muted" part="readout" aria-live="polite">
        ${chosen ? `${format.date(chosen.date)}: ${format.integer(chosen.sessions)} sessions` : 'Point at the line for a day’s sessions.'}
      </p>`;
  }
}

type DailyBody = SourceEnvelope & { rows?: DailyRow[] };

/**
 * The daily series' requests for a summary: the next longer window's first,
 * then the window's own; none for a source without data. The server that
 * renders the card makes them too (ssr/follow-ups.ts).
 */
export function dailyRequests(project: string | undefined, summary: unknown) {
  if (!summary || isUnavailable(summary as TrafficSummary)) return [];
  const window = (summary as TrafficSummary).period?.used ?? '30d';
  return [COMPARISON_WINDOW[window], window]
    .filter(Boolean)
    .map((period) => ({ project: Number(project), period, dataset: 'daily' }));
}

function seriesOf(summary: TrafficSummary, body: DailyBody): WindowSeries {
  const window = summary.period?.used ?? '30d';
  return windowSeries(
    (body.rows ?? []).filter((row) => typeof row.sessions === 'number'),
    WINDOW_DAYS[window] ?? 30,
  );
}
