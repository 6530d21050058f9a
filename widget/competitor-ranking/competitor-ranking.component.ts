import { TaskStatus } from '@lit/task';
import {
  html,
  nothing,
  type PropertyDeclarations,
  type PropertyValues,
  type TemplateResult,
} from 'lit';
import type { CompetitorRanking, CompetitorRankingRow } from '../../shared/schemas/competitors.js';
import { CATALOG } from '../catalog.js';
import { AivisElement } from '../internal/aivis-element.js';
import { barStyles } from '../internal/bar.styles.js';
import { baseStyles } from '../internal/base.styles.js';
import { propertyOf } from '../internal/catalog-params.js';
import { type Formatters, platformLabel, readableText } from '../internal/format.js';
import { markedRowsStyles } from '../internal/marked-rows.styles.js';
import { pagerStyles } from '../internal/pager.styles.js';
import { barRow, pager, periodLine, shown } from '../internal/templates.js';
import { competitorRankingStyles } from './competitor-ranking.styles.js';

/**
 * Properties whose change starts the ranking again at its first page: the
 * connection's, the project and every attribute that feeds a parameter.
 */
const QUERY_PROPERTIES = [
  'project',
  'baseUrl',
  'token',
  ...Object.keys(CATALOG['aivis-competitor-ranking'].attributes).map(propertyOf),
];

/**
 * @summary Brands that AI platforms name, ranked by visibility as horizontal
 * bars, the own brand marked, with optional highlight sentences per platform
 * and previous / next pages.
 *
 * @event aivis-load - A page of the ranking arrived; `detail.data` is the response body.
 * @event aivis-error - Loading failed; `detail.error` is the error as a plain object (never the token).
 *
 * @csspart base - The card around everything.
 * @csspart header - The heading row.
 * @slot heading - Replaces the card's heading (default: the widget's name and the brand).
 *
 * @csspart heading - The heading.
 * @csspart list - The ordered list of brands.
 * @csspart item - One brand.
 * @csspart own-brand - The own brand's item (also has part item).
 * @csspart label - A brand's name.
 * @csspart bar - A bar (its width is the visibility).
 * @csspart highlights - The highlight sentences of a brand.
 * @csspart pager - The paging controls.
 * @csspart button - The previous and next buttons.
 * @csspart meta - The period line.
 * @csspart error - The error message box.
 * @csspart skeleton - The loading placeholder.
 *
 * @cssproperty --aivis-color-background - Card background.
 * @cssproperty --aivis-color-text - Text colour.
 * @cssproperty --aivis-color-muted - Secondary text colour.
 * @cssproperty --aivis-color-border - Card border colour.
 * @cssproperty --aivis-color-accent - Bars, links and focus rings.
 * @cssproperty --aivis-color-own-brand - The own brand's bar and marker (always with the words "your brand").
 * @cssproperty --aivis-color-track - The track behind bars.
 * @cssproperty --aivis-radius - Corner radius.
 * @cssproperty --aivis-spacing - Inner spacing.
 * @cssproperty --aivis-font-family - Font; inherits the page's by default, a system font stack when the page sets none.
 */
export class AivisCompetitorRanking extends AivisElement<'competitors'> {
  static override styles = [
    baseStyles,
    barStyles,
    markedRowsStyles,
    pagerStyles,
    competitorRankingStyles,
  ];

  static override properties: PropertyDeclarations = {
    limit: { reflect: true },
    includeHighlights: { attribute: 'include-highlights', reflect: true },
    highlightsPerPlatform: { attribute: 'highlights-per-platform', reflect: true },
    offset: { attribute: false },
  };

  /** Brands per page. */
  declare limit?: string;

  /** Adds highlight sentences per platform; a bare attribute means true. */
  declare includeHighlights?: string;

  /** Highlight sentences per platform. */
  declare highlightsPerPlatform?: string;

  /** Rows skipped: the current page's start. Changed by the pager. */
  offset = 0;

