/**
 * The proxy's parts, made once per handler from its configuration and the
 * runtime's dependencies: the cache, the budget (alone or shared), the
 * spending gate, coalescing, the failure backoff, the shared answer store,
 * CORS and the cached-answer renderer. The steps of the pipeline
 * (proxy/handler.ts) read what they need from here.
 */

import { abortableSleep, type CorsHeaders } from '../../shared/http/edge.js';
import { ByteBudget } from '../byte-budget.js';
import { AnswerCache } from '../cache.js';
import { cachedAnswerRenderer, type RenderCached } from '../cached-response.js';
import { Coalescer } from '../coalescing.js';
import type { ProxyConfig } from '../config.js';
import { proxyCors } from '../cors.js';
import { FailureBackoff } from '../failure-backoff.js';
import { type FreshnessWindows, freshnessWindows } from '../freshness.js';
import type { LedgerSeriesReader } from '../ledger-route.js';
import type { ProxyLogEntry } from '../log.js';
import { PACER_WINDOW_MS, type Pacer, UpstreamPacer } from '../pacer.js';
import type { LinkStore } from '../share/link-store.js';
import {
  type CacheLike,
  cacheApiStore,
  defaultSharedCache,
  type SharedAnswerStore,
} from '../shared-cache.js';
import { SharedPacer } from '../shared-pacer.js';
import { type SharedStore, StoreLink } from '../store.js';
import type { UpstreamOutcome } from '../upstream.js';
import { type SpendingGate, spendingGate } from './spending-gate.js';

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
  /** With AIVIS_ACCOUNTS: each account's own store, by label (docs/agencies.md). */
  accountStores?: ReadonlyMap<string, SharedStore>;
  /** Client links' revocations and counts (proxy/share/): Redis or SHARE_FILE. */
  links?: LinkStore;
  /** Where the proxy says it lost or regained its shared store (once each way). */
  notice?: (text: string) => void;
  /** The ledger the proxy serves series from (AIVIS_LEDGER on Node; docs/ledger.md). */
  ledger?: LedgerSeriesReader;
  /** Told of each card the proxy renders (a kept card renders nothing; docs/loading.md). */
  cardRendered?: () => void;
  /**
   * Loads `@resvg/resvg-js` for the cards' PNG pictures (the Node and Bun
   * entry imports the package in it); none on Workers (docs/widgets.md, "Pictures in mail and wikis").
   */
  loadPng?: () => Promise<unknown>;
}

export interface ProxyParts {
  config: ProxyConfig;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  upstreamFetch: (input: string, init: RequestInit) => Promise<Response>;
  cache: AnswerCache;
  /** The store the fleet shares, behind its failure-proof link; undefined alone. */
  link: StoreLink | undefined;
  pacer: Pacer;
  inFlight: Coalescer<UpstreamOutcome>;
  failures: FailureBackoff;
  mayGoUpstream: SpendingGate;
  /** Answers other instances or isolates can read; undefined: memory only. */
  shared: SharedAnswerStore | undefined;
  buffers: ByteBudget;
  windows: FreshnessWindows;
  cors: CorsHeaders;
  renderCached: RenderCached;
  /** How long an upstream call may take at most: a wait for budget, then the call. */
  lockMs: number;
  /** Counted as calls leave, for stats(). */
  counts: { upstreamRequests: number };
}

export function composeProxy(config: ProxyConfig, deps: ProxyDeps): ProxyParts {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? abortableSleep;
  const link = deps.store
    ? new StoreLink(deps.store, {
        timeoutMs: config.storeTimeoutMs,
        now,
        notice: deps.notice ?? ((text) => console.warn(text)),
      })
    : undefined;
  const pacer = budgetPacer(config, link, now, sleep);
  const windows = freshnessWindows(config);
  const cors = proxyCors(config.allowedOrigins);
  return {
    config,
    now,
    sleep,
    upstreamFetch: deps.fetch ?? ((input, init) => fetch(input, init)),
    cache: new AnswerCache(config.cacheMaxEntries, config.cacheMaxBytes),
    link,
    pacer,
    inFlight: new Coalescer<UpstreamOutcome>(),
    failures: new FailureBackoff(config.cacheMaxEntries),
    mayGoUpstream: spendingGate(
      config,
      () => pacer.limit,
      now,
      deps.warn ?? ((message) => console.warn(message)),
      link &&
        ((client, share, at) =>
          link.use((store) => store.takeShare(client, share, at, PACER_WINDOW_MS))),
    ),
    shared: sharedAnswers(config, link, deps),
    buffers: new ByteBudget(config.maxBufferedBytes, config.maxQueueLength),
    windows,
    cors,
    renderCached: cachedAnswerRenderer({
      windows,
      now,
      rateLimit: () => pacer.limit,
      rateRemaining: () => pacer.remaining(),
      cors,
      token: config.token,
    }),
    lockMs: config.maxQueueWaitMs + config.upstreamTimeoutMs + 1_000,
    counts: { upstreamRequests: 0 },
  };
}

/** The per-minute budget: counted by this instance, or in the store the fleet shares. */
function budgetPacer(
  config: ProxyConfig,
  link: StoreLink | undefined,
  now: () => number,
  sleep: (ms: number) => Promise<void>,
): Pacer {
  const options = {
    limit: config.rateLimitPerMinute,
    ...(config.maxUpstreamPerMinute === undefined ? {} : { cap: config.maxUpstreamPerMinute }),
    maxWaitMs: config.maxQueueWaitMs,
    maxQueueLength: config.maxQueueLength,
    now,
    sleep,
  };
  return link
    ? new SharedPacer(link, { ...options, fallbackShare: config.fallbackBudgetSharePercent / 100 })
    : new UpstreamPacer(options);
}

/** The store's answers (Redis), else the runtime's shared cache (Workers), else none. */
function sharedAnswers(
  config: ProxyConfig,
  link: StoreLink | undefined,
  deps: ProxyDeps,
): SharedAnswerStore | undefined {
  const storeAnswers = link && deps.store?.answers;
  if (storeAnswers) {
    return {
      // Bounded and failure-proof: without its store the instance answers from its own memory.
      get: async (key) => (await link.use(() => storeAnswers.get(key))) ?? undefined,
      put: async (key, entry, keepMs) => {
        await link.use(() => storeAnswers.put(key, entry, keepMs));
      },
    };
  }
  const sharedCache = deps.sharedCache === undefined ? defaultSharedCache() : deps.sharedCache;
  return sharedCache
    ? cacheApiStore(sharedCache, [
        config.baseUrl,
        config.token,
        (config.allowedProjects ?? ['all']).join(','),
      ])
    : undefined;
}
