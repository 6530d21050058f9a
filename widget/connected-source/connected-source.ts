/**
 * What the widgets of connected sources (search-performance, ai-traffic)
 * share, spec 2.5: `available: false` with the API's `reason` and what to
 * connect; the window line with the fetch time; a visible flag on stale
 * snapshots.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Formatters } from '../internal/format.js';

/** The products behind the sources, as the people who connect them know them. */
export const SOURCE_NAMES: Record<string, string> = {
  ga4: 'Google Analytics 4',
  google: 'Google Search Console',
  bing: 'Bing Webmaster Tools',
};

export interface SourceEnvelope {
  available?: boolean;
  reason?: string;
  period?: { used: string; start: string; end: string };
  fetched_at?: string;
  is_stale?: boolean;
}

/** The window's source data, or undefined when the body says `available: false`. */
export const isUnavailable = (body: SourceEnvelope): boolean => body.available === false;

/** The API's reason (as text) and, in words, what to connect where. */
export function renderUnavailable(body: SourceEnvelope, source: string): TemplateResult {
  const name = SOURCE_NAMES[source] ?? source;
  return html`<div part="notice unavailable" class="notice" data-code="unavailable">
    <p><strong>No ${name} data for this project.</strong> ${body.reason ?? ''}</p>
    <p>To see it here, connect ${name} to this project in the AI-visibility service.</p>
  </div>`;
}

/** The window line, with the stale flag above it when the snapshot is stale. */
export function renderWindow(
  body: SourceEnvelope,
  source: string,
  format: Formatters,
): TemplateResult {
  const fetched = body.fetched_at ? format.dateTime(body.fetched_at) : undefined;
  return html`${
    body.is_stale
      ? html`<p part="notice stale" class="notice" data-code="stale">
          <strong>Stale data:</strong> ${SOURCE_NAMES[source] ?? source} was last fetched
          ${fetched ?? 'a while ago'}; newer figures appear after its next successful collection.
        </p>`
      : nothing
  }
    ${
      body.period
        ? html`<p part="meta period" class="meta">
          Last ${body.period.used.replace('d', ' days')}: ${format.date(body.period.start)} –
          ${format.date(body.period.end)}${fetched ? ` · fetched ${fetched}` : ''}
        </p>`
        : nothing
    }`;
}
