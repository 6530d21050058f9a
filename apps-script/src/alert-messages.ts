/**
 * Alerts and digests as messages: an email (HTML and plain text) and the
 * JSON of Google Chat, Slack and Microsoft Teams incoming webhooks. Every
 * piece of text from the API (brand names, quotes, action titles) is plain
 * text here and made inert for each format on the way out: HTML-escaped in
 * email; in chat payloads it cannot form a link, a mention or markup
 * (docs/alerts.md, "Safety").
 */

import { formatters } from '../../shared/display-format.js';
import { escapeHtml } from '../../shared/escape-html.js';
import type { WebhookKind } from './alert-webhooks.js';

/**
 * A rule's alert kind (`kinds` in apps-script/src/alert-rules.ts, which
 * imports this file) or `queue_trimmed`, the note that older alerts left a
 * full queue.
 */
export type AlertKind = string;

export interface Quote {
  platform: string;
  text: string;
  why: string;
}

/** One alert, all plain text. */
export interface Alert {
  kind: AlertKind;
  project: number;
  brand: string;
  /** One line: what changed. */
  headline: string;
  details: string[];
  quotes: Quote[];
}

/** A digest of one project, all plain text. */
export interface DigestContent {
  project: number;
  brand: string;
  rhythm: string;
  period: string;
  figures: string[];
  ranking: string[];
  flagged: string;
  quotes: Quote[];
  actions: string[];
  sources: string[];
}

export interface Message {
  subject: string;
  html: string;
  text: string;
}

/**
 * Figures, dates and platform names in alerts and digests read as the cards
 * show them (shared/display-format.ts): "Google AI Overviews", "Nov 15, 2026",
 * "60.0%". English, like the messages' words. Made on first use, not when
 * the script loads: Apps Script runs the global scope on every call.
 */
export const messageFormat = () => formatters('en');

const QUOTE_CHARS = 280;

export function clip(text: string, max = QUOTE_CHARS): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
}

const WORD_JOINER = '\u2060';

/**
 * Text a chat client could turn into a link: Slack, Google Chat and Teams
 * all link a bare `host.tld` (with or without `www.` and a path), not only
 * `scheme://` addresses (docs/alerts.md, "Safety"). A dot between two labels
 * that end in a top-level-domain-like word of letters is the common part.
 */
