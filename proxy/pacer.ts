/**
 * Keeps the proxy's upstream traffic inside the account's per-minute budget
 * (data-api 8: 60 or 120 requests per minute per account, announced in
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
  /**
   * Fraction of the plan this pacer may spend (0 < share <= 1): an instance
   * counting alone while the store its fleet shares is unreachable.
   */
  share?: number;
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

/** What the upstream call needs of a budget: this process's pacer, or one shared by a fleet. */
export interface Pacer {
  readonly limit: number;
  readonly waiting: number;
  remaining(): number;
  acquire(): Promise<SlotResult>;
  observe(limitHeader: string | null, remainingHeader: string | null): void;
  blockFor(ms: number): void;
}

/** A slot decided but not yet waited for: `waitMs` from now. */
export type Reservation =
  | { ok: true; waitMs: number }
  | { ok: false; retryAfterMs: number; reason: 'wait_too_long' };

/**
 * The highest per-minute budget the proxy believes, whatever upstream's
 * X-RateLimit-Limit says (data-api 8 plans are 60 or 120): a header is input too.
 */
export const MAX_BUDGET_PER_MINUTE = 100_000;
/** Most sends one record() call adds (store.ts MAX_REPORTED_SENDS, here without importing the store). */
const MAX_RECORDED = 1_000;

/** Sends at one instant: a Remaining gap of thousands is one record, not thousands. */
interface SendRun {
  at: number;
  count: number;
}

export class UpstreamPacer implements Pacer {
  #limit: number;
  /** Runs of sends sorted by time; future ones are reservations of waiting requests. */
  readonly #runs: SendRun[] = [];
  /** Sum of the runs' counts. */
  #total = 0;
  #blockedUntil = 0;
  #waiting = 0;
  readonly #options: PacerOptions;
  readonly #windowMs: number;

  constructor(options: PacerOptions) {
    this.#options = options;
    this.#limit = Math.min(options.limit, MAX_BUDGET_PER_MINUTE);
    this.#windowMs = options.windowMs ?? PACER_WINDOW_MS;
  }

