/**
 * Hosts a standard fetch handler `(Request) => Promise<Response>` on node:http,
 * so the sandbox, the proxy and the start page are written as plain fetch
 * handlers and only this file knows about Node's server objects.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { methodNotAllowed as refusalOf } from '../shared/http/edge.js';
import { errorEnvelope } from '../shared/http/errors.js';
import { NodeRequestHead } from './node-request-head.js';
import { preparedBody, preparedHeaders } from './prepared-body.js';
import type { RequestHead } from './request-head.js';

/**
 * What the host knows about a request beyond the Request itself. Deno passes
 * `info.remoteAddr`, Bun a server with requestIP(); this is Node's form.
 */
export interface HostContext {
  /** The peer's IP address as the socket sees it (no header is believed). */
  clientAddress?: string;
  /**
   * This host writes a BytesResponse's bytes and a PreparedResponse's headers
   * itself (server/prepared-body.ts), so a handler may answer with one; a
   * runtime that reads only a Response's own body (Workers, Bun) never says so.
   */
  preparedBodies?: true;
}

export type FetchHandler = (request: Request, context?: HostContext) => Promise<Response>;

/**
 * A handler that reads of a GET or HEAD request only its head (method, URL,
 * headers, signal: server/request-head.ts): this host hands it those without
 * building a fetch Request. Any other request still arrives as a Request.
 */
export type RequestHeadHandler = ((
  request: RequestHead,
  context?: HostContext,
) => Promise<Response>) & {
  readonly readsRequestHeads: true;
};

/** Methods a fetch Request cannot carry (Fetch standard "forbidden methods"). */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);
/** Every handler served here is read-only. */

export interface ServeOptions {
  /** 0 picks a free ephemeral port. */
  port?: number;
  /** Loopback by default: nothing here is meant to face a network. */
  host?: string;
  /** Called with handler failures; it never receives request headers, so never a token. */
  onError?: (error: unknown) => void;
}

export interface ServedHandler {
  /** e.g. http://127.0.0.1:8787 (no trailing slash). */
  url: string;
  port: number;
  /** Stops at once: connections still open are cut after a moment (tests, the demo). */
  close(): Promise<void>;
  /**
   * Stops gracefully (SIGTERM): no new connections, idle keep-alive connections
   * close now, requests in flight are answered and their connections then close;
   * whatever still runs after `graceMs` is cut. Resolves once the server is closed.
   */
  drain(graceMs: number): Promise<DrainResult>;
}

export interface DrainResult {
  /** Requests in flight when the drain began. */
  inFlight: number;
  /** Requests still unanswered at the deadline, whose connections were cut. */
  cut: number;
}

export function serveFetchHandler(
  handler: RequestHeadHandler,
  options?: ServeOptions,
): Promise<ServedHandler>;
export function serveFetchHandler(
  handler: FetchHandler,
  options?: ServeOptions,
): Promise<ServedHandler>;
export async function serveFetchHandler(
  handler: FetchHandler | RequestHeadHandler,
  options: ServeOptions = {},
): Promise<ServedHandler> {
  const host = options.host ?? '127.0.0.1';
  let origin = '';
  const server = createServer((incoming, outgoing) => {
    responses.opened(outgoing);
    void respond(handler, incoming, outgoing, origin, options.onError);
  });
  server.keepAliveTimeout = 5_000;
  const responses = trackResponses(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  origin = `http://${urlHost}:${port}`;
  return {
    url: origin,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Idle keep-alive sockets would otherwise hold close() open for seconds.
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 100).unref();
      }),
    drain: (graceMs) => responses.drain(graceMs),
  };
}

