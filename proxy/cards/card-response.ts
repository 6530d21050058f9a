/**
 * A card's HTTP answer (docs/widgets.md, "Cards from the proxy"): its
 * content type and strict CSP per form (an embed is the only page that
 * may be framed, and only by FRAME_ANCESTORS), its validator and 304, and
 * its bytes gzipped for a browser that takes gzip (compressed.ts).
 */

import { PreparedResponse } from '../../server/prepared-body.js';
import type { RequestHead } from '../../server/request-head.js';
import { etagMatches } from '../etag.js';
import type { Answer, ProxyRequestContext } from '../pipeline/exchange.js';
import { CACHE_HEADER } from '../responses.js';
import type { CardForm } from './card-route.js';
import { ALREADY_ENCODED, acceptsGzip, gzipOnce } from './compressed.js';

/** A card made for one request: what to send and how long it stays fresh. */
export interface Made {
  status: number;
  /** Bytes when kept (a kept card is sent as it was first encoded). */
  body: string | Uint8Array<ArrayBuffer>;
  etag?: string;
  cacheControl: string;
  cacheState?: string;
}

const CONTENT_TYPES: Record<CardForm, string> = {
  fragment: 'text/html; charset=utf-8',
  embed: 'text/html; charset=utf-8',
  svg: 'image/svg+xml; charset=utf-8',
  png: 'image/png',
  stylesheet: 'text/css; charset=utf-8',
};

export interface CardResponderOptions {
  /** FRAME_ANCESTORS: the origins whose pages may frame an embed. */
  frameAncestors: readonly string[];
  /** The CORS headers for a request's Origin, as the API routes give them. */
  cors: (origin: string | null) => Record<string, string>;
  /** The address of the stylesheet an embed page links, as its page reaches it. */
  embedStylesheet: string;
}

export function cardResponder({ frameAncestors, cors, embedStylesheet }: CardResponderOptions) {
  // An embed names its stylesheet in a Link header too: the browser starts it with the
  // page's first bytes instead of after parsing the head (docs/loading.md, "Cards from the server").
  const embedPreload = `<${encodeURI(embedStylesheet)}>; rel=preload; as=style`;
  const ancestors = frameAncestors.length > 0 ? frameAncestors.join(' ') : "'none'";
  const pageCsp = `default-src 'none'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; require-trusted-types-for 'script'; frame-ancestors ${ancestors}`;

  return async function respond(
    request: RequestHead,
    form: CardForm,
    made: Made,
    context?: ProxyRequestContext,
  ): Promise<Answer> {
    const headers: Record<string, string> = {
      'Content-Type': CONTENT_TYPES[form],
      'Cache-Control': made.cacheControl,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy':
        form === 'embed'
          ? pageCsp
          : form === 'svg' || form === 'png'
            ? "default-src 'none'; frame-ancestors 'none'"
            : `default-src 'none'; style-src 'self'; frame-ancestors 'none'`,
      'Referrer-Policy': 'no-referrer',
      ...cors(request.headers.get('Origin')),
    };
    if (form !== 'embed' || frameAncestors.length === 0) headers['X-Frame-Options'] = 'DENY';
    if (form === 'embed' && made.status === 200) headers.Link = embedPreload;
    if (made.etag) headers.ETag = made.etag;
    if (made.cacheState) headers[CACHE_HEADER] = made.cacheState;
    const notModified =
      made.etag !== undefined &&
      made.status === 200 &&
      etagMatches(request.headers.get('If-None-Match'), made.etag);
    let body = made.body;
    let encoded = false;
    if (form !== 'png') {
      headers.Vary = 'Accept-Encoding';
      const gzip = acceptsGzip(request);
      // Another coding of the same card: the same validator, weak (RFC 9110 8.8.1), on its 304 too.
      if (gzip && headers.ETag) headers.ETag = `W/${headers.ETag}`;
      const zipped = !notModified && typeof body !== 'string' && gzip ? gzipOnce(body) : undefined;
      if (zipped) {
        body = await zipped;
        headers['Content-Encoding'] = 'gzip';
        encoded = true;
      }
    }
    const prepared =
      !notModified && context?.preparedBodies === true && typeof body !== 'string'
        ? body
        : undefined;
    // The host writes a prepared record as it is: without its length the body went chunked,
    // framing the client has to read on every hit (a cached API answer carries its length too).
    if (prepared) headers['Content-Length'] = String(prepared.byteLength);
    const response = notModified
      ? new Response(null, { status: 304, headers })
      : // A kept card's bytes, written by the Node host as they are (server/prepared-body.ts), as a cached API answer is.
        prepared
        ? new PreparedResponse(request.method === 'HEAD' ? null : prepared, made.status, headers)
        : new Response(request.method === 'HEAD' ? null : body, {
            ...(encoded ? ALREADY_ENCODED : {}),
            status: made.status,
            headers,
          });
    return {
      response,
      cache: (made.cacheState as Answer['cache']) ?? '-',
      path: `/${form}`,
      final: true,
    };
  };
}
