/**
 * Keys whose last upstream call failed: for a while a stale copy covers them
 * without asking upstream again (data-api 7: no retrying in a tight loop).
 * Bounded like the cache: the oldest failure goes first.
 */
import type { RecentFailure } from './freshness.js';

/** After a failed refresh, how long a stale copy answers for a key before upstream is asked again. */
export const FAILURE_BACKOFF_MS = 5_000;

export class FailureBackoff {
  readonly #failures = new Map<string, RecentFailure>();

  constructor(readonly maxKeys: number) {}

  get(key: string): RecentFailure | undefined {
    return this.#failures.get(key);
  }

  note(key: string, reason: string, now: number): void {
    this.#failures.delete(key);
    this.#failures.set(key, { until: now + FAILURE_BACKOFF_MS, reason });
    if (this.#failures.size > this.maxKeys) {
      const oldest = this.#failures.keys().next().value;
      if (oldest !== undefined) this.#failures.delete(oldest);
    }
  }

  clear(key: string): void {
    this.#failures.delete(key);
  }
}
