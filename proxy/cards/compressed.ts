/**
 * The cards' bytes gzipped for a browser that takes gzip: a card's HTML and
 * its stylesheets are text that shrinks about fourfold (the eight cards'
 * stylesheets: 73 KB, 4.6 KB gzipped), and on an intranet's 20 Mbit/s the
 * bytes are most of a first visit's wait (docs/loading.md, "Cards from the
 * server"). Each kept body is compressed once (CompressionStream, on Node,
 * Bun and workerd alike) and the gzip kept beside it for as long as the
 * body itself is kept.
 */
import type { RequestHead } from '../../server/request-head.js';

/** Smaller bodies are sent as they are: gzip's own header would be most of them. */
const MIN_GZIP_BYTES = 1_024;

const gzipped = new WeakMap<Uint8Array, Promise<Uint8Array<ArrayBuffer>>>();

/** Whether the request's Accept-Encoding takes gzip (a `gzip;q=0` refuses it). */
export function acceptsGzip(request: RequestHead): boolean {
  const accepted = request.headers.get('Accept-Encoding');
  if (!accepted) return false;
  // A header has a few codings: the first 16 are read.
  return accepted.split(',', 16).some((part) => {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (name !== 'gzip') return false;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** `body` gzipped (made once per body), or undefined when it is too small to gain. */
export function gzipOnce(
  body: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array<ArrayBuffer>> | undefined {
  if (body.byteLength < MIN_GZIP_BYTES) return undefined;
  let zipped = gzipped.get(body);
  if (!zipped) {
    zipped = new Response(new Blob([body]).stream().pipeThrough(new CompressionStream('gzip')))
      .arrayBuffer()
      .then((buffer) => new Uint8Array(buffer));
    gzipped.set(body, zipped);
  }
  return zipped;
}

/**
 * What a Response with an already compressed body needs on workerd, whose
 * runtime would otherwise compress it again (`encodeBody: "manual"`); Node
 * and Bun ignore the field.
 */
export const ALREADY_ENCODED = { encodeBody: 'manual' } as ResponseInit;
