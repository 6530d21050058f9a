/**
 * Keeps the proxy's upstream traffic inside the account's per-minute budget
 * (spec 8: 60 or 120 requests per minute per account, announced in
 * X-RateLimit-Limit / X-RateLimit-Remaining on every response).
 *
 * A sliding window of send times, past and reserved: a request that finds the
 * window full reserves the first instant a slot frees up and waits for it, as
 * long as the wait and the queue stay bounded. A sliding window is never looser
 * than the service's own window, whatever its shape; a second of margin covers
 * the trip between our clock and the service's.
 */

export interface PacerOptions {
  /** Budget assumed until the service announces its own. */
  limit: number;
  /** Never more than this per minute, whatever the plan allows: leaves room for other clients. */
  cap?: number;
  maxWaitMs: number;
  maxQueueLength: number;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  windowMs?: number;
}

export type SlotResult =
  | { ok: true; waitedMs: number }
  /** No slot soon enough: how long until one frees up, for Retry-After. */
  | { ok: false; retryAfterMs: number; reason: 'queue_full' | 'wait_too_long' };

export const PACER_WINDOW_MS = 61_000;

export class UpstreamPacer {
  #limit: number;
  /** Sorted send times within the window; future ones are reservations of waiting requests. */
  readonly #sends: number[] = [];
  #blockedUntil = 0;
  #waiting = 0;
  readonly #options: PacerOptions;
  readonly #windowMs: number;

  constructor(options: PacerOptions) {
    this.#options = options;
    this.#limit = options.limit;
    this.#windowMs = options.windowMs ?? PACER_WINDOW_MS;
  }

  /** The budget the proxy keeps to: the plan's (as announced), within the operator's cap. */
  get limit(): number {
    return Math.min(this.#limit, this.#options.cap ?? Number.POSITIVE_INFINITY);
  }

  get waiting(): number {
    return this.#waiting;
  }

  /** Sends the window still allows, counting reservations. */
  remaining(): number {
    this.#prune(this.#options.now());
    return Math.max(0, this.limit - this.#sends.length);
  }

  /** Waits for an upstream slot, or says at once that none comes soon enough. */
  async acquire(): Promise<SlotResult> {
    const now = this.#options.now();
    this.#prune(now);
    let at = now;
    const limit = this.limit;
    if (this.#sends.length >= limit) {
      at = Math.max(at, this.#sends[this.#sends.length - limit]! + this.#windowMs);
    }
    at = Math.max(at, this.#blockedUntil);
    const wait = at - now;
    if (wait > 0) {
      if (wait > this.#options.maxWaitMs)
        return { ok: false, retryAfterMs: wait, reason: 'wait_too_long' };
      if (this.#waiting >= this.#options.maxQueueLength)
        return { ok: false, retryAfterMs: wait, reason: 'queue_full' };
    }
    this.#insert(at);
    if (wait <= 0) return { ok: true, waitedMs: 0 };
    this.#waiting += 1;
    try {
      await this.#options.sleep(wait);
    } finally {
      this.#waiting -= 1;
    }
    return { ok: true, waitedMs: wait };
  }

  /**
   * Learns from an upstream answer's rate headers. A lower Remaining than our
   * own count means someone else spends the same account's budget (a
   * spreadsheet, a script): their requests are counted as if sent now.
   */
  observe(limitHeader: string | null, remainingHeader: string | null): void {
    const now = this.#options.now();
    const limit = parseCount(limitHeader);
    if (limit !== undefined && limit > 0) this.#limit = limit;
    const remaining = parseCount(remainingHeader);
    if (remaining === undefined) return;
    this.#prune(now);
    const sent = this.#sends.filter((time) => time <= now).length;
    const unseen = Math.min(this.#limit, this.#limit - remaining - sent);
    for (let i = 0; i < unseen; i += 1) this.#insert(now);
  }

  /** After an upstream 429: nothing goes out before Retry-After has passed (spec 7). */
  blockFor(ms: number): void {
    this.#blockedUntil = Math.max(this.#blockedUntil, this.#options.now() + ms);
  }

  #prune(now: number): void {
    const horizon = now - this.#windowMs;
    let drop = 0;
    while (drop < this.#sends.length && this.#sends[drop]! <= horizon) drop += 1;
    if (drop > 0) this.#sends.splice(0, drop);
  }

  #insert(time: number): void {
    let index = this.#sends.length;
    while (index > 0 && this.#sends[index - 1]! > time) index -= 1;
    this.#sends.splice(index, 0, time);
  }
}

function parseCount(text: string | null): number | undefined {
  if (text === null || !/^\s*\d+\s*$/.test(text)) return undefined;
  return Number(text);
}
