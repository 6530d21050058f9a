/**
 * Template pieces more than one widget renders, written once: a labelled
 * bar, a link that opens outside the page, a stale-source notice, the
 * period line, a pager and a table of API rows. Functions rather than
 * methods of AivisElement, so an element carries only the pieces it shows.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Pagination } from '../../shared/schemas/common.js';
import { type Cell, columnName, type Formatters, periodLabel, sourceName } from './format.js';

/**
 * A row of a bar chart: the label and its figures as text, then the bar,
 * hidden from assistive technology (the figures already say it), as wide as
 * `percent` (0–100). The width is set through the CSSOM (a property binding
 * to `style`, which assigns cssText), not a `style` attribute: a strict
 * Content-Security-Policy (`style-src 'self'`) blocks style attributes but
 * not the CSSOM. A server-rendered card has no CSSOM: its bar is as wide as
 * a rule of its stylesheet for the whole percent says (docs/loading.md).
 */
export const barRow = (label: unknown, figures: unknown, percent: number): TemplateResult => {
  const width = Math.min(100, Math.max(0, percent));
  // data-width is the server-rendered card's (ssr/stylesheet.ts has a rule per whole percent).
  return html`<span class="label">${label}<span class="numbers">${figures}</span></span
    ><span class="track" aria-hidden="true"
      ><span class="bar" part="bar" data-width=${Math.round(width)} .style=${`width:${width}%`}></span
    ></span>`;
};

/**
 * API text for a link, without bidirectional controls (embeddings, overrides,
 * isolates, marks): a U+202E in "invoice‮fdp.exe" shows "invoiceexe.pdf".
 * See docs/security.md, "API text in the widgets".
 */
export const linkText = (text: string): string =>
  text.replace(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');

/**
 * A link to an http(s) address the caller has checked with safeHttpUrl, in a
 * new tab; text content loses its bidi controls (linkText), and the content is
 * isolated from the text around it.
 */
export const externalLink = (href: string, content: unknown): TemplateResult =>
  html`<a part="link" href=${href} target="_blank" rel="noopener noreferrer"><bdi>${
    typeof content === 'string' ? linkText(content) : content
  }</bdi></a>`;

/**
 * The one-line notice of a data source whose stored data is out of date:
 * its human name and the date it was last fetched. Only a widget whose
 * figures come from that source shows it (the AI-visibility figures come
 * from the answers, so the score card shows none).
 */
export const staleNotice = (
  source: string,
  fetchedAt: string | null | undefined,
  format: Formatters,
): TemplateResult =>
  html`<p class="notice" part="notice stale" data-source=${source}>
    ${sourceName(source)} data is out of date${
      fetchedAt ? ` (last updated ${format.date(fetchedAt)})` : ''
    }.
  </p>`;

/**
 * Previous / next for a paged list, with where the page is ("Brands 6–10 of
 * 42"). Disabled at either end; `go` receives the new offset and which
 * button was used (so the widget can keep focus on a usable one).
 */
export const pager = (
  page: Pagination,
  format: Formatters,
  noun: string,
  label: string,
  go: (offset: number, via: 'previous' | 'next') => void,
): unknown => {
  const { offset, limit, returned, total, has_more: hasMore } = page;
  if (offset === 0 && !hasMore) return nothing;
  const first = returned === 0 ? offset : offset + 1;
  return html`<nav class="pager" part="pager" aria-label=${label}>
    <span class="muted" aria-live="polite"
      >${noun} ${format.integer(first)}–${format.integer(offset + returned)} of
      ${format.integer(total)}</span
    >
    <span class="buttons">
      <button
        type="button"
        part="button previous"
        ?disabled=${offset === 0}
        @click=${() => go(Math.max(0, offset - limit), 'previous')}
      >
        <span aria-hidden="true">←</span> Previous
      </button>
      <button
        type="button"
        part="button next"
        ?disabled=${!hasMore}
        @click=${() => go(offset + limit, 'next')}
      >
        Next <span aria-hidden="true">→</span>
      </button>
    </span>
  </nav>`;
};

/**
 * API rows as a table with human column names and formatted cells (figures
 * right-aligned), in a scroll container: the one part of a card that may be
 * wider than the card scrolls inside it, reachable by keyboard.
 */
export const dataTable = (
  columns: readonly string[],
  rows: readonly Cell[][],
  caption: string,
  label: string,
): TemplateResult => {
  const numeric = columns.map((_, index) => rows.some((cells) => cells[index]?.numeric));
  return html`<div class="scroll" tabindex="0" role="region" aria-label=${label}>
    <table part="table">
      <caption>${caption}</caption>
      <thead>
        <tr>
          ${columns.map(
            (column, index) =>
              html`<th scope="col" class=${numeric[index] ? 'num' : ''}>${columnName(column)}</th>`,
          )}
        </tr>
      </thead>
      <tbody>
        ${rows.map(
          (cells) =>
            html`<tr>
              ${cells.map(
                // API text is isolated: its direction controls cannot reorder the cells around it.
                (cell) => html`<td class=${cell.numeric ? 'num' : ''}><bdi>${cell.text}</bdi></td>`,
              )}
            </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
};

/**
 * The report period an AI-visibility answer used (data-api 2.5). Its fields
 * are assumed (the document names only the object): any may be missing.
 */
export interface UsedPeriod {
  requested?: string;
  used?: string;
  start?: string;
  end?: string;
  latest_check_at?: string;
}

/**
 * The period line every AI-visibility widget shows, with the fallback in
 * words (data-api 8); it says what it can when the period comes in another shape.
 */
export function periodLine(
  period: UsedPeriod,
  format: Formatters,
): TemplateResult | typeof nothing {
  const { requested, used, start, end } = period;
  const fellBack = requested !== undefined && used !== undefined && requested !== used;
  const label = used ?? requested;
  const range = start && end ? format.dateRange(start, end) : undefined;
  if (!label && !range && !period.latest_check_at) return nothing;
  return html`<p part="meta period" class="meta">
    ${label ? periodLabel(label) : 'Period'}${range ? `: ${range}` : ''}
    ${
      period.latest_check_at
        ? html`<span part="as-of">· data as of ${format.dateTime(period.latest_check_at)}</span>`
        : nothing
    }
    ${
      fellBack
        ? html`<span part="fallback"
          >(${periodLabel(requested)} was asked for, but there is not enough history yet)</span
        >`
        : nothing
    }
  </p>`;
}

/** An assumed figure the answer did not carry shows as a dash; the card's Details say what was missing. */
export const shown = <T>(value: T | undefined, show: (value: T) => unknown): unknown =>
  value === undefined ? '—' : show(value);
