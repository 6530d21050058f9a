/**
 * A store several proxy instances share (docs/proxy-scale-out.md): Redis for
 * a fleet of Node processes (proxy/redis-store.ts), a Durable Object per
 * account on Workers (proxy/durable-budget.ts). The handler keeps one
 * pipeline; only where the budget, the per-client share, the coalescing lock
 * and (with Redis) the answers live changes.
 *
 * A store may fail or be slow at any call: StoreLink bounds each call by a
 * timeout, and after a failure the instance counts alone (its own memory, a
 * conservative share of the budget) until a later call succeeds. It says so
 * once each way. Web-standard APIs only.
 */
import type { Reservation } from './pacer.js';
import type { SharedAnswerStore } from './shared-cache.js';

export interface BudgetRequest {
  /** The caller's clock, in ms since the epoch. */
  now: number;
  windowMs: number;
  /** The budget assumed until the service announces its own (RATE_LIMIT_PER_MINUTE). */
  limit: number;
  /** MAX_UPSTREAM_PER_MINUTE; 0 for none. */
  cap: number;
  maxWaitMs: number;
}

/** A reservation, with the budget's figures as they stand after it. */
export type BudgetAnswer = Reservation & { limit: number; remaining: number };

/** Most alone sends one observe call reports (a fallback share is far smaller; the rest are not re-added). */
export const MAX_REPORTED_SENDS = 1_000;

export interface ObserveRequest {
  now: number;
  windowMs: number;
  /** The budget assumed until the service announces its own. */
  limit: number;
  /** X-RateLimit-Limit, read and clamped. */
  announcedLimit?: number;
  /** X-RateLimit-Remaining. */
  remaining?: number;
  /**
   * Clock times of sends this instance made while it counted alone: added to
   * the window as they are (they are no one else's), never merged away.
   */
  spentAt?: readonly number[];
}

export type ShareAnswer = { ok: true } | { ok: false; retryAfterMs: number };

export interface SharedStore {
  /** For the log and the stats: 'redis' or 'durable-object'. */
  readonly kind: string;
  /** The answers every instance reads, when this store holds them (Redis). */
  readonly answers?: SharedAnswerStore;
  reserve(request: BudgetRequest): Promise<BudgetAnswer>;
  observe(request: ObserveRequest): Promise<void>;
  /** After a 429: nothing goes out before clock time `at`. */
  blockUntil(at: number, now: number): Promise<void>;
  /** One miss of `share` per window for this client (already a key, never an address in clear). */
  takeShare(client: string, share: number, now: number, windowMs: number): Promise<ShareAnswer>;
  /** true: the caller holds the lock for `ttlMs`; false: another instance does. */
  lock(key: string, ttlMs: number): Promise<boolean>;
  unlock(key: string): Promise<void>;
  isLocked(key: string): Promise<boolean>;
}

export type StoreState = 'shared' | 'alone';

export interface StoreLinkOptions {
  timeoutMs: number;
  now: () => number;
  /** One line when the instance starts counting alone and one when it rejoins. */
  notice: (text: string) => void;
  /** After a failure, calls skip the store this long before one tries again. */
  retryMs?: number;
}

export const STORE_RETRY_MS = 1_000;

class StoreTimeout extends Error {}

/**
 * The handler's way to its store: every call bounded, failures answered
 * with undefined (the caller then works alone), the state in the stats.
 */
export class StoreLink {
  #state: StoreState = 'shared';
  #retryAt = 0;
  #failures = 0;
  #lastAnswerAt = Number.NEGATIVE_INFINITY;

  constructor(
    readonly store: SharedStore,
    readonly options: StoreLinkOptions,
  ) {}

  get state(): StoreState {
    return this.#state;
  }

  /** Clock time of the store's last answer to any call; none yet: negative infinity. */
  get lastAnswerAt(): number {
    return this.#lastAnswerAt;
  }

  /** Calls that failed or timed out, since start. */
  get failures(): number {
    return this.#failures;
  }

  /** The call's result, or undefined when the store is down, slow or failing. */
  async use<T>(call: (store: SharedStore) => Promise<T>): Promise<T | undefined> {
    if (this.#state === 'alone' && this.options.now() < this.#retryAt) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const result = await Promise.race([
        call(this.store),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new StoreTimeout()), this.options.timeoutMs);
        }),
      ]);
      this.#lastAnswerAt = this.options.now();
      if (this.#state === 'alone') {
        this.#state = 'shared';
        this.options.notice(
          `aivis proxy: the shared store (${this.store.kind}) answers again; cache, coalescing and budget are shared again`,
        );
      }
      return result;
    } catch (error) {
      this.#failures += 1;
      this.#retryAt = this.options.now() + (this.options.retryMs ?? STORE_RETRY_MS);
      if (this.#state === 'shared') {
        this.#state = 'alone';
        const why =
          error instanceof StoreTimeout
            ? `slow (no answer within ${this.options.timeoutMs} ms)`
            : 'unreachable';
        this.options.notice(
          `aivis proxy: the shared store (${this.store.kind}) is ${why}; this instance answers from its own memory with its fallback share of the budget until it is back`,
        );
      }
      return undefined;
    } finally {
      if (timer !== undefined) clearTimeout(timer);
    }
  }
}
