/**
 * The score card's opt-in sparkline (`<aivis-visibility-score trend>`): the
 * own brand's monthly visibility from competitors `history`, as a small line
 * with a text alternative, drawn with the trend's own chart code. A reactive
 * controller, so the score card only adds it and renders it.
 */

import { Task } from '@lit/task';
import { html, nothing, type ReactiveControllerHost, svg, type TemplateResult } from 'lit';
import type { FetchReader } from '../../shared/client/fetch-client.js';
import type { CompetitorHistory } from '../../shared/schemas/competitors.js';
import { type Frame, linePath, xOf, yOf } from '../charts/line-chart.js';
import type { Formatters } from '../internal/format.js';
import { type Trend, trendOf } from './trend-series.js';

const SPARK: Frame = { width: 132, height: 36, left: 3, right: 5, top: 4, bottom: 4 };
const SPARK_MONTHS = 12;

interface SparklineHost extends ReactiveControllerHost, HTMLElement {
  project?: string;
  trend?: string;
}

export class SparklineController {
  readonly #task: Task<readonly [string | undefined, string | undefined, boolean], Trend>;

  constructor(
    host: SparklineHost,
    /** The card's client, once its own data is there (undefined before). */
    client: () => FetchReader | undefined,
    /** Whether the card's own data is there: the sparkline loads after it, on the same client. */
    loaded: () => boolean,
  ) {
    this.#task = new Task(host, {
      args: () => [host.trend, host.project, loaded()] as const,
      task: async ([trend, project, loaded], { signal }) => {
        const reader = client();
        // Off unless asked for: a bare attribute or any value but "false".
        if (trend === undefined || trend === 'false' || !loaded || !reader)
          return undefined as never;
        const body = await reader.get(
          'competitors',
          { project: Number(project), dataset: 'history', limit: SPARK_MONTHS } as never,
          { signal },
        );
        // Built here, so a body of an unexpected shape is a task error (nothing drawn), not a render error.
        return trendOf(body as CompetitorHistory, 0);
      },
    });
  }

  render(format: Formatters): TemplateResult | typeof nothing {
    const trend = this.#task.value;
    const own = trend?.series[0];
    if (!trend || !own?.isOwnBrand) return nothing;
    const known = own.values.flatMap((value, index) => (value === null ? [] : [[index, value]]));
    if (known.length < 2) return nothing;
    const [firstIndex, first] = known[0]!;
    const [lastIndex, last] = known[known.length - 1]!;
    const x = xOf(SPARK, trend.months.length);
    const y = yOf(SPARK, 100);
    const partial = trend.partialIndex === lastIndex;
    const month = (index: number) => format.month(trend.months[index]!);
    return html`<svg
      class="sparkline"
      part="sparkline"
      width=${SPARK.width}
      height=${SPARK.height}
      role="img"
      aria-label="Visibility by month: ${format.percent(first!)} in ${month(firstIndex!)}, ${format.percent(last!)} in ${month(lastIndex!)}${
        partial ? ' (partial month)' : ''
      }"
    >
      ${svg`<path d=${linePath(own.values.map((value, index) => (value === null ? null : [x(index), y(value)])))}></path>
        <circle class=${partial ? 'hollow' : ''} cx=${x(lastIndex!)} cy=${y(last!)} r="2.5"></circle>`}
    </svg>`;
  }
}
