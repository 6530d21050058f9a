/**
 * The account's budget counted once for every instance sharing a store: the
 * store reserves each slot atomically (a Lua script in Redis, one Durable
 * Object on Workers) with the same sliding window as UpstreamPacer, and this
 * instance only sleeps the wait it is given. Learned X-RateLimit-* figures and
 * a 429's Retry-After go to the store too.
 *
 * While the store is unreachable the instance counts alone in its own
 * UpstreamPacer, limited to its fallback share of the plan and seeded with the
 * sends the store last reported, so a fleet that loses its store stays within
 * the plan (docs/proxy-scale-out.md#when-redis-is-down).
 */
import {
  MAX_BUDGET_PER_MINUTE,
  PACER_WINDOW_MS,
  type Pacer,
  type PacerOptions,
  parseCount,
  type SlotResult,
  UpstreamPacer,
  waitForSlot,
} from './pacer.js';
import type { StoreLink } from './store.js';

export interface SharedPacerOptions extends PacerOptions {
  /** Fraction of the plan this instance spends while alone (0 < share <= 1). */
  fallbackShare: number;
}

export class SharedPacer implements Pacer {
  readonly #local: UpstreamPacer;
  readonly #options: SharedPacerOptions;
  readonly #windowMs: number;
  #known: { limit: number; remaining: number };
  #waiting = 0;
  /** Whether the last budget call reached the store (the local pacer is seeded when that changes). */
  #shared = true;

  constructor(
    readonly link: StoreLink,
    options: SharedPacerOptions,
  ) {
    this.#options = options;
    this.#windowMs = options.windowMs ?? PACER_WINDOW_MS;
    this.#local = new UpstreamPacer({ ...options, share: options.fallbackShare });
    const limit = Math.min(options.limit, options.cap ?? Number.POSITIVE_INFINITY);
    this.#known = { limit, remaining: limit };
  }

  get limit(): number {
    return this.link.state === 'shared' ? this.#known.limit : this.#local.limit;
  }

  get waiting(): number {
    return this.#waiting + this.#local.waiting;
  }

  remaining(): number {
    return this.link.state === 'shared' ? this.#known.remaining : this.#local.remaining();
  }

  async acquire(): Promise<SlotResult> {
    const options = this.#options;
    const answer = await this.link.use(async (store) => {
      if (!this.#shared) {
        // Back after counting alone (the store may have restarted empty): what this
        // instance knows the account spent counts in the store too before it reserves.
        await store.observe({
          now: options.now(),
          windowMs: this.#windowMs,
          limit: options.limit,
          announcedLimit: this.#local.plan,
          remaining: this.#local.planRemaining(),
        });
      }
      return store.reserve({
        now: options.now(),
        windowMs: this.#windowMs,
        limit: options.limit,
        cap: options.cap ?? 0,
        maxWaitMs: options.maxWaitMs,
      });
    });
    if (answer === undefined) {
      if (this.#shared) {
        // What the fleet spent in this window, as last known, counts against this instance too.
        this.#shared = false;
        this.#local.observe(String(this.#known.limit), String(this.#known.remaining));
      }
      return this.#local.acquire();
    }
    this.#shared = true;
    this.#known = { limit: answer.limit, remaining: answer.remaining };
    if (!answer.ok) return answer;
    if (answer.waitMs > 0 && this.#waiting >= options.maxQueueLength) {
      return { ok: false, retryAfterMs: answer.waitMs, reason: 'queue_full' };
    }
    return waitForSlot(answer.waitMs, options.sleep, (delta) => {
      this.#waiting += delta;
    });
  }

  observe(limitHeader: string | null, remainingHeader: string | null): void {
    this.#local.observe(limitHeader, remainingHeader);
    const announced = parseCount(limitHeader);
    const remaining = parseCount(remainingHeader);
    if (announced === undefined && remaining === undefined) return;
    void this.link.use((store) =>
      store.observe({
        now: this.#options.now(),
        windowMs: this.#windowMs,
        limit: this.#options.limit,
        ...(announced === undefined || announced <= 0
          ? {}
          : { announcedLimit: Math.min(announced, MAX_BUDGET_PER_MINUTE) }),
        ...(remaining === undefined
          ? {}
          : { remaining: Math.min(remaining, MAX_BUDGET_PER_MINUTE) }),
      }),
    );
  }

  blockFor(ms: number): void {
    this.#local.blockFor(ms);
    const now = this.#options.now();
    void this.link.use((store) => store.blockUntil(now + ms, now));
  }
}
