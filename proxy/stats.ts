/** What the proxy reports about itself (`handler.stats()`): counts, never contents. */
import type { ByteBudget } from './byte-budget.js';
import type { AnswerCache } from './cache.js';
import type { Pacer } from './pacer.js';
import type { StoreState } from './store.js';

export interface ProxyStats {
  upstreamRequests: number;
  cacheEntries: number;
  cacheBytes: number;
  queued: number;
  budgetLimit: number;
  budgetRemaining: number;
  /** Bytes of upstream answers being read and scrubbed now (MAX_BUFFERED_BYTES bounds it). */
  bufferedBytes: number;
  /**
   * The store shared with other instances, when there is one: `shared`, or
   * `alone` while it is unreachable (own memory, fallback share of the budget).
   */
  store?: { kind: string; state: StoreState; failures: number };
  /**
   * With AIVIS_ACCOUNTS: each account's own figures by its label (its own
   * budget, cache and store); the figures above are their sums
   * (docs/agencies.md).
   */
  accounts?: Readonly<Record<string, ProxyStats>>;
}

export function statsOf(parts: {
  upstreamRequests: number;
  cache: AnswerCache;
  pacer: Pacer;
  buffers: ByteBudget;
  store: ProxyStats['store'];
}): ProxyStats {
  const { cache, pacer, buffers } = parts;
  return {
    upstreamRequests: parts.upstreamRequests,
    cacheEntries: cache.size,
    cacheBytes: cache.bytes,
    queued: pacer.waiting,
    budgetLimit: pacer.limit,
    budgetRemaining: pacer.remaining(),
    bufferedBytes: buffers.used,
    ...(parts.store ? { store: parts.store } : {}),
  };
}
