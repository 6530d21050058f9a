/**
 * The token-keeping caching proxy as a standard fetch handler
 * `(Request) => Promise<Response>`: it runs unchanged on Node (proxy/main.ts),
 * Cloudflare Workers, Deno and Bun, so it uses web-standard APIs only.
 *
 * It keeps the token server-side (data-api 5), answers a crowd of viewers from one
 * upstream call per distinct request and TTL (data-api 8's per-minute budget), and
 * adds CORS for the intranet origins that embed the widgets. This file routes
 * and wires; each concern lives in its own module: the cache decision
 * (freshness.ts), coalescing, the failure backoff, CORS, scrubbing, the log
 * and the stats.
 */
import { abortableSleep, isReadMethod, methodNotAllowed } from '../shared/http/edge.js';
import { summarizeValidationErrors } from '../shared/http/errors.js';
import { ByteBudget } from './byte-budget.js';
import { AnswerCache, type CachedAnswer } from './cache.js';
import { cachedAnswerRenderer } from './cached-response.js';
import { spendingGate } from './client-share.js';
import { Coalescer } from './coalescing.js';
import type { ProxyConfig } from './config.js';
import { proxyCors, withCors } from './cors.js';
import { FailureBackoff } from './failure-backoff.js';
import { decide, type FreshnessWindows } from './freshness.js';
import { hostAllowed } from './hosts.js';
import { LogSafeTexts, type ProxyLogEntry } from './log.js';
import { BoundedMemo } from './memo.js';
import { PACER_WINDOW_MS, type Pacer, UpstreamPacer } from './pacer.js';
import { keepAllowedProjects } from './project-list.js';
import { type CacheState, jsonError, withSecurityHeaders } from './responses.js';
import { type Route, resolveRoute } from './route.js';
import { scrubResponse } from './scrub.js';
import {
  type CacheLike,
  cacheApiStore,
  defaultSharedCache,
  type SharedAnswerStore,
} from './shared-cache.js';
import { SharedPacer } from './shared-pacer.js';
import { type ProxyStats, statsOf } from './stats.js';
import { type SharedStore, StoreLink } from './store.js';
import { fetchUpstream, type UpstreamOutcome } from './upstream.js';

export { FAILURE_BACKOFF_MS } from './failure-backoff.js';
export type { ProxyLogEntry } from './log.js';
export type { CacheState } from './responses.js';
export type { ProxyStats } from './stats.js';

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
  /** A warning for the operator, at most once per cause (default console.warn). */
  warn?: (message: string) => void;
  /**
   * A store the instances of a fleet share (Redis on Node, a Durable Object on
   * Workers): budget, client shares and coalescing, and with Redis the
   * answers too (docs/proxy-scale-out.md).
   */
  store?: SharedStore;
  /** Where the proxy says it lost or regained its shared store (once each way). */
  notice?: (text: string) => void;
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
  /** A cached answer, scrubbed when it arrived and complete with CORS and security headers. */
  final?: boolean;
}

/** What a request target means for this proxy; the same for every request to it. */
interface Target {
  path: string;
  host: string;
  route: Route;
}

type CachedRoute = Extract<Route, { kind: 'api' | 'openapi' }>;

/** Refusals that mean the token (every key) or the resource (this key) is gone. */
const REFUSAL_SCOPE: Record<number, 'account' | 'key' | undefined> = {
  401: 'account',
  403: 'account',
  404: 'key',
};

/** Distinct request targets whose route is remembered (a dashboard asks for a few dozen). */
const MAX_REMEMBERED_TARGETS = 4_096;

/** How often an instance waiting on another's upstream call looks for its answer. */
const SHARED_POLL_MS = 20;

/** Times an instance waits on another's lock before it calls upstream itself. */
const LOCK_ATTEMPTS = 2;