const DOMAIN_LIKE =
  /[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?(?:\.[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?)*\.\p{L}{2,}(?![\p{L}\p{N}])/gu;

/**
 * Breaks every link a chat client could form, visibly, the way security
 * reports "defang" addresses: `evil[.]example/login`, `https[:]//`. A word
 * joiner alone does not do it: it is invisible, survives a copy, and some
 * clients skip it when they look for addresses.
 */
export function defangLinks(text: string): string {
  return text
    .replace(/:\/\//g, '[:]//')
    .replace(DOMAIN_LIKE, (host) => host.replaceAll('.', '[.]'));
}

/**
 * API text for a chat message: no mention (`@channel`, `<!here>`,
 * `<users/all>`), no link (`<url|text>`, `https://`, `www.host`, a bare
 * `host.tld/path`), no markup (`*bold*`, `_italic_`, `~strike~`,
 * `` `code` ``). The characters stay readable: angle brackets become
 * look-alikes where the service has no escape, a word joiner breaks `@` and
 * the markup pairs, and addresses are defanged (defangLinks).
 */
export function inertChatText(text: string, kind: WebhookKind): string {
  let out = defangLinks(text)
    .replaceAll('@', `@${WORD_JOINER}`)
    .replace(/[*_~`]/g, (mark) => `${WORD_JOINER}${mark}${WORD_JOINER}`);
  if (kind === 'slack') {
    // Slack's own escapes: the only three characters its parser treats as control.
    out = out.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  } else {
    out = out.replaceAll('<', '\u2039').replaceAll('>', '\u203a').replaceAll('|', '\u2223');
  }
  return out;
}

/** Brand and project of an alert; the queue's own note has no project. */
const origin = (alert: Alert) =>
  alert.project ? `${alert.brand} (project ${alert.project})` : alert.brand;

const alertLines = (alert: Alert) => [
  alert.headline,
  ...alert.details,
  ...alert.quotes.map((quote) => `“${clip(quote.text)}” (${quote.platform}; ${quote.why})`),
];

/** The email of one run's alerts (all projects of the run in one message). */
export function alertEmail(alerts: readonly Alert[], spreadsheetUrl: string): Message {
  const subject =
    alerts.length === 1
      ? `AI Visibility alert: ${clip(alerts[0]!.brand, 60)}: ${clip(alerts[0]!.headline, 100)}`
      : `AI Visibility: ${alerts.length} alerts`;
  const blocks = alerts.map(
    (
      alert,
    ) => `<div style="border-left:4px solid ${alert.kind === 'run_failed' ? '#d93025' : '#1a73e8'};padding:4px 12px;margin:12px 0">
<p style="margin:0;color:#5f6368;font-size:12px">${escapeHtml(alert.brand)}${alert.project ? ` · project ${alert.project}` : ''}</p>
<p style="margin:4px 0;font-size:15px;font-weight:bold">${escapeHtml(alert.headline)}</p>
${alert.details.map((line) => `<p style="margin:2px 0">${escapeHtml(line)}</p>`).join('\n')}
${alert.quotes
  .map(
    (quote) =>
      `<blockquote style="margin:6px 0;padding:4px 8px;background:#f1f3f4">${escapeHtml(clip(quote.text))}<br><span style="color:#5f6368;font-size:12px">${escapeHtml(quote.platform)} · ${escapeHtml(quote.why)}</span></blockquote>`,
  )
  .join('\n')}
</div>`,
  );
  const link = spreadsheetUrl
    ? `<p><a href="${escapeHtml(spreadsheetUrl)}">Open the spreadsheet</a></p>`
    : '';
  const html = `<div style="font-family:Arial,sans-serif;font-size:14px;color:#202124;max-width:600px">
<h1 style="font-size:18px">AI Visibility alerts</h1>
${blocks.join('\n')}
${link}
<p style="color:#5f6368;font-size:12px">A change alerts only when it is at least your threshold and beyond sampling noise (two standard errors). Change the alerts in Extensions &gt; AI Visibility &gt; Alerts.</p>
</div>`;
  const text = [
    'AI Visibility alerts',
    '',
    ...alerts.flatMap((alert) => [origin(alert), ...alertLines(alert), '']),
    spreadsheetUrl ? `Open the spreadsheet: ${spreadsheetUrl}` : '',
    'Change the alerts in Extensions > AI Visibility > Alerts.',
  ].join('\n');
  return { subject, html, text };
}

/** The chat text of one run's alerts: a title line per alert and its details. */
function chatLines(alerts: readonly Alert[], kind: WebhookKind): string[] {
  return alerts.flatMap((alert) => [
    inertChatText(`${origin(alert)}: ${alert.headline}`, kind),
    ...alertLines(alert)
      .slice(1)
      .map((line) => inertChatText(`  ${line}`, kind)),
  ]);
}

/** The JSON body each service's incoming webhook takes. */
export function webhookPayload(alerts: readonly Alert[], kind: WebhookKind): unknown {
  const title = 'AI Visibility alerts';
  const lines = chatLines(alerts, kind);
  if (kind === 'slack') {
    // mrkdwn off and no unfurling: the text is shown as sent.
    return {
      text: [title, ...lines].join('\n'),
      mrkdwn: false,
      unfurl_links: false,
      unfurl_media: false,
    };
  }
  if (kind === 'google_chat') return { text: [title, ...lines].join('\n') };
  // Teams (Workflows and connectors): an Adaptive Card. TextRun inlines are
  // plain text (no markdown), unlike TextBlock.
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        content: {
          type: 'AdaptiveCard',
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          version: '1.4',
          body: [
            {
              type: 'RichTextBlock',
              inlines: [{ type: 'TextRun', text: title, weight: 'Bolder' }],
            },
            ...lines.map((line) => ({
              type: 'RichTextBlock',
              inlines: [{ type: 'TextRun', text: line }],
            })),
          ],
        },
      },
    ],
  };
}

/** The digest email of one project. */
export function digestEmail(content: DigestContent, spreadsheetUrl: string): Message {
  const section = (title: string, lines: string[]) =>
    lines.length
      ? `<h2 style="font-size:15px;margin:16px 0 4px">${escapeHtml(title)}</h2>\n<ul style="margin:0;padding-left:20px">${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`
      : '';
  const quotes = content.quotes
    .map(
      (quote) =>
        `<blockquote style="margin:6px 0;padding:4px 8px;background:#f1f3f4">${escapeHtml(clip(quote.text))}<br><span style="color:#5f6368;font-size:12px">${escapeHtml(quote.platform)} · ${escapeHtml(quote.why)}</span></blockquote>`,
    )
    .join('\n');
  const link = spreadsheetUrl
    ? `<p><a href="${escapeHtml(spreadsheetUrl)}">Open the spreadsheet</a></p>`
    : '';
  const html = `<div style="font-family:Arial,sans-serif;font-size:14px;color:#202124;max-width:600px">
<h1 style="font-size:18px">${escapeHtml(content.brand)}: ${escapeHtml(content.rhythm)} AI Visibility digest</h1>
<p style="color:#5f6368;font-size:12px">Project ${content.project} · ${escapeHtml(content.period)}</p>
${section('Key figures', content.figures)}
${section('Ranking (top five)', content.ranking)}
<h2 style="font-size:15px;margin:16px 0 4px">Flagged answers</h2>
<p style="margin:2px 0">${escapeHtml(content.flagged)}</p>
${quotes}
${section('Top actions', content.actions)}
${section('Connected sources', content.sources)}
${link}
<p style="color:#5f6368;font-size:12px">Changes are against the previous digest; "within noise" means smaller than two standard errors of the difference. Change the digest in Extensions &gt; AI Visibility &gt; Alerts.</p>
</div>`;
  const list = (title: string, lines: string[]) =>
    lines.length ? [title, ...lines.map((line) => `- ${line}`), ''] : [];
  const text = [
    `${content.brand}: ${content.rhythm} AI Visibility digest`,
    `Project ${content.project} · ${content.period}`,
    '',
    ...list('Key figures', content.figures),
    ...list('Ranking (top five)', content.ranking),
    'Flagged answers',
    content.flagged,
    ...content.quotes.map((quote) => `“${clip(quote.text)}” (${quote.platform}; ${quote.why})`),
    '',
    ...list('Top actions', content.actions),
    ...list('Connected sources', content.sources),
    spreadsheetUrl ? `Open the spreadsheet: ${spreadsheetUrl}` : '',
  ].join('\n');
  return {
    subject: `AI Visibility ${content.rhythm} digest: ${clip(content.brand, 60)}`,
    html,
    text,
  };
}
