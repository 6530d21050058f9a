/**
 * Per-account rate limit (data-api 8): a budget per minute, counted from the
 * account's first request in the window. The clock is injected so tests
 * move time instead of sleeping.
 */
export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the window resets, at least 1 (data-api 7). */
  retryAfter: number;
}

export interface RateLimiter {
  take(account: string, limit: number): RateDecision;
}

const WINDOW_MS = 60_000;

export function createRateLimiter(options: { now: () => number; enforce: boolean }): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    take(account, limit) {
      const now = options.now();
      let window = windows.get(account);
      if (!window || now - window.start >= WINDOW_MS) {
        window = { start: now, count: 0 };
        windows.set(account, window);
      }
      const retryAfter = Math.max(1, Math.ceil((window.start + WINDOW_MS - now) / 1000));
      // Without enforcement nothing is spent, so Remaining says the whole budget is there.
      if (!options.enforce) return { allowed: true, limit, remaining: limit, retryAfter };
      if (window.count >= limit) return { allowed: false, limit, remaining: 0, retryAfter };
      window.count++;
      return { allowed: true, limit, remaining: Math.max(0, limit - window.count), retryAfter };
    },
  };
}