export function createProxyHandler(config: ProxyConfig, deps: ProxyDeps = {}): ProxyHandler {
  const now = deps.now ?? Date.now;
  const upstreamFetch = deps.fetch ?? ((input, init) => fetch(input, init));
  const cache = new AnswerCache(config.cacheMaxEntries, config.cacheMaxBytes);
  const sleep = deps.sleep ?? abortableSleep;
  const link = deps.store
    ? new StoreLink(deps.store, {
        timeoutMs: config.storeTimeoutMs,
        now,
        notice: deps.notice ?? ((text) => console.warn(text)),
      })
    : undefined;
  const pacerOptions = {
    limit: config.rateLimitPerMinute,
    ...(config.maxUpstreamPerMinute === undefined ? {} : { cap: config.maxUpstreamPerMinute }),
    maxWaitMs: config.maxQueueWaitMs,
    maxQueueLength: config.maxQueueLength,
    now,
    sleep,
  };
  const pacer: Pacer = link
    ? new SharedPacer(link, {
        ...pacerOptions,
        fallbackShare: config.fallbackBudgetSharePercent / 100,
      })
    : new UpstreamPacer(pacerOptions);
  const inFlight = new Coalescer<UpstreamOutcome>();
  const failures = new FailureBackoff(config.cacheMaxEntries);
  const mayGoUpstream = spendingGate(
    config,
    () => pacer.limit,
    now,
    deps.warn ?? ((message) => console.warn(message)),
    link &&
      ((client, share, at) =>
        link.use((store) => store.takeShare(client, share, at, PACER_WINDOW_MS))),
  );
  const sharedCache = deps.sharedCache === undefined ? defaultSharedCache() : deps.sharedCache;
  const storeAnswers = link && deps.store?.answers;
  const shared: SharedAnswerStore | undefined = storeAnswers
    ? {
        // Bounded and failure-proof: without its store the instance answers from its own memory.
        get: async (key) => (await link.use(() => storeAnswers.get(key))) ?? undefined,
        put: async (key, entry, keepSeconds) => {
          await link.use(() => storeAnswers.put(key, entry, keepSeconds));
        },
      }
    : sharedCache
      ? cacheApiStore(sharedCache, [
          config.baseUrl,
          config.token,
          (config.allowedProjects ?? ['all']).join(','),
        ])
      : undefined;
  /** How long an upstream call may take at most: a wait for budget, then the call. */
  const lockMs = config.maxQueueWaitMs + config.upstreamTimeoutMs + 1_000;
  const buffers = new ByteBudget(config.maxBufferedBytes, config.maxQueueLength);
  const windows: FreshnessWindows = {
    ttlMs: config.cacheTtlSeconds * 1000,
    staleWhileRevalidateMs: config.staleWhileRevalidateSeconds * 1000,
    staleIfErrorMs: config.staleIfErrorSeconds * 1000,
  };
  const cors = proxyCors(config.allowedOrigins);
  const renderCached = cachedAnswerRenderer({
    windows,
    now,
    rateLimit: () => pacer.limit,
    rateRemaining: () => pacer.remaining(),
    cors,
    token: config.token,
  });
  const targets = new BoundedMemo<Target | undefined>(MAX_REMEMBERED_TARGETS);
  const hosts = new BoundedMemo<boolean>(64);
  const readTarget = (text: string): Target | undefined => {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return undefined;
    }
    return { path: url.pathname, host: url.host, route: resolveRoute(url, config) };
  };
  const log = deps.log && config.logLevel !== 'off' ? deps.log : undefined;
  const logPaths = new LogSafeTexts(config.token);
  let upstreamRequests = 0;

  /** One upstream call per key at a time; everyone asking meanwhile shares its outcome. */
  function refresh(
    key: string,
    route: CachedRoute,
    context: ProxyRequestContext | undefined,
  ): Promise<UpstreamOutcome> {
    return inFlight.run(key, async () => {
      // Across instances: one holds the key's lock and calls upstream; the others wait for its answer.
      let held = link ? await link.use((store) => store.lock(key, lockMs)) : undefined;
      for (let attempt = 0; held === false && attempt < LOCK_ATTEMPTS; attempt += 1) {
        const entry = await answerOfOther(key);
        if (entry) return { kind: 'fresh', entry, shared: true } satisfies UpstreamOutcome;
        // Its holder let go without an answer (a refusal, an outage): one of the waiters tries.
        held = await link!.use((store) => store.lock(key, lockMs));
      }
      if (held === true) {
        // The previous holder may have stored its answer and let go just before this lock.
        const entry = await freshShared(key);
        if (entry) {
          void link?.use((store) => store.unlock(key));
          return { kind: 'fresh', entry, shared: true } satisfies UpstreamOutcome;
        }
      }
      try {
        return await callUpstream(key, route, context, held === true);
      } finally {
        if (held === true) void link?.use((store) => store.unlock(key));
      }
    });
  }

  /**
   * Waits, bounded, for the instance holding the key's lock to store a fresh
   * answer; undefined when it gave up (its lock expired or was released without one).
   */
  async function answerOfOther(key: string): Promise<CachedAnswer | undefined> {
    if (!shared || !link) return undefined;
    const polls = Math.ceil(lockMs / SHARED_POLL_MS);
    for (let poll = 0; poll < polls; poll += 1) {
      await sleep(SHARED_POLL_MS);
      const entry = await freshShared(key);
      if (entry) return entry;
      if ((await link.use((store) => store.isLocked(key))) !== true) return freshShared(key);
    }
    return undefined;
  }

  /** A fresh answer another instance stored, now in this one's memory too. */
  async function freshShared(key: string): Promise<CachedAnswer | undefined> {
    const entry = await shared?.get(key);
    if (!entry || now() - entry.storedAt >= windows.ttlMs) return undefined;
    cache.set(key, entry);
    return entry;
  }

  async function callUpstream(
    key: string,
    route: CachedRoute,
    context: ProxyRequestContext | undefined,
    holdsLock: boolean,
  ): Promise<UpstreamOutcome> {
    const { allowedProjects } = config;
    const outcome = await fetchUpstream({
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
    });
    failures.clear(key);
    const refusedScope = outcome.kind === 'refused' ? REFUSAL_SCOPE[outcome.status] : undefined;
    if (outcome.kind === 'refused' && refusedScope) {
      // data-api 5 and 7: a refused token or a deleted project is not asked about in a loop.
      failures.refuse(key, refusedScope, outcome.status, outcome.response, now());
      cache.delete(key);
    }
    if (outcome.kind === 'fresh') {
      failures.accepted(key, now());
      cache.set(key, outcome.entry);
      if (shared) {
        // Kept as long as any window may still serve it; the other isolates read it from there.
        const keepSeconds =
          config.cacheTtlSeconds +
          Math.max(config.staleWhileRevalidateSeconds, config.staleIfErrorSeconds);
        const stored = shared.put(key, outcome.entry, keepSeconds).catch(() => undefined);
        // Instances waiting on this one's lock read the answer as soon as the lock goes.
        if (holdsLock) await stored;
        else if (typeof context?.waitUntil === 'function') context.waitUntil(stored);
      }
    } else if (outcome.kind === 'unavailable') {
      failures.note(key, outcome.reason, now());
    }
    return outcome;
  }

  const served = (
    request: Request,
    entry: CachedAnswer,
    state: CacheState,
    path: string,
    note?: string,
  ): Answer => ({
    final: true,
    response: renderCached(request, entry, state, note),
    cache: state,
    path,
    ...(note === undefined ? {} : { note }),
  });

  async function answerCached(
    request: Request,
    route: CachedRoute,
    context: ProxyRequestContext | undefined,
  ): Promise<Answer> {
    const key = route.upstreamPath;
    const path = route.upstreamPath;
    const refused = failures.refusal(key, now());
    if (refused) return { response: refused.response(), cache: '-', path, note: refused.reason };
    let entry = cache.get(key);
    if (shared && (!entry || now() - entry.storedAt >= windows.ttlMs)) {
      // Another isolate may have a newer answer (Workers' caches.default).
      const other = await shared.get(key).catch(() => undefined);
      if (other && (!entry || other.storedAt > entry.storedAt)) {
        cache.set(key, other);
        entry = other;
      }
    }
    // Stored before the service said the token or the project is gone: not served any more.
    if (entry && failures.outdated(key, entry.storedAt)) entry = undefined;
    const action = decide(entry, now(), failures.get(key), inFlight.has(key), windows);
    if (action.kind === 'hit') return served(request, entry!, 'HIT', path);
    if (action.kind === 'stale') {
      // stale-while-revalidate: answer at once, refresh behind the answer (once per key).
      const gate = action.revalidate ? mayGoUpstream(request, context) : undefined;
      if (action.revalidate && (gate instanceof Promise ? await gate : gate) === undefined) {
        const background = refresh(key, route, context).catch(() => undefined);
        // Workers stop an isolate's work after the answer unless told to wait for it.
        if (typeof context?.waitUntil === 'function') context.waitUntil(background);
      }
      return served(request, entry!, 'STALE', path, action.reason);
    }
    const gate = action.join ? undefined : mayGoUpstream(request, context);
    const refusal = gate instanceof Promise ? await gate : gate;
    if (refusal) {
      if (action.cover) return served(request, entry!, 'STALE', path, refusal.reason);
      return { response: refusal.response(), cache: '-', path, note: refusal.reason };
    }
    const outcome = await refresh(key, route, context);
    if (outcome.kind === 'fresh') {
      return served(request, outcome.entry, outcome.shared ? 'COALESCED' : action.state, path);
    }
    // data-api 7 and 8: a 429, a 5xx or an outage upstream is better answered with yesterday's data.
    if (outcome.kind === 'unavailable' && action.cover) {
      return served(request, entry!, 'STALE', path, outcome.reason);
    }
    return {
      response: outcome.response(),
      cache: action.join ? 'COALESCED' : 'MISS',
      path,
      note: outcome.kind === 'unavailable' ? outcome.reason : `upstream ${outcome.status}`,
    };
  }

  async function answer(
    request: Request,
    context: ProxyRequestContext | undefined,
  ): Promise<Answer> {
    // Pure work on the request target and Host, remembered: a hit only looks them up.
    const target = targets.get(request.url, readTarget);
    if (target === undefined) {
      return local(jsonError(404, 'not_found', 'No such endpoint.'), '(unparsable)');
    }
    const requestedPath = target.path;
    const host = request.headers.get('Host') ?? target.host;
    if (!hosts.get(host, (name) => hostAllowed(name, config.allowedHosts))) {
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
      const { status, headers } = cors.preflight(request.headers.get('Origin'));
      return local(new Response(null, { status, headers }), requestedPath);
    }
    if (!isReadMethod(request.method)) {
      const refusal = methodNotAllowed(request.method);
      return local(
        jsonError(refusal.status, refusal.code, refusal.message, {}, refusal.headers),
        requestedPath,
      );
    }
    const route = target.route;
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
    let response = result.response;
    if (!result.final) {
      if (request.method !== 'OPTIONS') {
        response = withCors(response, cors.forAnswer(request.headers.get('Origin')));
      }
      response = withSecurityHeaders(await scrubResponse(response, config.token));
    }
    if (log && (config.logLevel === 'info' || response.status >= 400 || result.cache === 'STALE')) {
      try {
        log({
          method: logPaths.get(request.method),
          path: logPaths.get(result.path),
          status: response.status,
          cache: result.cache,
          ms: Math.max(0, now() - started),
          ...(result.note ? { note: result.note } : {}),
        });
      } catch {
        // A failing log sink must not cost the viewer the answer.
      }
    }
    return response;
  };

  return Object.assign(handler, {
    stats: (): ProxyStats =>
      statsOf({
        upstreamRequests,
        cache,
        pacer,
        buffers,
        store: link
          ? { kind: link.store.kind, state: link.state, failures: link.failures }
          : undefined,
      }),
  });
}

function local(response: Response, path: string): Answer {
  return { response, cache: '-', path };
}
