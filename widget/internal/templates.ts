/**
 * Template pieces more than one widget renders, written once: a labelled
 * bar and a link that opens outside the page.
 */
import { html, type TemplateResult } from 'lit';

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
