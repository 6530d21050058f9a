/**
 * Per-client fairness: one client address may spend only a share of the
 * account's per-minute budget on cache misses, so a script asking for
 * thousands of distinct URLs cannot lock every other viewer out (data-api 8).
 *
 * A token bucket per address: the share refills evenly over the pacer's
 * window. Memory is bounded: the least recently seen addresses are forgotten
 * first.
 */
import { PACER_WINDOW_MS } from './pacer.js';

export const MAX_TRACKED_CLIENTS = 10_000;

interface Bucket {
  tokens: number;
  at: number;
}

export type ShareResult = { ok: true } | { ok: false; retryAfterMs: number };

export class ClientShares {
  readonly #buckets = new Map<string, Bucket>();

  constructor(
    readonly maxClients = MAX_TRACKED_CLIENTS,
    readonly windowMs = PACER_WINDOW_MS,
  ) {}

  /** Spends one miss of `share` per window for this client, or says when one is back. */
  take(client: string, share: number, now: number): ShareResult {
    const capacity = Math.max(1, share);
    const perMs = capacity / this.windowMs;
    const previous = this.#buckets.get(client);
    const tokens = previous
      ? Math.min(capacity, previous.tokens + Math.max(0, now - previous.at) * perMs)
      : capacity;
    this.#buckets.delete(client);
    if (tokens >= 1) {
      this.#remember(client, { tokens: tokens - 1, at: now });
      return { ok: true };
    }
    this.#remember(client, { tokens, at: now });
    return { ok: false, retryAfterMs: Math.ceil((1 - tokens) / perMs) };
  }

  #remember(client: string, bucket: Bucket): void {
    this.#buckets.set(client, bucket);
    if (this.#buckets.size > this.maxClients) {
      const oldest = this.#buckets.keys().next().value;
      if (oldest !== undefined) this.#buckets.delete(oldest);
    }
  }
}
