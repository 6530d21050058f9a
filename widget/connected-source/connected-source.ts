/**
 * What the widgets of connected sources (search-performance, ai-traffic)
 * share, data-api 2.5: `available: false` with the API's `reason` and what to
 * connect; the window line with the fetch time; the stale flag.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { type Formatters, periodLabel, readableText, sourceName } from '../internal/format.js';
import { staleNotice } from '../internal/templates.js';

/** The connection behind a search source, as the project's connections name it. */
export const SEARCH_CONNECTION: Record<string, string> = {
  google: 'google_search_console',
  bing: 'bing_webmaster_tools',
};

export interface SourceEnvelope {
  available?: boolean;
  reason?: string;
  /** Its fields are assumed (docs/service-drift.md): any may be missing. */
  period?: { used?: string; start?: string; end?: string };
  fetched_at?: string;
  is_stale?: boolean;
}

/** Whether the body says the source or window has no stored data (data-api 2.5). */
export const isUnavailable = (body: SourceEnvelope): boolean => body.available === false;

/** The API's reason (as text) and, in words, what to connect where. */
export function renderUnavailable(
  body: SourceEnvelope,
  connection: string,
  format: Formatters,
): TemplateResult {
  const name = sourceName(connection);
  return html`<div part="notice unavailable" class="notice" data-code="unavailable">
    <p><strong>No ${name} data for this project.</strong> ${readableText(body.reason ?? '', format)}</p>
    <p>To see it here, connect ${name} to this project in the AI-visibility service.</p>
  </div>`;
}

/**
 * The stale flag (only for this widget's own source) and the window line, in
 * the same words and date format as the AI-visibility cards' period line
 * (periodLine in internal/templates.ts).
 */
export function renderWindow(
  body: SourceEnvelope,
  connection: string,
  format: Formatters,
): TemplateResult {
  return html`${body.is_stale ? staleNotice(connection, body.fetched_at, format) : nothing}
    ${
      body.period?.used && body.period.start && body.period.end
        ? html`<p part="meta period" class="meta">
          ${periodLabel(body.period.used)}: ${format.dateRange(body.period.start, body.period.end)}${
            body.fetched_at ? ` · data as of ${format.dateTime(body.fetched_at)}` : ''
          }
        </p>`
        : nothing
    }`;
}
