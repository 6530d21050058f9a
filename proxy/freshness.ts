/**
 * The cache decision as a pure function: given the cached entry (if any), the
 * clock, the key's recent upstream failure and whether a refresh is already
 * running, what the proxy does with a request. No I/O, no clock of its own:
 * test/proxy/freshness.test.ts runs it as a table.
 *
 * Windows after an answer arrives (RFC 5861 semantics, data-api 8):
 *   fresh            age < ttl                      served as it is (HIT)
 *   revalidating     age < ttl + staleWhileRevalidate served stale at once, refreshed behind
 *   covering errors  age < ttl + staleIfError         served stale only when upstream fails
 *   expired          beyond both                      as good as missing
 */

/** In milliseconds, as every duration inside the proxy; the settings say seconds (docs/proxy.md). */
export interface FreshnessWindows {
  ttlMs: number;
  staleWhileRevalidateMs: number;
  staleIfErrorMs: number;
}

/** The one place the settings' seconds become the windows' milliseconds. */
export function freshnessWindows(settings: {
  cacheTtlSeconds: number;
  staleWhileRevalidateSeconds: number;
  staleIfErrorSeconds: number;
}): FreshnessWindows {
  return {
    ttlMs: settings.cacheTtlSeconds * 1000,
    staleWhileRevalidateMs: settings.staleWhileRevalidateSeconds * 1000,
    staleIfErrorMs: settings.staleIfErrorSeconds * 1000,
  };
}

/** How long a stored answer is worth keeping: as long as any window may still serve it. */
export function keepMs(windows: FreshnessWindows): number {
  return windows.ttlMs + Math.max(windows.staleWhileRevalidateMs, windows.staleIfErrorMs);
}

export interface RecentFailure {
  /** Clock time until which upstream is not asked again for this key. */
  until: number;
  /** Why the last refresh failed, e.g. "upstream 429". */
  reason: string;
}

export type CacheAction =
  /** Serve the entry as fresh. */
  | { kind: 'hit' }
  /**
   * Serve the entry as stale, saying why. With `revalidate`, also start one
   * refresh behind the answer if the spending gate allows it.
   */
  | { kind: 'stale'; reason: string; revalidate: boolean }
  /**
   * Ask upstream (or join the refresh already running). `cover`: the entry
   * may stand in if upstream fails or the gate refuses; `state`: what a fresh
   * answer is called.
   */
  | {
      kind: 'fetch';
      join: boolean;
      cover: boolean;
      state: 'MISS' | 'REVALIDATED' | 'COALESCED';
    };

export function decide(
  entry: { storedAt: number } | undefined,
  now: number,
  failure: RecentFailure | undefined,
  refreshing: boolean,
  windows: FreshnessWindows,
): CacheAction {
  const age = entry ? now - entry.storedAt : Number.POSITIVE_INFINITY;
  if (age < windows.ttlMs) return { kind: 'hit' };
  const backingOff = failure !== undefined && failure.until > now;
  if (age < windows.ttlMs + windows.staleWhileRevalidateMs) {
    return backingOff
      ? { kind: 'stale', reason: failure.reason, revalidate: false }
      : { kind: 'stale', reason: 'revalidating', revalidate: !refreshing };
  }
  const cover = age < windows.ttlMs + windows.staleIfErrorMs;
  // data-api 7: no retrying in a tight loop; the copy covers the key until the backoff ends.
  if (cover && backingOff) return { kind: 'stale', reason: failure.reason, revalidate: false };
  const state = refreshing ? 'COALESCED' : entry ? 'REVALIDATED' : 'MISS';
  return { kind: 'fetch', join: refreshing, cover, state };
}
