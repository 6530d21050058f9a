import { html, nothing, type PropertyDeclarations, type TemplateResult } from 'lit';
import type { CitationsByDomain, CitationsByUrl } from '../../shared/schemas/citations.js';
import { CATALOG } from '../catalog.js';
import { AivisElement } from '../internal/aivis-element.js';
import { barStyles } from '../internal/bar.styles.js';
import { baseStyles } from '../internal/base.styles.js';
import { type Formatters, safeHttpUrl, sourceName } from '../internal/format.js';
import { markedRowsStyles } from '../internal/marked-rows.styles.js';
import { barRow, externalLink, linkText, periodLine, shown } from '../internal/templates.js';
import { citationsStyles } from './citations.styles.js';

const ownBadge = (isOwnSite: boolean) =>
  isOwnSite ? html`<span class="badge">Your site</span>` : nothing;

/**
 * @summary The sites AI answers cite most: domains as bars by their share of
 * all citations, the project's own site marked; with `group-by="url"`, the
 * cited URLs themselves (only http(s) addresses become links).
 *
 * @event aivis-load - The citations arrived; `detail.data` is the response body.
 * @event aivis-error - Loading failed; `detail.error` is the error as a plain object (never the token).
 *
 * @csspart base - The card around everything.
 * @csspart header - The heading row.
 * @csspart heading - The heading.
 * @csspart list - The ordered list of domains or URLs.
 * @csspart item - One domain or URL.
 * @csspart own-site - An item on the project's own site (also has part item).
 * @csspart label - A domain or URL.
 * @csspart bar - A bar (its width is the share, relative to the most cited domain).
 * @csspart link - A cited URL's link.
 * @csspart meta - The period line.
 * @csspart empty - The sentence shown when nothing was cited.
 * @csspart error - The error message box.
 * @csspart skeleton - The loading placeholder.
 *
 * @cssproperty --aivis-color-background - Card background.
 * @cssproperty --aivis-color-text - Text colour.
 * @cssproperty --aivis-color-muted - Secondary text colour.
 * @cssproperty --aivis-color-border - Card border colour.
 * @cssproperty --aivis-color-accent - Bars and links.
 * @cssproperty --aivis-color-own-brand - The own site's bar and marker (always with the words "your site").
 * @cssproperty --aivis-color-track - The track behind bars.
 * @cssproperty --aivis-radius - Corner radius.
 * @cssproperty --aivis-spacing - Inner spacing.
 * @cssproperty --aivis-font-family - Font; inherits the page's by default.
 */
export class AivisCitations extends AivisElement<'citations'> {
  static override styles = [baseStyles, barStyles, markedRowsStyles, citationsStyles];

  static override properties: PropertyDeclarations = {
    groupBy: { attribute: 'group-by', reflect: true },
    limit: { reflect: true },
  };

  /** What is listed (domain: the most cited domains as bars; url: the cited URLs). */
  declare groupBy?: string;

  /** Rows shown. */
  declare limit?: string;

  protected readonly entry = CATALOG['aivis-citations'];
  protected readonly cardTitle = 'Cited sources';

  protected renderData(body: unknown, format: Formatters): TemplateResult {
    const byDomain = body as CitationsByDomain;
    const byUrl = body as CitationsByUrl;
    const rows = byDomain.domains ?? byUrl.citations ?? [];
    if (rows.length === 0) {
      return html`<p part="empty" class="muted">AI answers cited no sources in this period.</p>
        ${periodLine(byDomain.period, format)}`;
    }
    return html`${byDomain.domains ? this.#renderDomains(byDomain, format) : this.#renderUrls(byUrl, format)}
      ${periodLine(byDomain.period, format)}`;
  }

  #renderDomains(body: CitationsByDomain, format: Formatters): TemplateResult {
    // Bars relative to the most cited domain, so the top one fills its track; the figures say the share.
    const domains = body.domains ?? [];
    const top = Math.max(...domains.map((row) => row.share ?? 0), 0.001);
    return html`<ol class="rows" part="list" aria-label="Most cited domains by share of citations">
      ${domains.map(
        (row) => html`<li
          class="row domain ${row.is_own_site ? 'own' : ''}"
          part=${row.is_own_site ? 'item own-site' : 'item'}
        >
          ${barRow(
            html`<span><bdi part="label">${row.domain}</bdi>${ownBadge(row.is_own_site === true)}</span>`,
            html`<span part="value">${shown(row.share, format.percent)}</span> of citations ·
              ${shown(row.citations, (n) => format.count(n, 'citation'))}`,
            ((row.share ?? 0) / top) * 100,
          )}
        </li>`,
      )}
    </ol>`;
  }

  #renderUrls(body: CitationsByUrl, format: Formatters): TemplateResult {
    return html`<ol class="rows" part="list" aria-label="Most cited URLs">
      ${(body.citations ?? []).map((row) => {
        const href = safeHttpUrl(row.url);
        return html`<li
          class="row ${row.is_own_site ? 'own' : ''}"
          part=${row.is_own_site ? 'item own-site' : 'item'}
        >
          <span class="url"
            >${href ? externalLink(href, html`<bdi part="label">${linkText(row.url ?? '')}</bdi>`) : html`<bdi part="label">${row.url}</bdi>`}${ownBadge(
              row.is_own_site === true,
            )}</span
          >
          <span class="muted">
            ${shown(row.citations, (n) => format.count(n, 'citation'))} in
            ${shown(row.answers, (n) => format.count(n, 'answer'))}${
              row.platforms ? ` · ${row.platforms.map(sourceName).join(', ')}` : ''
            }
          </span>
        </li>`;
      })}
    </ol>`;
  }
}
