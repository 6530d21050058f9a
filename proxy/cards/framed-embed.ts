/**
 * An embed opened by a page FRAME_ANCESTORS lists may spend budget: that is
 * how an embed is used (SharePoint's Embed web part, Confluence's iframe
 * macro load `/embed/…` as a cross-site frame), so on a cold cache it must
 * not get the cache-only refusal a cross-site page's request gets
 * (proxy/pipeline/page-check.ts). Only a navigation counts (Sec-Fetch-Mode
 * `navigate` into an iframe, a frame or a tab) whose Referer is a listed
 * origin: a page cannot forge its Referer, one that hides it spends
 * nothing, and a cross-site subresource (an <img>, a fetch) is refused as
 * before (docs/widgets.md, "Embeds without script").
 */
import { headersOf, type RequestHead } from '../../server/request-head.js';

const NAVIGATED_INTO = new Set(['iframe', 'frame', 'document']);
/** Fetch Metadata and Origin: what the page check reads, left out for an allowed framer. */
const PAGE_HEADERS = [
  'Sec-Fetch-Site',
  'Sec-Fetch-Mode',
  'Sec-Fetch-Dest',
  'Sec-Fetch-User',
  'Origin',
];

const originOf = (address: string | null): string | undefined => {
  if (!address || address.length > 4_096) return undefined;
  try {
    return new URL(address).origin;
  } catch {
    return undefined;
  }
};

/** Whether `request` is a listed framer's navigation to an embed. */
export function isListedFramer(request: RequestHead, frameAncestors: ReadonlySet<string>): boolean {
  if (frameAncestors.size === 0) return false;
  const headers = request.headers;
  if (headers.get('Sec-Fetch-Mode') !== 'navigate') return false;
  if (!NAVIGATED_INTO.has(headers.get('Sec-Fetch-Dest') ?? '')) return false;
  const referer = originOf(headers.get('Referer'));
  return referer !== undefined && frameAncestors.has(referer);
}

/** The request the embed's answers are read with: as a server's, for a listed framer's navigation. */
export function embedReader(
  frameAncestors: readonly string[],
): (request: RequestHead) => RequestHead {
  const listed = new Set(frameAncestors);
  return (request) => {
    if (!isListedFramer(request, listed)) return request;
    const headers = headersOf(request);
    for (const name of PAGE_HEADERS) headers.delete(name);
    return new Request(request.url, { method: request.method, headers });
  };
}
