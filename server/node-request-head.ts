/**
 * A GET or HEAD request on Node as a RequestHead (server/request-head.ts):
 * read off Node's own request object, with no fetch Request built.
 */
import type { IncomingMessage } from 'node:http';
import type { RequestHead, RequestHeaders } from './request-head.js';

/**
 * A Node request's headers read as fetch reads them. `headersDistinct`
 * keeps every value of a repeated header (Node's own `headers` keeps only the
 * first Host, Authorization, Referer…), so a doubled Host is refused here
 * exactly as it is from a fetch Request, whose Headers join repeats.
 */
class NodeRequestHeaders implements RequestHeaders {
  readonly #incoming: IncomingMessage;

  constructor(incoming: IncomingMessage) {
    this.#incoming = incoming;
  }

  get(name: string): string | null {
    const values = this.#incoming.headersDistinct[name.toLowerCase()];
    if (values === undefined) return null;
    if (values.length === 1) return values[0]!;
    return values.join(joinerOf(name));
  }

  has(name: string): boolean {
    return this.#incoming.headersDistinct[name.toLowerCase()] !== undefined;
  }

  forEach(visit: (value: string, name: string) => void): void {
    // Sorted by name as a fetch Headers walks them, so a copy reads the same from either.
    const distinct = this.#incoming.headersDistinct;
    for (const name of Object.keys(distinct).sort()) {
      // HTTP/2 pseudo headers are not fetch header names.
      if (!name.startsWith(':')) visit(distinct[name]!.join(joinerOf(name)), name);
    }
  }
}

/** Fetch joins repeated Cookie headers as one cookie list, every other header as a list (undici does both). */
const joinerOf = (name: string) => (name.toLowerCase() === 'cookie' ? '; ' : ', ');

/** A GET or HEAD request as the Node host hands it to a handler that reads only its head. */
export class NodeRequestHead implements RequestHead {
  readonly method: string;
  readonly url: string;
  readonly headers: RequestHeaders;
  readonly #disconnect: { readonly signal: AbortSignal };

  /** `disconnect.signal` is read only when a handler asks for it (it costs a listener). */
  constructor(
    incoming: IncomingMessage,
    method: string,
    url: string,
    disconnect: { readonly signal: AbortSignal },
  ) {
    this.method = method;
    this.url = url;
    this.headers = new NodeRequestHeaders(incoming);
    this.#disconnect = disconnect;
  }

  get signal(): AbortSignal {
    return this.#disconnect.signal;
  }
}