/** Counts the responses being written, so a drain knows what it waits for. */
function trackResponses(server: Server) {
  const open = new Set<ServerResponse>();
  let draining = false;
  const closeAfterAnswer = (outgoing: ServerResponse) => {
    // Node closes the connection after a response that says so, instead of keeping it alive.
    if (!outgoing.headersSent) outgoing.setHeader('connection', 'close');
  };
  // One listener shared by every response (no closure per request: a cache hit's budget is tens of µs).
  function closed(this: ServerResponse) {
    open.delete(this);
    // A streamed answer whose headers left before the drain leaves its connection idle.
    if (draining) server.closeIdleConnections();
  }
  return {
    /** Called before anything is written for a response. */
    opened(outgoing: ServerResponse): void {
      open.add(outgoing);
      if (draining) closeAfterAnswer(outgoing);
      outgoing.on('close', closed);
    },
    drain(graceMs: number): Promise<DrainResult> {
      draining = true;
      const inFlight = open.size;
      for (const outgoing of open) closeAfterAnswer(outgoing);
      return new Promise<DrainResult>((resolve) => {
        let cut = 0;
        const deadline = setTimeout(() => {
          cut = open.size;
          server.closeAllConnections();
        }, graceMs);
        // close() stops accepting at once and calls back when the last connection has ended.
        server.close(() => {
          clearTimeout(deadline);
          resolve({ inFlight, cut });
        });
        server.closeIdleConnections();
      });
    },
  };
}

/**
 * The path and query of a request target. RFC 9112 3.2.2: servers accept the
 * absolute form (`GET http://host/path`); only its path and query are used, so
 * the host it names never decides where anything goes.
 */
export function originForm(target: string | undefined): string {
  if (!target || target.startsWith('/')) return target || '/';
  try {
    const url = new URL(target);
    return `${url.pathname}${url.search}`;
  } catch {
    return '/';
  }
}

/**
 * The request as a fetch Request. Its URL is the listening origin plus the
 * target's path and query: the Host header stays a header (a handler may check
 * it) and can never change the path, as `Host: x/api/v1/projects/1003#` would
 * if it were spliced into the URL.
 */
function toRequest(incoming: IncomingMessage, origin: string, disconnect: Disconnect): Request {
  // Name-value pairs, appended in order by the Request itself (one Headers built, not two).
  const headers: Array<[string, string]> = [];
  const raw = incoming.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    // HTTP/2 pseudo headers and the like are not valid fetch header names.
    if (name.startsWith(':')) continue;
    headers.push([name, raw[i + 1] ?? '']);
  }
  const method = incoming.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const url = `${origin}${originForm(incoming.url)}`;
  if (!hasBody) return new HostRequest(url, { method, headers }, disconnect);
  const init: RequestInit & { duplex?: 'half' } = { method, headers, signal: disconnect.signal };
  init.body = Readable.toWeb(incoming) as unknown as ReadableStream<Uint8Array>;
  init.duplex = 'half';
  return new Request(url, init);
}

/**
 * A bodiless request whose `signal` is the host's disconnect signal. Handing
 * undici a signal to follow costs more per request than the sandbox's whole
 * answer (it registers listeners and a finalizer for every request); reading
 * `request.signal` gives the same abort either way. Only a handler that passed
 * this very Request on to fetch() would not see the abort there: none does
 * (the proxy builds its own upstream request).
 */
class HostRequest extends Request {
  readonly #disconnect: Disconnect;

  constructor(url: string, init: RequestInit, disconnect: Disconnect) {
    super(url, init);
    this.#disconnect = disconnect;
  }

  override get signal(): AbortSignal {
    return this.#disconnect.signal;
  }
}

/**
 * A client's disconnect, as an AbortSignal made only when someone asks for
 * it: most handlers never read `request.signal`, and an AbortController per
 * request was a tenth of the host's own time per request in a profile of the
 * sandbox under load, a listener per request a tenth of a proxy cache hit's
 * (docs/benchmarks.md). Asked after the client left, the signal comes
 * already aborted.
 */
class Disconnect {
  readonly #outgoing: ServerResponse;
  #controller: AbortController | undefined;

  constructor(outgoing: ServerResponse) {
    this.#outgoing = outgoing;
  }

