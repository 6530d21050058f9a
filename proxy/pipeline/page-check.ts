/**
 * Which pages may make the proxy spend budget: only a page on an origin in
 * ALLOWED_ORIGINS, or a caller that is no page at all (Sheets, Looker,
 * scripts send neither Origin nor Fetch Metadata). Any other request is
 * answered from the cache only. Checked when a request would go upstream,
 * not at the edge, so a cached answer stays readable to everyone it was.
 */
import type { RequestHead, RequestHeaders } from '../../server/request-head.js';
import { jsonError } from '../responses.js';

export interface SpendRefusal {
  /** For the log and X-Aivis-Stale-Reason. */
  reason: string;
  response: () => Response;
}

export type PageCheck = (request: RequestHead) => SpendRefusal | undefined;

export function pageCheck(allowedOrigins: readonly string[]): PageCheck {
  const allowed = new Set(allowedOrigins);
  return (request) => {
    const origin = request.headers.get('Origin');
    const allowedOrigin = origin !== null && allowed.has(origin);
    if (origin !== null && allowed.size > 0 && !allowedOrigin) {
      return {
        reason: 'origin not allowed',
        response: () =>
          jsonError(
            403,
            'insufficient_scope',
            "This page's origin is not in the proxy's ALLOWED_ORIGINS: it is answered from the cache only, and this answer is not cached.",
          ),
      };
    }
    if (!allowedOrigin && madeByAnotherPage(request.headers)) {
      return {
        reason: 'cross-site, same-site or no-cors',
        response: () =>
          jsonError(
            403,
            'insufficient_scope',
            'This request came from a page on another site or another host of this site, or from an image, a frame or a no-cors request, without an origin in ALLOWED_ORIGINS: it is answered from the cache only, and this answer is not cached.',
          ),
      };
    }
    return undefined;
  };
}

/**
 * Fetch Metadata (sent by every current browser): a request another site's
 * page made (an <img>, a link, a form, a frame) or one whose answer the page
 * cannot read (no-cors) is no widget of an allowed page, so it must not
 * spend the account's budget. A sibling host of the same site (`same-site`:
 * another intranet host) is another page too: it cannot read the answer of
 * a navigation or a frame either, so only an allowed Origin lets it spend
 * (docs/security.md). Servers (Sheets, Looker, scripts) send neither header;
 * a person opening the address in a tab sends `none`.
 */
function madeByAnotherPage(headers: RequestHeaders): boolean {
  const site = headers.get('Sec-Fetch-Site');
  const mode = headers.get('Sec-Fetch-Mode');
  return site === 'cross-site' || site === 'same-site' || mode === 'no-cors';
}
