/** What the proxy reports about itself (`handler.stats()`): counts, never contents. */
import type { ByteBudget } from './byte-budget.js';
import type { AnswerCache } from './cache.js';
import type { UpstreamPacer } from './pacer.js';

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

export function statsOf(parts: {
  upstreamRequests: number;
  cache: AnswerCache;
  pacer: UpstreamPacer;
  buffers: ByteBudget;
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
  };
}
