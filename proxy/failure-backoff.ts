/**
 * Keys whose last upstream call failed: for a while a stale copy covers them
 * without asking upstream again (data-api 7: no retrying in a tight loop).
 * And refusals: once the service said the token is no good (401, 403) or a
 * project is gone (404), upstream is not asked again for a while, for the
 * whole account or that key, and the copies stored before are not served.
 * Bounded like the cache: the oldest record goes first.
 */
import type { RecentFailure } from './freshness.js';

/** After a failed refresh, how long a stale copy answers for a key before upstream is asked again. */
export const FAILURE_BACKOFF_MS = 5_000;

/**
 * After a refusal, how long it is repeated without asking upstream: a revoked
 * token or a deleted project is not fixed within seconds (a new AIVIS_TOKEN
 * means a restart anyway).
 */
export const REFUSAL_BACKOFF_MS = 30_000;

export interface Refusal {
  /** When the service said it; copies stored before this are not served. */
  at: number;
  /** Clock time until which the refusal is repeated without asking upstream. */
  until: number;
  /** For the log, e.g. "upstream 401". */
  reason: string;
  response: () => Response;
}

export class FailureBackoff {
  readonly #failures = new Map<string, RecentFailure>();
  readonly #refusals = new Map<string, Refusal>();
  #account: Refusal | undefined;

  constructor(readonly maxKeys: number) {}

  get(key: string): RecentFailure | undefined {
    return this.#failures.get(key);
  }

  note(key: string, reason: string, now: number): void {
    remember(this.#failures, key, { until: now + FAILURE_BACKOFF_MS, reason }, this.maxKeys);
  }

  clear(key: string): void {
    this.#failures.delete(key);
  }

  /** The service refused: the token for every key (401, 403), or this key's resource (404). */
  refuse(
    key: string,
    scope: 'account' | 'key',
    status: number,
    response: () => Response,
    now: number,
  ): void {
    const refusal = {
      at: now,
      until: now + REFUSAL_BACKOFF_MS,
      reason: `upstream ${status}`,
      response,
    };
    if (scope === 'account') this.#account = refusal;
    else remember(this.#refusals, key, refusal, this.maxKeys);
  }

  /** The refusal to repeat now for this key, if one is still in its backoff. */
  refusal(key: string, now: number): Refusal | undefined {
    if (this.#account && this.#account.until > now) return this.#account;
    const own = this.#refusals.get(key);
    return own && own.until > now ? own : undefined;
  }

  /** Whether a copy stored at `storedAt` predates a refusal that covers the key. */
  outdated(key: string, storedAt: number): boolean {
    const own = this.#refusals.get(key);
    return (
      (this.#account !== undefined && storedAt <= this.#account.at) ||
      (own !== undefined && storedAt <= own.at)
    );
  }

  /** A fresh answer for the key: the service accepts the token and knows the resource again. */
  accepted(key: string, now: number): void {
    this.#failures.delete(key);
    this.#refusals.delete(key);
    if (this.#account && this.#account.at < now) this.#account = undefined;
  }
}

function remember<T>(map: Map<string, T>, key: string, value: T, maxKeys: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > maxKeys) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
}