  get signal(): AbortSignal {
    if (this.#controller) return this.#controller.signal;
    const controller = new AbortController();
    this.#controller = controller;
    const outgoing = this.#outgoing;
    const abort = () => controller.abort(new Error('client disconnected'));
    if (clientLeft(outgoing)) abort();
    else
      outgoing.once('close', () => {
        // 'close' also comes after a normal finish; only an unfinished response means the client left.
        if (!outgoing.writableFinished) abort();
      });
    return controller.signal;
  }
}

/**
 * Whether the client has gone before its answer was written. The socket is
 * marked destroyed at once; the response learns it a turn later.
 */
const clientLeft = (outgoing: ServerResponse): boolean =>
  !outgoing.writableFinished && (outgoing.destroyed || outgoing.socket?.destroyed === true);

async function respond(
  handler: FetchHandler | RequestHeadHandler,
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  origin: string,
  onError: ((error: unknown) => void) | undefined,
): Promise<void> {
  const disconnected = new Disconnect(outgoing);
  let response: Response;
  try {
    const method = (incoming.method ?? 'GET').toUpperCase();
    const context: HostContext = incoming.socket.remoteAddress
      ? { preparedBodies: true, clientAddress: incoming.socket.remoteAddress }
      : { preparedBodies: true };
    if (FORBIDDEN_METHODS.has(method)) response = methodNotAllowed(method);
    else if ('readsRequestHeads' in handler && (method === 'GET' || method === 'HEAD'))
      response = await handler(
        new NodeRequestHead(incoming, method, `${origin}${originForm(incoming.url)}`, disconnected),
        context,
      );
    else response = await handler(toRequest(incoming, origin, disconnected), context);
  } catch (error) {
    onError?.(error);
    response = Response.json(
      errorEnvelope(
        'server_error',
        'The server failed to answer this request. Try again; if it keeps failing, report it.',
      ),
      { status: 500 },
    );
  }
  if (clientLeft(outgoing)) return;
  try {
    const prepared = preparedHeaders(response);
    if (prepared) {
      // Made once and shared (a proxy hit): written as they are, no Headers list read back.
      outgoing.writeHead(response.status, prepared);
    } else {
      outgoing.statusCode = response.status;
      const setCookies = response.headers.getSetCookie();
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') outgoing.setHeader(name, value);
      });
      if (setCookies.length > 0) outgoing.setHeader('set-cookie', setCookies);
    }
    // Bytes known up front leave in one write, without a round trip through a body stream.
    const bytes = preparedBody(response);
    if (bytes) {
      outgoing.end(incoming.method === 'HEAD' ? undefined : bytes);
      return;
    }
    if (incoming.method === 'HEAD' || response.body === null) {
      await response.body?.cancel();
      outgoing.end();
      return;
    }
    const reader = response.body.getReader();
    // Most bodies are one chunk: send it with end() so headers and body leave together.
    let pending = await reader.read();
    for (;;) {
      if (pending.done) break;
      const value = pending.value;
      const next = await reader.read();
      if (next.done) {
        outgoing.end(value);
        return;
      }
      pending = next;
      if (outgoing.destroyed) {
        await reader.cancel();
        return;
      }
      if (!outgoing.write(value)) {
        await new Promise<void>((resolve) => {
          outgoing.once('drain', resolve);
          outgoing.once('close', resolve);
        });
      }
    }
    outgoing.end();
  } catch (error) {
    onError?.(error);
    if (!outgoing.headersSent) {
      outgoing.statusCode = 500;
      outgoing.setHeader('content-type', 'application/json; charset=utf-8');
      outgoing.end(
        JSON.stringify(errorEnvelope('server_error', 'The response could not be sent.')),
      );
    } else outgoing.destroy();
  }
}

/** TRACE and its kin cannot become a Request; they are refused like any other write. */
function methodNotAllowed(method: string): Response {
  const refusal = refusalOf(method);
  return Response.json(errorEnvelope(refusal.code, refusal.message), {
    status: refusal.status,
    headers: { ...refusal.headers, 'Cache-Control': 'no-store' },
  });
}
