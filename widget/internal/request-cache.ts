/**
 * One page, one network request per distinct API URL: a fetch wrapper that
 * shares in-flight requests and keeps successful answers for a short time.
 *
 * It sits under the core client (as its `fetch`), so the key is exactly the
 * URL that `buildRequest(...)` produced, plus an opaque number standing for
 * the token (the Authorization header). The token itself is never part of a
 * key that could be logged, and nothing here logs.
 */
import { readAnswerBounded } from '../../shared/client/bounded-exchange.js';
import type { AbortSignalLike, FetchLike } from '../../shared/client/types.js';

/**
 * A request of the page's cache that says how much of its answer to hold
 * (the trend's ledger series, docs/widgets.md): read up to the cap and no
 * further, for every caller that shares it.
 */
export type BoundedInit = Parameters<FetchLike>[1] & { maxBodyBytes?: number };

export const DEFAULT_CACHE_TTL_MS = 30_000;

/** What a failure says when the other origin answers, only not to this page. */
export const CORS_HINT = 'may be missing from ALLOWED_ORIGINS of the proxy';

/**
 * A failed fetch to another origin looks the same whether the server is down
 * or its CORS headers leave this page out. A no-cors request to the origin's
 * root tells them apart without reading anything (no token, no cookies to
 * another origin, an opaque answer): if it arrives, the server is up and its
 * CORS headers refused this page.
 */
async function explainFailure(transport: FetchLike, url: string, failure: unknown): Promise<never> {
  const here = globalThis.location?.href;
  const origin = here ? new URL(url, here).origin : undefined;
  if (origin && origin !== new URL(here!).origin) {
    let reachable = false;
    try {
      await transport(`${origin}/`, {
        method: 'GET',
        headers: {},
        mode: 'no-cors',
      } as Parameters<FetchLike>[1]);
      reachable = true;
    } catch {}
    if (reachable) {
      // Each address beside its name: the page's own origin is not the proxy's.
      throw new TypeError(
        `CORS: the page's origin ${globalThis.location.origin} ${CORS_HINT} at ${origin}`,
      );
    }
  }
  throw failure;
}

export interface RequestCacheOptions {
  /** The real transport; defaults to globalThis.fetch, looked up at call time. */
  fetch?: FetchLike;
  /** How long a successful answer is reused, in milliseconds. 0 turns caching off (in-flight sharing stays). */
  ttlMs?: number;
  /** Milliseconds since the epoch; injectable so tests control time. */
  now?: () => number;
}

interface Snapshot {
  status: number;
  headers: Array<[string, string]>;
  body: string;
}

interface Entry {
  promise: Promise<Snapshot>;
  controller: AbortController;
  /** Callers still waiting on the in-flight request. */
  waiters: number;
  /** Set once a 2xx answer arrived: the time it arrived. */
  storedAt?: number;
  snapshot?: Snapshot;
}

export interface RequestCache {
  /** A FetchLike for the core client. */
  readonly fetch: FetchLike;
  /** Requests that actually went to the transport since creation. */
  readonly networkRequests: number;
  /** Forgets every stored answer (in-flight requests keep running for their callers). */
  clear(): void;
}

type ResponseLike = Awaited<ReturnType<FetchLike>>;

function toResponse(snapshot: Snapshot): ResponseLike {
  return {
    status: snapshot.status,
    headers: {
      forEach(callback) {
        for (const [key, value] of snapshot.headers) callback(value, key);
      },
    },
    text: async () => snapshot.body,
  };
}

function abortReason(signal: AbortSignalLike): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

export function createRequestCache(options: RequestCacheOptions = {}): RequestCache {
  const ttlMs = options.ttlMs ?? DEFAULT_CACHE_TTL_MS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  // Token identity: each distinct Authorization value gets a small number.
  const identities = new Map<string, number>();
  let networkRequests = 0;

  const identityOf = (headers: Record<string, string>): number => {
    const authorization = Object.entries(headers).find(
      ([name]) => name.toLowerCase() === 'authorization',
    )?.[1];
    if (!authorization) return 0;
    let id = identities.get(authorization);
    if (id === undefined) {
      id = identities.size + 1;
      identities.set(authorization, id);
    }
    return id;
  };

  const prune = (at: number) => {
    for (const [key, entry] of entries) {
      if (entry.storedAt !== undefined && at - entry.storedAt >= ttlMs) entries.delete(key);
    }
  };

  /** A caller's view of the shared request: its own abort only lets go of its share. */
  const waitFor = (key: string, entry: Entry, signal?: AbortSignalLike): Promise<ResponseLike> => {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    entry.waiters += 1;
    return new Promise<ResponseLike>((resolve, reject) => {
      let done = false;
      /** Settles this caller once, whichever comes first: the answer, a failure or its abort. */
      const settle = (then: () => void) => {
        if (done) return;
        done = true;
        entry.waiters -= 1;
        signal?.removeEventListener('abort', onAbort);
        then();
      };
      const onAbort = () =>
        settle(() => {
          // The last caller gone: nobody wants the answer, so stop the request.
          if (entry.waiters === 0 && entry.snapshot === undefined) {
            entry.controller.abort(abortReason(signal!));
            forget(key, entry);
          }
          reject(abortReason(signal!));
        });
      signal?.addEventListener('abort', onAbort);
      entry.promise.then(
        (snapshot) => settle(() => resolve(toResponse(snapshot))),
        (error: unknown) => settle(() => reject(error)),
      );
    });
  };

  /** Drops the entry unless a newer request for the key replaced it. */
  const forget = (key: string, entry: Entry) => {
    if (entries.get(key) === entry) entries.delete(key);
  };

  const cachedFetch: FetchLike = (url, init) => {
    const transport =
      options.fetch ?? (globalThis as unknown as { fetch: FetchLike }).fetch.bind(globalThis);
    if (init.method !== 'GET') return transport(url, init);
    const at = now();
    prune(at);
    const bound = (init as BoundedInit).maxBodyBytes;
    const key = `${identityOf(init.headers)}${bound ? `/${bound}` : ''} ${url}`;
    const existing = entries.get(key);
    if (existing?.snapshot) return Promise.resolve(toResponse(existing.snapshot));
    if (existing) return waitFor(key, existing, init.signal);

    const controller = new AbortController();
    networkRequests += 1;
    const entry: Entry = {
      controller,
      waiters: 0,
      promise: transport(url, { ...init, signal: controller.signal }).then(
        async (answer) => {
          const headers: Array<[string, string]> = [];
          answer.headers.forEach((value, name) => {
            headers.push([name, value]);
          });
          const body = bound ? await readAnswerBounded(answer, bound) : await answer.text();
          return { status: answer.status, headers, body };
        },
        (failure: unknown) =>
          controller.signal.aborted
            ? Promise.reject(failure)
            : explainFailure(transport, url, failure),
      ),
    };
    entries.set(key, entry);
    entry.promise.then(
      (snapshot) => {
        // Only successful answers are reused; errors must be able to heal on the next try.
        if (snapshot.status >= 200 && snapshot.status < 300 && ttlMs > 0) {
          entry.snapshot = snapshot;
          entry.storedAt = now();
        } else forget(key, entry);
      },
      () => forget(key, entry),
    );
    return waitFor(key, entry, init.signal);
  };

  return {
    fetch: cachedFetch,
    get networkRequests() {
      return networkRequests;
    },
    clear() {
      for (const [key, entry] of entries) if (entry.snapshot) entries.delete(key);
    },
  };
}
