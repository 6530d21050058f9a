/**
 * The token-keeping caching proxy as a standard fetch handler
 * `(Request) => Promise<Response>`: it runs unchanged on Node (proxy/main.ts),
 * Cloudflare Workers, Deno and Bun, so it uses web-standard APIs only.
 *
 * It keeps the token server-side (data-api 5), answers a crowd of viewers from one
 * upstream call per distinct request and TTL (data-api 8's per-minute budget), and
 * adds CORS for the intranet origins that embed the widgets.
 */
import { summarizeValidationErrors } from '../shared/http/errors.js';
import { ByteBudget } from './byte-budget.js';
import { AnswerCache, type CachedAnswer } from './cache.js';
import { spendingGate } from './client-share.js';
import type { ProxyConfig } from './config.js';
import { hostAllowed } from './hosts.js';
import { UpstreamPacer } from './pacer.js';
import { keepAllowedProjects } from './project-list.js';
import {
  ALLOWED_METHODS,
  CACHE_HEADER,
  type CacheState,
  etagMatches,
  jsonError,
  preflight,
  STALE_REASON_HEADER,
  scrubResponse,
  scrubText,
  withCors,
  withSecurityHeaders,
} from './responses.js';
import { type Route, resolveRoute } from './route.js';
import { type CacheLike, cacheApiStore, defaultSharedCache } from './shared-cache.js';
import { fetchUpstream, type UpstreamOutcome } from './upstream.js';

export type { CacheState } from './responses.js';

export interface ProxyLogEntry {
  method: string;
  /** Canonical upstream path for API routes, else the requested path; never the token. */
  path: string;
  status: number;
  /** Where the body came from; '-' for answers made locally (404, 405, 422, preflight). */
  cache: CacheState | '-';
  ms: number;
  /** Why a stale copy or an error was served, e.g. "upstream 429". */
  note?: string;
}

export interface ProxyDeps {
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  /** Milliseconds since the epoch. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** One call per answered request. */
  log?: (entry: ProxyLogEntry) => void;
  /**
   * A cache shared by every isolate of a location; defaults to Workers'
   * `caches.default` where it exists. null: memory only.
   */
  sharedCache?: CacheLike | null;
}

export interface ProxyStats {
  upstreamRequests: number;
  cacheEntries: number;
  cacheBytes: number;
  queued: number;
  budgetLimit: number;
  budgetRemaining: number;
  /** Bytes of upstream answers being read and scrubbed now (MAX_BUFFERED_BYTES bounds it). */
  bufferedBytes: number;
}

/** Per-request context of runtimes that can keep work alive after the answer (Workers' ctx). */
export interface ProxyRequestContext {
  waitUntil?: (promise: Promise<unknown>) => void;
}

export type ProxyHandler = ((request: Request, context?: unknown) => Promise<Response>) & {
  stats(): ProxyStats;
};

interface Answer {
  response: Response;
  cache: CacheState | '-';
  path: string;
  note?: string;
  /** The body was scrubbed when it arrived (cached answers): not read again per viewer. */
  clean?: boolean;
}

type CachedRoute = Extract<Route, { kind: 'api' | 'openapi' }>;

