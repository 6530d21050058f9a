/**
 * The pages a client link shows (docs/agencies.md#what-the-client-sees):
 * the view with the agency's name, logo and colour, a "data as of" line and
 * the expiry date; or a plain page saying why there is nothing to see.
 * Server-made HTML: no script, nothing fetched from another server (the
 * logo is a data: URL), every text escaped.
 */

import { escapeHtml } from '../../shared/escape-html.js';
import type { LinkFields } from './signed-link.js';

export interface AgencyLook {
  name: string;
  /** A data: URL (AGENCY_LOGO), or undefined. */
  logo?: string;
  color: string;
}

/**
 * Script off, nothing from elsewhere, not framed, no referrer: the page's own
 * inline style, its data: logo and stylesheets of this proxy only.
 */
export const CLIENT_PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'private, no-store',
  'Content-Security-Policy':
    "default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex, nofollow, noarchive',
  'X-Content-Type-Options': 'nosniff',
} as const;

const dateOf = (ms: number) =>
  new Date(ms).toLocaleString('en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  });

function shell(look: AgencyLook, title: string, head: string, body: string): string {
  const logo = look.logo
    ? `<img class="logo" src="${escapeHtml(look.logo)}" alt="" width="40" height="40">`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow, noarchive">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>
:root { --agency: ${look.color}; color-scheme: light; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1b1f24; background: #f6f7f9; }
.agency { display: flex; align-items: center; gap: 12px; padding: 14px 24px; background: var(--agency); color: #fff; }
.agency .name { font-size: 18px; font-weight: 600; }
.logo { border-radius: 6px; background: #fff; object-fit: contain; }
main { max-width: 1100px; margin: 0 auto; padding: 24px; }
.facts { color: #4a5360; font-size: 13px; margin: 0 0 16px; }
.ended { max-width: 560px; margin: 15vh auto; padding: 24px; background: #fff; border-radius: 8px; }
</style>
${head}
</head>
<body>
<header class="agency">${logo}<span class="name">${escapeHtml(look.name)}</span></header>
${body}
</body>
</html>
`;
}

/** The view of a link, `view` being server-rendered HTML (a fragment, trusted: ours). */
export function clientPage(
  look: AgencyLook,
  link: LinkFields,
  view: { title: string; head?: string; html: string },
  dataAsOf: number,
): string {
  const facts = `<p class="facts">Data as of ${escapeHtml(dateOf(dataAsOf))} UTC · This link works until ${escapeHtml(dateOf(link.expires * 1000))} UTC</p>`;
  return shell(look, view.title, view.head ?? '', `<main>${facts}${view.html}</main>`);
}

export type EndedReason = 'not_found' | 'expired' | 'revoked' | 'limited' | 'unavailable';

const ENDED: Record<EndedReason, { status: number; title: string; text: string }> = {
  not_found: {
    status: 404,
    title: 'Link not found',
    text: 'This address is not a report link. Check that it was copied whole, or ask whoever sent it for a new one.',
  },
  expired: {
    status: 410,
    title: 'This link has expired',
    text: 'The report behind this link is no longer shared. Ask whoever sent it for a new link.',
  },
  revoked: {
    status: 410,
    title: 'This link was withdrawn',
    text: 'Whoever shared this report has ended the link. Ask them for a new one.',
  },
  limited: {
    status: 429,
    title: 'Too many views just now',
    text: 'This link was opened very often in the last minute. Try again in a minute.',
  },
  unavailable: {
    status: 503,
    title: 'The report cannot be shown right now',
    text: 'The report could not be read just now. Try again in a few minutes.',
  },
};

/** A plain page saying why there is nothing to see: never data. */
export function endedPage(
  look: AgencyLook,
  reason: EndedReason,
  headers: Record<string, string> = {},
): Response {
  const { status, title, text } = ENDED[reason];
  const body = `<main class="ended"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></main>`;
  return new Response(shell(look, title, '', body), {
    status,
    headers: { ...CLIENT_PAGE_HEADERS, ...headers },
  });
}
