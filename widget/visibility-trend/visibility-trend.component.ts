import { Task } from '@lit/task';
import { html, nothing, type PropertyDeclarations, svg, type TemplateResult } from 'lit';
import { seriesDayError } from '../../shared/api/ledger-series.js';
import type { ValidationErrors } from '../../shared/api/validate.js';
import { boundedExchange } from '../../shared/client/bounded-exchange.js';
import type { FetchLike } from '../../shared/client/types.js';
import { normalizeBaseUrl } from '../../shared/http/request.js';
import type { CompetitorHistory } from '../../shared/schemas/competitors.js';
import { CATALOG } from '../catalog.js';
import { chartStyles } from '../charts/chart.styles.js';
import { ChartWidthController } from '../charts/chart-width.js';
import { type Frame, labelStep, linePath, xOf, yOf } from '../charts/line-chart.js';
import { AivisElement } from '../internal/aivis-element.js';
import { baseStyles } from '../internal/base.styles.js';
import { requestCache } from '../internal/connection.js';
import type { Formatters } from '../internal/format.js';
import type { BoundedInit } from '../internal/request-cache.js';
import {
  type LedgerMonth,
  ledgerMonthsOf,
  ledgerQuery,
  MAX_LEDGER_BODY,
  withLedger,
} from './ledger-history.js';
import { MAX_COMPETITORS, type Trend, trendOf } from './trend-series.js';
import { visibilityTrendStyles } from './visibility-trend.styles.js';

const DEFAULT_COMPETITORS = 3;
const Y_TICKS = [0, 25, 50, 75, 100];
const HISTORY_SINCE = 'history-since';

/** What the proxy's ledger added: its months, or why none (docs/widgets.md, "Months before the API's window"). */
type LedgerState = { months: LedgerMonth[] } | { note: 'no-ledger' | 'unreadable' };

/** The series' colour classes: the own brand, then the competitors in rank order. */
const colourOf = (trend: Trend, index: number) =>
  trend.series[index]?.isOwnBrand ? 'own' : `s${index + (trend.series[0]?.isOwnBrand ? 0 : 1)}`;

/**
 * @summary The own brand's AI visibility month by month as a line, with the
 * top competitors as thinner lines, from competitors `history`. The current
 * month is marked as partial while checks continue in it. Pointing at or
 * focusing a point (Tab, then the arrow keys) reads out its month, brand and
 * value; a visually hidden table carries the same figures.
 *
 * @event aivis-load - The history arrived; `detail.data` is the response body.
 * @event aivis-error - Loading failed; `detail.error` is the error as a plain object (never the token).
 *
 * @csspart base - The card around everything.
 * @csspart header - The heading row.
 * @csspart heading - The heading.
 * @csspart legend - The brands and their line colours.
 * @csspart chart - The box around the SVG chart.
 * @csspart line - A brand's line (also own-brand for the own brand's).
 * @csspart point - A month's point on a line.
 * @csspart readout - The line that reads out the point pointed at or focused.
 * @csspart table - The visually hidden table of the same figures.
 * @csspart meta - The partial-month and history notes, and the note when the proxy keeps no ledger.
 * @csspart ledger - The Details saying which months came from the proxy's ledger (history-since).
 * @csspart empty - The sentence shown when there is no history yet.
 * @csspart error - The error message box.
 * @csspart skeleton - The loading placeholder.
 *
 * @cssproperty --aivis-color-background - Card background.
 * @cssproperty --aivis-color-text - Text colour.
 * @cssproperty --aivis-color-muted - Axis labels and secondary text.
 * @cssproperty --aivis-color-border - Card border colour.
 * @cssproperty --aivis-color-track - Grid lines.
 * @cssproperty --aivis-color-own-brand - The own brand's line (always named "your brand" in the legend).
 * @cssproperty --aivis-color-series-1 - The first competitor's line; -2 to -5 the next ones.
 * @cssproperty --aivis-radius - Corner radius.
 * @cssproperty --aivis-spacing - Inner spacing.
 * @cssproperty --aivis-font-family - Font; inherits the page's by default.
 */
export class AivisVisibilityTrend extends AivisElement<'competitors'> {
  static override styles = [baseStyles, chartStyles, visibilityTrendStyles];