/** After a failed refresh, how long a stale copy answers for a key before upstream is asked again. */
export const FAILURE_BACKOFF_MS = 5_000;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createProxyHandler(config: ProxyConfig, deps: ProxyDeps = {}): ProxyHandler {
  const now = deps.now ?? Date.now;
  const upstreamFetch = deps.fetch ?? ((input, init) => fetch(input, init));
  const cache = new AnswerCache(config.cacheMaxEntries, config.cacheMaxBytes);
  const pacer = new UpstreamPacer({
    limit: config.rateLimitPerMinute,
    ...(config.maxUpstreamPerMinute === undefined ? {} : { cap: config.maxUpstreamPerMinute }),
    maxWaitMs: config.maxQueueWaitMs,
    maxQueueLength: config.maxQueueLength,
    now,
    sleep: deps.sleep ?? defaultSleep,
  });
  const inFlight = new Map<string, Promise<UpstreamOutcome>>();
  const mayGoUpstream = spendingGate(config, () => pacer.limit, now);
  const sharedCache = deps.sharedCache === undefined ? defaultSharedCache() : deps.sharedCache;
  const shared = sharedCache
    ? cacheApiStore(sharedCache, [
        config.baseUrl,
        config.token,
        (config.allowedProjects ?? ['all']).join(','),
      ])
    : undefined;
  const buffers = new ByteBudget(config.maxBufferedBytes, config.maxQueueLength);
  const ttlMs = config.cacheTtlSeconds * 1000;
  const swrMs = config.staleWhileRevalidateSeconds * 1000;
  const staleIfErrorMs = config.staleIfErrorSeconds * 1000;
  const allowedOrigins = new Set(config.allowedOrigins);
  /** Keys whose last upstream call failed: a stale copy covers them without asking again. */
  const failures = new Map<string, { until: number; reason: string }>();
  let upstreamRequests = 0;

  /** One upstream call per key at a time; everyone asking meanwhile shares its outcome. */
  function refresh(
    key: string,
    route: CachedRoute,
    context: ProxyRequestContext | undefined,
  ): Promise<UpstreamOutcome> {
    const running = inFlight.get(key);
    if (running) return running;
    const { allowedProjects } = config;
    const call = fetchUpstream({
      config,
      upstreamPath: route.upstreamPath,
      ...(route.kind === 'api' && route.name === 'projects' && allowedProjects
        ? { reshape: (body) => keepAllowedProjects(body, allowedProjects) }
        : {}),
      fetch: upstreamFetch,
      pacer,
      buffers,
      now,
      onSend: () => {
        upstreamRequests += 1;
      },
    }).then((outcome) => {
      failures.delete(key);
      if (outcome.kind === 'fresh') {
        cache.set(key, outcome.entry);
        if (shared) {
          // Kept as long as any window may still serve it; the other isolates read it from there.
          const keepSeconds =
            config.cacheTtlSeconds +
            Math.max(config.staleWhileRevalidateSeconds, config.staleIfErrorSeconds);
          const stored = shared.put(key, outcome.entry, keepSeconds).catch(() => undefined);
          if (typeof context?.waitUntil === 'function') context.waitUntil(stored);
        }
      } else if (outcome.kind === 'unavailable') {
        // data-api 7: no retrying in a tight loop; bounded like the cache.
        failures.set(key, { until: now() + FAILURE_BACKOFF_MS, reason: outcome.reason });
        if (failures.size > config.cacheMaxEntries) {
          const oldest = failures.keys().next().value;
          if (oldest !== undefined) failures.delete(oldest);
        }
      }
      return outcome;
    });
    const settled = call.finally(() => {
      if (inFlight.get(key) === settled) inFlight.delete(key);
    });
    inFlight.set(key, settled);
    return settled;
  }

  function cachedResponse(
    request: Request,
    entry: CachedAnswer,
    state: CacheState,
    staleReason?: string,
  ): Response {
    const age = Math.max(0, now() - entry.storedAt);
    const maxAge = state === 'STALE' ? 0 : Math.max(0, Math.floor((ttlMs - age) / 1000));
    const headers = new Headers({
      ETag: entry.etag,
      'Cache-Control': `public, max-age=${maxAge}, stale-while-revalidate=${config.staleWhileRevalidateSeconds}, stale-if-error=${config.staleIfErrorSeconds}`,
      Age: String(Math.floor(age / 1000)),
      [CACHE_HEADER]: state,
      'X-RateLimit-Limit': String(pacer.limit),
      'X-RateLimit-Remaining': String(pacer.remaining()),
    });
    if (staleReason) headers.set(STALE_REASON_HEADER, staleReason);
    if (etagMatches(request.headers.get('If-None-Match'), entry.etag)) {
      return new Response(null, { status: 304, headers });
    }
    headers.set('Content-Type', entry.contentType);
    headers.set('Content-Length', String(entry.body.byteLength));
    return new Response(request.method === 'HEAD' ? null : shareBody(entry.body), {
      status: 200,
      headers,
    });
  }

  async function answerCached(
    request: Request,
    route: CachedRoute,
    context: ProxyRequestContext | undefined,
  ): Promise<Answer> {
    const { upstreamPath } = route;
    const key = upstreamPath;
    const path = upstreamPath;
    let entry = cache.get(key);
    if (shared && (!entry || now() - entry.storedAt >= ttlMs)) {
      // Another isolate may have a newer answer (Workers' caches.default).
      const other = await shared.get(key).catch(() => undefined);
      if (other && (!entry || other.storedAt > entry.storedAt)) {
        cache.set(key, other);
        entry = other;
      }
    }
    const age = entry ? now() - entry.storedAt : Number.POSITIVE_INFINITY;
    if (entry && age < ttlMs)
      return { clean: true, response: cachedResponse(request, entry, 'HIT'), cache: 'HIT', path };
    const failure = failures.get(key);
    const backingOff = failure !== undefined && failure.until > now();
    if (entry && age < ttlMs + swrMs) {
      // stale-while-revalidate: answer at once, refresh behind the answer (once per key).
      if (!inFlight.has(key) && !backingOff && mayGoUpstream(request, context) === undefined) {
        const background = refresh(key, route, context).catch(() => undefined);
        // Workers stop an isolate's work after the answer unless told to wait for it.
        if (typeof context?.waitUntil === 'function') context.waitUntil(background);
      }
      const reason = backingOff ? failure.reason : 'revalidating';
      return {
        clean: true,
        response: cachedResponse(request, entry, 'STALE', reason),
        cache: 'STALE',
        path,
        note: reason,
      };
    }
    if (entry && backingOff && age < ttlMs + staleIfErrorMs) {
      return {
        clean: true,
        response: cachedResponse(request, entry, 'STALE', failure.reason),
        cache: 'STALE',
        path,
        note: failure.reason,
      };
    }
    const joined = inFlight.has(key);
    const refusal = joined ? undefined : mayGoUpstream(request, context);
    if (refusal) {
      if (entry && age < ttlMs + staleIfErrorMs) {
        return {
          clean: true,
          response: cachedResponse(request, entry, 'STALE', refusal.reason),
          cache: 'STALE',
          path,
          note: refusal.reason,
        };
      }
      return { response: refusal.response(), cache: '-', path, note: refusal.reason };
    }
    const outcome = await refresh(key, route, context);
    if (outcome.kind === 'fresh') {
      const state: CacheState = joined ? 'COALESCED' : entry ? 'REVALIDATED' : 'MISS';
      return {
        clean: true,
        response: cachedResponse(request, outcome.entry, state),
        cache: state,
        path,
      };
    }
    // data-api 7 and 8: a 429, a 5xx or an outage upstream is better answered with yesterday's data.
    if (outcome.kind === 'unavailable' && entry && age < ttlMs + staleIfErrorMs) {
      return {
        clean: true,
        response: cachedResponse(request, entry, 'STALE', outcome.reason),
        cache: 'STALE',
        path,
        note: outcome.reason,
      };
    }
    return {
      response: outcome.response(),
      cache: joined ? 'COALESCED' : 'MISS',
      path,
      note: outcome.kind === 'unavailable' ? outcome.reason : `upstream ${outcome.status}`,
    };
  }

  async function answer(
    request: Request,
    context: ProxyRequestContext | undefined,
  ): Promise<Answer> {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return local(jsonError(404, 'not_found', 'No such endpoint.'), '(unparsable)');
    }
    const requestedPath = url.pathname;
    if (!hostAllowed(request.headers.get('Host') ?? url.host, config.allowedHosts)) {
      return local(
        jsonError(
          421,
          'not_found',
          `This proxy answers only requests addressed to ${config.allowedHosts.join(', ')}. If you reach it under another name, its operator must add that name to ALLOWED_HOSTS.`,
        ),
        requestedPath,
      );
    }
    if (request.method === 'OPTIONS') {
      const origin = request.headers.get('Origin');
      return local(preflight(origin, origin !== null && allowedOrigins.has(origin)), requestedPath);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return local(
        jsonError(
          405,
          'method_not_allowed',
          `The API is read-only: ${request.method} is not allowed; use GET.`,
          {},
          { Allow: ALLOWED_METHODS },
        ),
        requestedPath,
      );
    }
    const route = resolveRoute(url, config);
    switch (route.kind) {
      case 'not_found':
        return local(jsonError(404, 'not_found', route.message), requestedPath);
      case 'invalid':
        return local(
          jsonError(
            422,
            'validation_failed',
            `Invalid parameters: ${summarizeValidationErrors(route.errors)}.`,
            { errors: route.errors },
          ),
          requestedPath,
        );
      case 'api':
      case 'openapi':
        return answerCached(request, route, context);
    }
  }

  const handler = async (request: Request, context?: unknown): Promise<Response> => {
    const started = now();
    const origin = request.headers.get('Origin');
    const corsOrigin = origin !== null && allowedOrigins.has(origin) ? origin : null;
    let result: Answer;
    try {
      result = await answer(request, context as ProxyRequestContext | undefined);
    } catch {
      result = local(
        jsonError(
          500,
          'server_error',
          'The proxy failed to answer. Try again; if it keeps failing, tell its operator.',
        ),
        '(error)',
      );
    }
    const response =
      request.method === 'OPTIONS' ? result.response : withCors(result.response, corsOrigin);
    const clean = withSecurityHeaders(
      await scrubResponse(response, config.token, result.clean === true),
    );
    try {
      deps.log?.({
        method: logSafe(request.method, config.token),
        path: logSafe(result.path, config.token),
        status: clean.status,
        cache: result.cache,
        ms: Math.max(0, now() - started),
        ...(result.note ? { note: result.note } : {}),
      });
    } catch {
      // A failing log sink must not cost the viewer the answer.
    }
    return clean;
  };

  return Object.assign(handler, {
    stats: (): ProxyStats => ({
      upstreamRequests,
      cacheEntries: cache.size,
      cacheBytes: cache.bytes,
      queued: pacer.waiting,
      budgetLimit: pacer.limit,
      budgetRemaining: pacer.remaining(),
      bufferedBytes: buffers.used,
    }),
  });
}

/**
 * The cached bytes as a stream of that one buffer: a Response made from the
 * buffer itself copies it, and forty viewers of a large answer would hold
 * forty copies.
 */
function shareBody(body: Uint8Array<ArrayBuffer>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(body);
      controller.close();
    },
  });
}

function local(response: Response, path: string): Answer {
  return { response, cache: '-', path };
}

/** Log lines keep the API path readable but short, on one line, and token-free. */
function logSafe(text: string, token: string): string {
  const oneLine = Array.from(scrubText(text, token), (char) =>
    char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f ? '?' : char,
  ).join('');
  return oneLine.length > 300 ? `${oneLine.slice(0, 300)}…` : oneLine;
}
