/**
 * What the read-only handlers here (the proxy, the sandbox) read of a
 * request: its method, URL, headers and the client's disconnect. A fetch
 * `Request` is one (Workers, Bun, Deno and tests hand them that); on Node a
 * bodiless request arrives as a head read straight off the socket's request
 * (server/node-request-head.ts), because building a fetch Request costs more than a
 * proxy's whole cache hit: undici validates and copies every header and makes
 * an AbortController for each one (docs/benchmarks.md, "The proxy's cache
 * hit"). The checks are written once, against this interface, and read the
 * same from either.
 */
/** The header reads the handlers make: case-insensitive names, repeated values joined by ", " as fetch does. */
export interface RequestHeaders {
  get(name: string): string | null;
  has(name: string): boolean;
  /** Every header, in name order, as a fetch Headers list walks them. */
  forEach(visit: (value: string, name: string) => void): void;
}

export interface RequestHead {
  readonly method: string;
  /** Absolute: the listening origin and the request target's path and query. */
  readonly url: string;
  readonly headers: RequestHeaders;
  /** Aborted when the client goes away. */
  readonly signal: AbortSignal;
}

/**
 * The request with a body, when it came with one (a fetch Request); a
 * NodeRequestHead is only ever made for GET and HEAD, which carry none.
 */
export const requestWithBody = (request: RequestHead): Request | undefined =>
  request instanceof Request ? request : undefined;

/** The headers as a fetch Headers list, for a request the handler makes from this one. */
export function headersOf(request: RequestHead): Headers {
  if (request.headers instanceof Headers) return new Headers(request.headers);
  const headers = new Headers();
  request.headers.forEach((value, name) => {
    headers.append(name, value);
  });
  return headers;
}
