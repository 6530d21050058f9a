import { TaskStatus } from '@lit/task';
import { html, nothing, type PropertyDeclarations, type TemplateResult } from 'lit';
import { bandOf } from '../../shared/noise.js';
import type { ProjectSummary } from '../../shared/schemas/summary.js';
import { CATALOG } from '../catalog.js';
import { AivisElement } from '../internal/aivis-element.js';
import { barStyles } from '../internal/bar.styles.js';
import { baseStyles } from '../internal/base.styles.js';
import { type Formatters, platformLabel } from '../internal/format.js';
import { barRow, periodLine, shown } from '../internal/templates.js';
import { SparklineController } from '../visibility-trend/sparkline.js';
import { visibilityScoreStyles } from './visibility-score.styles.js';

/**
 * @summary A project's AI-visibility score, its change against the previous
 * period, mentions per AI platform as a bar chart, and share of voice.
 *
 * @event aivis-load - The summary arrived; `detail.data` is the response body.
 * @event aivis-error - Loading failed; `detail.error` is the error as a plain object (never the token).
 *
 * @csspart base - The card around everything.
 * @csspart header - The heading row.
 * @slot heading - Replaces the card's heading (default: the widget's name and the brand).
 *
 * @csspart heading - The heading.
 * @csspart value - The score and the share of voice figures.
 * @csspart change - The change against the previous period.
 * @csspart sparkline - With `trend`: the own brand's monthly visibility as a small line.
 * @csspart chart - The list of platforms with bars.
 * @csspart label - A platform's name.
 * @csspart bar - A bar (its width is the mention rate).
 * @csspart meta - The period and freshness lines.
 * @csspart error - The error message box.
 * @csspart skeleton - The loading placeholder.
 *
 * @cssproperty --aivis-color-background - Card background.
 * @cssproperty --aivis-color-text - Text colour.
 * @cssproperty --aivis-color-muted - Secondary text colour.
 * @cssproperty --aivis-color-border - Card border colour.
 * @cssproperty --aivis-color-accent - Bars and links.
 * @cssproperty --aivis-color-track - The track behind bars.
 * @cssproperty --aivis-color-positive - Colour of a rise (always with an arrow and words).
 * @cssproperty --aivis-color-negative - Colour of a fall (always with an arrow and words).
 * @cssproperty --aivis-radius - Corner radius.
 * @cssproperty --aivis-spacing - Inner spacing.
 * @cssproperty --aivis-font-family - Font; inherits the page's by default, a system font stack when the page sets none.
 */
export class AivisVisibilityScore extends AivisElement<'summary'> {
  static override styles = [baseStyles, barStyles, visibilityScoreStyles];

  static override properties: PropertyDeclarations = { trend: { reflect: true } };

  /** Adds a sparkline of the own brand's monthly visibility (competitors history, 12 months). A bare attribute means on. */
  declare trend?: string;

  readonly #sparkline = new SparklineController(
    this,
    () => this.client(),
    () => this.task.status === TaskStatus.COMPLETE,
  );

  protected readonly entry = CATALOG['aivis-visibility-score'];
  protected readonly cardTitle = 'AI visibility';

  protected override brandOf(summary: ProjectSummary): string | undefined {
    return summary.profile?.brand_name;
  }

  protected renderData(summary: ProjectSummary, format: Formatters): TemplateResult {
    const visibility = summary.ai_visibility;
    if (!visibility) {
      return html`<p part="empty" class="muted">This project has no AI-visibility data yet.</p>`;
    }
    const platforms = visibility.mentions_by_platform ?? [];
    const answers = platforms.reduce((sum, row) => sum + (row.answers ?? 0), 0);
    return html`
      <div class="figures">
        <div>
          <p class="score" part="value score">
            <span class="value">${shown(visibility.score, format.score)}</span>
            <span class="muted">out of 100</span>
          </p>
          ${
            visibility.performance_comparison
              ? this.#renderChange(visibility.performance_comparison, format, answers)
              : nothing
          }
          ${this.#sparkline.render(format)}
          <p class="sov" part="value share-of-voice">
            Share of voice <strong>${shown(visibility.share_of_voice, format.percent)}</strong>
          </p>
        </div>
        <div>
          ${this.subheading('Mentions by platform', 1, 'platforms-heading')}
          ${
            answers === 0
              ? html`<p part="empty" class="muted">No answers were collected in this period.</p>`
              : html`<ul class="platforms" part="chart" aria-labelledby="platforms-heading">
                ${platforms.map(
                  (row) => html`<li class="platform">
                    ${barRow(
                      html`<bdi part="label">${platformLabel(row.platform ?? '—')}</bdi>`,
                      html`${shown(row.mentions, format.integer)} of ${shown(row.answers, (n) => format.count(n, 'answer'))} (${shown(row.mention_rate, format.percent)})`,
                      row.mention_rate ?? 0,
                    )}
                  </li>`,
                )}
              </ul>`
          }
        </div>
      </div>
      ${periodLine(summary.period, format)}
    `;
  }

  #renderChange(
    change: NonNullable<NonNullable<ProjectSummary['ai_visibility']>['performance_comparison']>,
    format: Formatters,
    answers: number,
  ): TemplateResult {
    // Another shape of the comparison: left out here, named in the card's Details.
    if (change.score_delta === undefined || change.previous_score === undefined) return html``;
    if (change.score_delta === null || change.previous_score === null) {
      return html`<p class="change muted" part="change">No previous period to compare with.</p>`;
    }
    const delta = change.score_delta;
    const [direction, arrow, words] =
      delta > 0
        ? ['up', '▲', 'up']
        : delta < 0
          ? ['down', '▼', 'down']
          : ['flat', '▶', 'unchanged'];
    const previous = change.previous_period;
    const since =
      previous?.start && previous.end
        ? ` (${format.date(previous.start)} – ${format.date(previous.end)})`
        : '';
    // "within noise": the noise rule (docs/alerts.md, shared/noise.ts withinNoise,
    // spelt out here to keep the element within its size budget). The previous
    // period's answer count is not given, so the current one stands for both.
    // A change within noise is not coloured as a rise or a fall; the arrow carries
    // the direction, so the figure carries no second sign.
    const noise =
      delta !== 0 &&
      Math.abs(delta) <= bandOf(change.previous_score, change.previous_score + delta, answers);
    return html`<p class="change ${noise ? 'noise' : direction}" part="change" data-direction=${direction}>
      <span aria-hidden="true">${arrow}</span>
      ${delta === 0 ? '' : `${format.decimal(Math.abs(delta))} points, `}${words} from
      ${format.score(change.previous_score)} in the previous period${since}${noise ? ', within noise' : ''}
    </p>`;
  }
}