  static override properties: PropertyDeclarations = {
    months: { reflect: true },
    competitors: { reflect: true },
    historySince: { attribute: HISTORY_SINCE, reflect: true },
    active: { attribute: false },
  };

  /** Months of history, newest last. */
  declare months?: string;

  /** Competitors drawn beside the own brand: 0 (own brand alone) to 5, default 3. */
  declare competitors?: string;

  /**
   * The first day (YYYY-MM-DD) to show: months before the API's window are read
   * from the proxy's ledger series (docs/ledger.md), the own brand's daily score
   * averaged per month. Absent: the API's window alone.
   */
  declare historySince?: string;

  /** The point read out: [series index, month index]. */
  private active?: readonly [number, number];

  protected readonly entry = CATALOG['aivis-visibility-trend'];
  protected readonly cardTitle = 'AI visibility trend';

  protected override brandOf(body: unknown): string | undefined {
    return ((body as CompetitorHistory).history ?? [])
      .flatMap((snapshot) => snapshot.brands ?? [])
      .find((brand) => brand.is_own_brand)?.name;
  }

  readonly #chartWidth = new ChartWidthController(this, '.plot');

  /**
   * history-since feeds the ledger's series, not the API: refused under its
   * own name, by the series rule (shared/api/ledger-series.ts), before any
   * request goes out.
   */
  protected override attributeErrors(): ValidationErrors | undefined {
    const refusal =
      this.historySince == null ? undefined : seriesDayError(HISTORY_SINCE, this.historySince);
    return refusal ? { [HISTORY_SINCE]: [refusal] } : undefined;
  }

