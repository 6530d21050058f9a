/**
 * Template pieces more than one widget renders, written once: a labelled
 * bar, a link that opens outside the page, a stale-source notice.
 */
import { html, type TemplateResult } from 'lit';
import { type Formatters, sourceName } from './format.js';

/**
 * A row of a bar chart: the label and its figures as text, then the bar,
 * hidden from assistive technology (the figures already say it), as wide as
 * `percent` (0–100). The width is set through the CSSOM (a property binding
 * to `style`, which assigns cssText), not a `style` attribute: a strict
 * Content-Security-Policy (`style-src 'self'`) blocks style attributes but
 * not the CSSOM.
 */
export const barRow = (label: unknown, figures: unknown, percent: number): TemplateResult =>
  html`<span class="label">${label}<span class="numbers">${figures}</span></span
    ><span class="track" aria-hidden="true"
      ><span class="bar" part="bar" .style=${`width:${Math.min(100, Math.max(0, percent))}%`}></span
    ></span>`;

/** A link to an http(s) address the caller has checked with safeHttpUrl, in a new tab. */
export const externalLink = (href: string, content: unknown): TemplateResult =>
  html`<a part="link" href=${href} target="_blank" rel="noopener noreferrer">${content}</a>`;

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