  /** The budget the proxy keeps to: the plan's (as announced), within the operator's cap. */
  get limit(): number {
    const share = this.#options.share;
    const plan = share === undefined ? this.#limit : Math.max(1, Math.floor(this.#limit * share));
    return Math.min(plan, this.#options.cap ?? Number.POSITIVE_INFINITY);
  }

  get waiting(): number {
    return this.#waiting;
  }

  /** Records kept: bounded by the requests made, never by a header's value. */
  get records(): number {
    this.#prune(this.#options.now());
    return this.#runs.length;
  }

  /** Sends the plan (as announced, before any share or cap) still allows in the window. */
  planRemaining(): number {
    this.#prune(this.#options.now());
    return Math.max(0, this.#limit - this.#total);
  }

  /** The plan as announced (or assumed), before any share or cap. */
  get plan(): number {
    return this.#limit;
  }

  /** Sends the window still allows, counting reservations. */
  remaining(): number {
    this.#prune(this.#options.now());
    return Math.max(0, this.limit - this.#total);
  }

  /**
   * Reserves the first instant the window has room for one more send, unless
   * that is more than maxWaitMs away; the caller waits (a Durable Object
   * answers with the wait, the isolate sleeps it).
   */
  reserve(): Reservation {
    const now = this.#options.now();
    this.#prune(now);
    let at = now;
    const limit = this.limit;
    if (this.#total >= limit) {
      // The send that has to leave the window before one more fits.
      at = Math.max(at, this.#timeOfSend(this.#total - limit) + this.#windowMs);
    }
    at = Math.max(at, this.#blockedUntil);
    const wait = at - now;
    if (wait > this.#options.maxWaitMs) {
      return { ok: false, retryAfterMs: wait, reason: 'wait_too_long' };
    }
    this.#insert(at, 1);
    return { ok: true, waitMs: Math.max(0, wait) };
  }

  /** Waits for an upstream slot, or says at once that none comes soon enough. */
  async acquire(): Promise<SlotResult> {
    const wait = this.#nextWait();
    if (
      wait > 0 &&
      wait <= this.#options.maxWaitMs &&
      this.#waiting >= this.#options.maxQueueLength
    ) {
      return { ok: false, retryAfterMs: wait, reason: 'queue_full' };
    }
    const slot = this.reserve();
    if (!slot.ok) return slot;
    return waitForSlot(slot.waitMs, this.#options.sleep, (delta) => {
      this.#waiting += delta;
    });
  }

  /** How long a send decided now would wait. */
  #nextWait(): number {
    const now = this.#options.now();
    this.#prune(now);
    let at = now;
    if (this.#total >= this.limit) {
      at = Math.max(at, this.#timeOfSend(this.#total - this.limit) + this.#windowMs);
    }
    return Math.max(at, this.#blockedUntil) - now;
  }

  /**
   * Learns from an upstream answer's rate headers. A lower Remaining than our
   * own count means someone else spends the same account's budget (a
   * spreadsheet, a script): their requests are counted as if sent now.
   */
  observe(limitHeader: string | null, remainingHeader: string | null): void {
    const now = this.#options.now();
    const limit = parseCount(limitHeader);
    if (limit !== undefined && limit > 0) this.#limit = Math.min(limit, MAX_BUDGET_PER_MINUTE);
    const remaining = parseCount(remainingHeader);
    if (remaining === undefined) return;
    this.#prune(now);
    let sent = 0;
    for (const run of this.#runs) if (run.at <= now) sent += run.count;
    const unseen = Math.min(this.#limit, this.#limit - remaining - sent);
    if (unseen > 0) this.#insert(now, unseen);
  }

  /** Sends made elsewhere at these clock times (another instance's, counted alone), added as they are. */
  record(times: readonly number[]): void {
    const now = this.#options.now();
    this.#prune(now);
    for (const at of times.slice(0, MAX_RECORDED)) {
      if (Number.isFinite(at) && at > now - this.#windowMs && at <= now) this.#insert(at, 1);
    }
  }

  /** After an upstream 429: nothing goes out before Retry-After has passed (data-api 7). */
  blockFor(ms: number): void {
    this.blockUntil(this.#options.now() + ms);
  }

  blockUntil(at: number): void {
    this.#blockedUntil = Math.max(this.#blockedUntil, at);
  }

  /** Clock time before which nothing goes out (a 429's Retry-After). */
  get blockedUntil(): number {
    return this.#blockedUntil;
  }

  /** Time of the index-th oldest send (0 is the oldest). */
  #timeOfSend(index: number): number {
    let seen = 0;
    for (const run of this.#runs) {
      seen += run.count;
      if (seen > index) return run.at;
    }
    return this.#runs.at(-1)?.at ?? Number.NEGATIVE_INFINITY;
  }

  #prune(now: number): void {
    const horizon = now - this.#windowMs;
    let drop = 0;
    while (drop < this.#runs.length && this.#runs[drop]!.at <= horizon) {
      this.#total -= this.#runs[drop]!.count;
      drop += 1;
    }
    if (drop > 0) this.#runs.splice(0, drop);
  }

  #insert(at: number, count: number): void {
    this.#total += count;
    let index = this.#runs.length;
    while (index > 0 && this.#runs[index - 1]!.at > at) index -= 1;
    const before = this.#runs[index - 1];
    if (before?.at === at) before.count += count;
    else this.#runs.splice(index, 0, { at, count });
  }
}

/** Sleeps a reserved slot's wait, counting the waiter meanwhile. */
export async function waitForSlot(
  waitMs: number,
  sleep: (ms: number) => Promise<void>,
  count: (delta: number) => void,
): Promise<SlotResult> {
  if (waitMs <= 0) return { ok: true, waitedMs: 0 };
  count(1);
  try {
    await sleep(waitMs);
  } finally {
    count(-1);
  }
  return { ok: true, waitedMs: waitMs };
}

export function parseCount(text: string | null): number | undefined {
  if (text === null || !/^\s*\d+\s*$/.test(text)) return undefined;
  return Number(text);
}