  /** Reads the ledger's months once the API's answer says where its window starts. */
  readonly #ledger = new Task(this, {
    args: () => {
      const body = this.task.value as CompetitorHistory | undefined;
      const first = body ? trendOf(body, 0).months[0] : undefined;
      const base = first ? this.client()?.credentials.baseUrl : undefined;
      return [this.historySince, this.project, base, first] as const;
    },
    task: async ([from, project, base, first], { signal }): Promise<LedgerState | undefined> => {
      if (
        !from ||
        seriesDayError(HISTORY_SINCE, from) ||
        !base ||
        !first ||
        !/^\d{1,9}$/.test(project ?? '')
      )
        return undefined;
      const query = ledgerQuery(from, first);
      if (!query) return { months: [] };
      const url = `${normalizeBaseUrl(base)}/ledger/v1/projects/${project}/series?metric=score&from=${query.from}&to=${query.to}`;
      // The page's request cache over its transport (configure({ fetch })), as the API answers go:
      // two trend cards of one project share one request. No token: the route needs none.
      const cache = requestCache().fetch;
      const fetch: FetchLike = (address, init) =>
        cache(address, { ...init, maxBodyBytes: MAX_LEDGER_BODY } as BoundedInit);
      try {
        // Read up to the cap and no further: a huge or endless answer holds no more memory.
        const answer = await boundedExchange(
          { method: 'GET', url, headers: { Accept: 'application/json' } },
          { fetch, signal, maxBodyBytes: MAX_LEDGER_BODY },
        );
        if (answer.status === 404) return { note: 'no-ledger' };
        if (answer.status !== 200) return { note: 'unreadable' };
        return { months: ledgerMonthsOf(JSON.parse(answer.body), first) };
      } catch {
        // A missing or broken ledger never turns the card into an error: the API's months stay.
        return { note: 'unreadable' };
      }
    },
  });

  /** The competitors attribute as a count; anything but a whole number 0–5 is the default. */
  #competitorCount(): number {
    const count = Number(this.competitors ?? DEFAULT_COMPETITORS);
    return Number.isInteger(count) && count >= 0 && count <= MAX_COMPETITORS
      ? count
      : DEFAULT_COMPETITORS;
  }

  protected renderData(body: unknown, format: Formatters): TemplateResult {
    const ledger = this.#ledger.value;
    const fromApi = trendOf(body as CompetitorHistory, this.#competitorCount());
    const trend = withLedger(fromApi, ledger && 'months' in ledger ? ledger.months : []);
    const ledgerCount = trend.ledgerMonths ?? 0;
    if (trend.months.length === 0) {
      return html`<p part="empty" class="muted">
        No monthly snapshots are stored for this project yet: the trend starts after the first month of checks.
      </p>`;
    }
    const month = (index: number, length: 'short' | 'long' = 'long') =>
      format.month(trend.months[index]!, length);
    const { partialIndex, lastFullIndex } = trend;
    const asked = Number(this.months ?? 12);
    return html`
      <ul class="legend" part="legend" aria-label="Brands">
        ${trend.series.map(
          (series, index) => html`<li class=${colourOf(trend, index)}>
            <span class="swatch" aria-hidden="true"></span><bdi>${series.name}</bdi>${
              series.isOwnBrand ? ' (your brand)' : ''
            }
          </li>`,
        )}
      </ul>
      <div class="plot" part="chart">${this.#renderChart(trend, format, month)}</div>
      <p class="readout muted" part="readout" aria-live="polite">${this.#readout(trend, format, month)}</p>
      ${this.#renderTable(trend, format, month)}
      <p class="meta" part="meta">
        ${
          partialIndex === undefined
            ? nothing
            : html`${month(partialIndex)} is partial: checks up to
              ${format.date(trend.latestCheckDay!)}.`
        }
        ${
          fromApi.months.length < asked && ledgerCount === 0
            ? html`History starts in ${month(0)}:
              ${trend.months.length === 1 ? 'one month' : `${trend.months.length} months`} so far${
                lastFullIndex === undefined ? ', none of them complete yet' : ''
              }.`
            : nothing
        }
        ${trend.series[0]?.isOwnBrand ? nothing : 'Your brand is not named in these snapshots.'}
        ${
          ledger && 'note' in ledger
            ? ledger.note === 'no-ledger'
              ? "The proxy keeps no ledger: the API's months alone are shown."
              : "The proxy's ledger could not be read: the API's months alone are shown."
            : nothing
        }
      </p>
      ${
        ledgerCount > 0
          ? html`<details part="ledger">
              <summary>Months from the proxy's ledger</summary>
              <p>
                ${month(0)} to ${month(ledgerCount - 1)} come from the proxy's ledger: your brand's daily
                score, averaged per month (points with a ring). From ${month(ledgerCount)} on the figures are the
                API's.
              </p>
            </details>`
          : nothing
      }
    `;
  }

  #readout(trend: Trend, format: Formatters, month: (index: number) => string): string {
    const [seriesIndex, monthIndex] = this.active ?? [];
    const series = trend.series[seriesIndex ?? -1];
    const value = series?.values[monthIndex ?? -1];
    if (!series || value == null)
      return 'Point at a month, or Tab to the chart and use the arrow keys.';
    return `${month(monthIndex!)}${monthIndex === trend.partialIndex ? ' (partial)' : ''} · ${series.name}${
      series.isOwnBrand ? ' (your brand)' : ''
    }: ${format.percent(value)}`;
  }

  #renderChart(
    trend: Trend,
    format: Formatters,
    month: (index: number, length?: 'short' | 'long') => string,
  ): TemplateResult {
    const width = this.#chartWidth.width;
    const frame: Frame = {
      width,
      height: width < 360 ? 160 : 220,
      left: 48,
      right: 24,
      top: 8,
      bottom: 24,
    };
    const count = trend.months.length;
    const x = xOf(frame, count);
    const y = yOf(frame, 100);
    const ticks = frame.height < 200 ? [0, 50, 100] : Y_TICKS;
    const step = labelStep(count, width - frame.left - frame.right, 68);
    // The roving tab stop: the point read out, else the own brand's newest month.
    const [activeSeries, activeMonth] = this.active ?? [0, count - 1];
    const partial = trend.partialIndex;
    const ledgerCount = trend.ledgerMonths ?? 0;
    const lines = trend.series.map((series, seriesIndex) => {
      const points = series.values.map((value, index) =>
        value === null ? null : ([x(index), y(value)] as const),
      );
      // The segment into the partial month is dashed: the figure is still moving.
      const complete = partial === undefined ? points : points.slice(0, partial);
      const tail = partial === undefined ? [] : points.slice(partial - 1, partial + 1);
      return svg`<g class=${colourOf(trend, seriesIndex)}>
        <path class="line" part=${series.isOwnBrand ? 'line own-brand' : 'line'} d=${linePath(complete)}></path>
        ${tail.length === 2 ? svg`<path class="line partial" d=${linePath(tail)}></path>` : nothing}
        ${points.map((point, index) =>
          point
            ? svg`<circle
                class="pt ${index === partial ? 'hollow' : ''} ${index < ledgerCount ? 'ledger' : ''} ${
                  seriesIndex === activeSeries && index === activeMonth && this.active
                    ? 'active'
                    : ''
                }"
                part="point"
                data-point="${seriesIndex} ${index}"
                cx=${point[0]}
                cy=${point[1]}
                r=${series.isOwnBrand ? 4.5 : 3.5}
                role="img"
                aria-label="${month(index)}${index === partial ? ' (partial)' : ''}${index < ledgerCount ? ' (ledger)' : ''}, ${series.name}: ${format.percent(series.values[index]!)}"
                tabindex=${seriesIndex === activeSeries && index === activeMonth ? 0 : -1}
                @focus=${() => this.#show(seriesIndex, index)}
                @pointerenter=${() => this.#show(seriesIndex, index)}
              ></circle>`
            : nothing,
        )}
      </g>`;
    });
    return html`<svg
      width=${width}
      height=${frame.height}
      role="group"
      aria-label="AI visibility by month; the table below holds the same figures"
      @keydown=${(event: KeyboardEvent) => this.#move(event, trend)}
    >
      ${ticks.map(
        (
          tick,
        ) => svg`<line class="grid" x1=${frame.left} x2=${width - frame.right} y1=${y(tick)} y2=${y(tick)}></line>
          <text class="axis" x=${frame.left - 6} y=${y(tick) + 4} text-anchor="end">${format.percent(tick)}</text>`,
      )}
      ${trend.months.map((_, index) =>
        index % step === (count - 1) % step
          ? svg`<text class="axis" x=${x(index)} y=${frame.height - 6} text-anchor="middle">${month(index, 'short')}${
              index === partial ? '*' : ''
            }</text>`
          : nothing,
      )}
      ${lines}
    </svg>`;
  }

  #show(seriesIndex: number, monthIndex: number): void {
    this.active = [seriesIndex, monthIndex];
  }

  /** Arrow keys walk the points: left and right along a line, up and down across brands. */
  #move(event: KeyboardEvent, trend: Trend): void {
    const [seriesIndex, monthIndex] = this.active ?? [0, trend.months.length - 1];
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
    };
    const step = moves[event.key];
    if (!step) return;
    event.preventDefault();
    // Skip months where the brand has no snapshot, within the chart's bounds.
    let [s, m] = [seriesIndex, monthIndex];
    for (let tries = 0; tries < trend.months.length * (trend.series.length + 1); tries++) {
      s += step[0];
      m += step[1];
      if (s < 0 || m < 0 || s >= trend.series.length || m >= trend.months.length) return;
      if (trend.series[s]!.values[m] != null) break;
      if (step[0] !== 0) m = monthIndex;
    }
    this.#show(s, m);
    void this.updateComplete.then(() =>
      this.renderRoot.querySelector<SVGElement>(`[data-point="${s} ${m}"]`)?.focus(),
    );
  }

  #renderTable(trend: Trend, format: Formatters, month: (index: number) => string): TemplateResult {
    // The wrapper hides it: a table grows to its content whatever width it is given.
    return html`<div class="visually-hidden"><table part="table">
      <caption>AI visibility by month</caption>
      <thead>
        <tr>
          <th scope="col">Month</th>
          ${trend.series.map(
            (series) =>
              html`<th scope="col"><bdi>${series.name}</bdi>${series.isOwnBrand ? ' (your brand)' : ''}</th>`,
          )}
        </tr>
      </thead>
      <tbody>
        ${trend.months.map(
          (_, index) => html`<tr>
            <th scope="row">${month(index)}${index === trend.partialIndex ? ' (partial)' : ''}${
              index < (trend.ledgerMonths ?? 0) ? ' (ledger)' : ''
            }</th>
            ${trend.series.map((series) => {
              const value = series.values[index];
              return html`<td>${value == null ? '—' : format.percent(value)}</td>`;
            })}
          </tr>`,
        )}
      </tbody>
    </table></div>`;
  }
}
