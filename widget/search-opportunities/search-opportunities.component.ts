import { html, nothing, type PropertyDeclarations, type TemplateResult } from 'lit';
import type { SearchPerformanceBody } from '../../shared/schemas/search-performance.js';
import { CATALOG } from '../catalog.js';
import {
  isUnavailable,
  renderUnavailable,
  renderWindow,
  SEARCH_CONNECTION,
  type SourceEnvelope,
} from '../connected-source/connected-source.js';
import { AivisElement } from '../internal/aivis-element.js';
import { baseStyles } from '../internal/base.styles.js';
import { type Formatters, readableText, safeHttpUrl } from '../internal/format.js';
import { externalLink, shown } from '../internal/templates.js';
import { searchOpportunitiesStyles } from './search-opportunities.styles.js';

/** An opportunity as the widget reads it: every field is assumed, so any may be missing. */
interface OpportunityRow {
  query?: string;
  page?: string | null;
  reason?: string;
  impressions?: number;
  ctr?: number;
  position?: number;
}

/**
 * @summary Search queries with many impressions and few clicks (search-performance
 * `opportunities`) from Google Search Console or Bing Webmaster Tools: each
 * with its page, impressions, click-through rate, average position and the
 * reason it was picked. An unconnected source says what to connect.
 *
 * @event aivis-load - The opportunities arrived; `detail.data` is the response body.
 * @event aivis-error - Loading failed; `detail.error` is the error as a plain object (never the token).
 *
 * @csspart base - The card around everything.
 * @csspart header - The heading row.
 * @csspart heading - The heading.
 * @csspart list - The ordered list of opportunities.
 * @csspart item - One opportunity.
 * @csspart label - A query.
 * @csspart reason - Why the query is an opportunity.
 * @csspart value - A figure (impressions, CTR, position).
 * @csspart link - The page's link (http(s) pages only).
 * @csspart notice - The unconnected-source explanation or the stale-data flag.
 * @csspart meta - The window line.
 * @csspart empty - The sentence shown when there are no opportunities.
 * @csspart error - The error message box.
 * @csspart skeleton - The loading placeholder.
 *
 * @cssproperty --aivis-color-background - Card background.
 * @cssproperty --aivis-color-text - Text colour.
 * @cssproperty --aivis-color-muted - Secondary text colour.
 * @cssproperty --aivis-color-border - Card border and separators.
 * @cssproperty --aivis-color-accent - Links.
 * @cssproperty --aivis-color-warning-background - Background of notices.
 * @cssproperty --aivis-color-warning-text - Text of notices.
 * @cssproperty --aivis-radius - Corner radius.
 * @cssproperty --aivis-spacing - Inner spacing.
 * @cssproperty --aivis-font-family - Font; inherits the page's by default.
 */
export class AivisSearchOpportunities extends AivisElement<'search-performance'> {
  static override styles = [baseStyles, searchOpportunitiesStyles];

  static override properties: PropertyDeclarations = {
    source: { reflect: true },
    window: { reflect: true },
    limit: { reflect: true },
  };

  /** The webmaster source (google: Google Search Console; bing: Bing Webmaster Tools). */
  declare source?: string;

  /** The source's rolling window. */
  declare window?: string;

  /** Opportunities shown. */
  declare limit?: string;

  protected readonly entry = CATALOG['aivis-search-opportunities'];
  protected readonly cardTitle = 'Search opportunities';

  protected renderData(data: SearchPerformanceBody, format: Formatters): TemplateResult {
    const body = data as SourceEnvelope & { rows?: OpportunityRow[] };
    const connection = SEARCH_CONNECTION[this.source ?? 'google'] ?? 'google_search_console';
    if (isUnavailable(body)) return renderUnavailable(body, connection, format);
    const rows = body.rows ?? [];
    return html`${
      rows.length === 0
        ? html`<p part="empty" class="muted">
          No query in this window has many impressions and few clicks: nothing to fix here now.
        </p>`
        : html`<ol class="rows" part="list" aria-label="Queries with many impressions and few clicks">
          ${rows.map((row) => this.#renderRow(row, format))}
        </ol>`
    }
    ${renderWindow(body, connection, format)}`;
  }

  #renderRow(row: OpportunityRow, format: Formatters): TemplateResult {
    const page = safeHttpUrl(row.page);
    return html`<li class="row" part="item">
      <p class="query" part="label">${row.query}</p>
      ${row.reason === undefined ? nothing : html`<p part="reason">${readableText(row.reason, format)}</p>`}
      ${
        row.page
          ? html`<p class="page muted">
            Page: ${page ? externalLink(page, row.page) : row.page}
          </p>`
          : ''
      }
      <dl class="figures">
        <div><dt>Impressions</dt><dd part="value">${shown(row.impressions, format.integer)}</dd></div>
        <div><dt>CTR</dt><dd part="value">${shown(row.ctr, (ctr) => format.percent(ctr * 100))}</dd></div>
        <div><dt>Position</dt><dd part="value">${shown(row.position, format.decimal)}</dd></div>
      </dl>
    </li>`;
  }
}