  protected readonly entry = CATALOG['aivis-competitor-ranking'];
  protected readonly cardTitle = 'Competitor ranking';

  /** The own brand's row, when this page of the ranking holds it (the name is kept for later pages). */
  protected override brandOf(ranking: CompetitorRanking): string | undefined {
    return ranking.competitors?.find((row) => row.is_own_brand)?.name;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (
      QUERY_PROPERTIES.some((name) => changed.has(name as keyof AivisCompetitorRanking)) &&
      this.hasUpdated
    )
      this.offset = 0;
  }

  protected override stateParams() {
    return { offset: this.offset === 0 ? undefined : this.offset };
  }

  /** The pager button last used, so focus survives it becoming disabled on the first or last page. */
  #pagerFocus?: 'previous' | 'next';

  #goTo(offset: number, via: 'previous' | 'next'): void {
    this.keepPreviousWhilePending = true;
    this.#pagerFocus = via;
    this.offset = offset;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    if (!this.#pagerFocus || this.task.status !== TaskStatus.COMPLETE) return;
    const via = this.#pagerFocus;
    this.#pagerFocus = undefined;
    const used = this.renderRoot.querySelector<HTMLButtonElement>(`button[part~='${via}']`);
    if (used?.disabled) {
      const other = via === 'next' ? 'previous' : 'next';
      this.renderRoot.querySelector<HTMLButtonElement>(`button[part~='${other}']`)?.focus();
    }
  }

  protected renderData(ranking: CompetitorRanking, format: Formatters): TemplateResult {
    const { pagination } = ranking;
    const competitors = ranking.competitors ?? [];
    if (competitors.length === 0) {
      return html`<p part="empty" class="muted">
          ${pagination.offset > 0 ? 'No brands on this page.' : 'No brands were named in this period.'}
        </p>
        ${pagination.offset > 0 ? this.#renderPager(ranking, format) : nothing}
        ${periodLine(ranking.period, format)}`;
    }
    return html`
      <ol class="rows" part="list" aria-label="Brands by visibility">
        ${competitors.map((row, index) => this.#renderBrand(row, index, format))}
      </ol>
      ${this.#renderPager(ranking, format)} ${periodLine(ranking.period, format)}
    `;
  }

  #renderBrand(row: CompetitorRankingRow, index: number, format: Formatters): TemplateResult {
    const highlights = Object.entries(row.platform_highlights ?? {}).filter(
      (entry): entry is [string, string[]] => (entry[1]?.length ?? 0) > 0,
    );
    return html`<li
      class="row ${row.is_own_brand ? 'own' : ''}"
      part=${row.is_own_brand ? 'item own-brand' : 'item'}
    >
      ${barRow(
        html`<span class="name"
          ><span class="rank">${format.integer(row.rank ?? this.offset + index + 1)}.</span>
          <bdi part="label">${row.name}</bdi>${
            row.is_own_brand ? html`<span class="badge">Your brand</span>` : nothing
          }</span
        >`,
        html`${shown(row.visibility, format.percent)} visibility ·
        ${shown(row.mentions, (n) => format.count(n, 'mention'))}`,
        row.visibility ?? 0,
      )}
      ${
        highlights.length > 0
          ? html`<details part="highlights">
            <summary>Highlights<span class="visually-hidden"> for ${row.name}</span></summary>
            <div class="highlights">
              ${highlights.map(
                ([platform, lines]) => html`<section>
                  ${this.subheading(platformLabel(platform))}
                  <ul>
                    ${lines.map((line) => html`<li>${readableText(line, format)}</li>`)}
                  </ul>
                </section>`,
              )}
            </div>
          </details>`
          : nothing
      }
    </li>`;
  }

  #renderPager(ranking: CompetitorRanking, format: Formatters): unknown {
    return pager(ranking.pagination, format, 'Brands', 'Ranking pages', (offset, via) =>
      this.#goTo(offset, via),
    );
  }
}
