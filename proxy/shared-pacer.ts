/**
 * The account's budget counted once for every instance sharing a store: the
 * store reserves each slot atomically (a Lua script in Redis, one Durable
 * Object on Workers) with the same sliding window as UpstreamPacer, and this
 * instance only sleeps the wait it is given. Learned X-RateLimit-* figures and
 * a 429's Retry-After go to the store too.
 *
 * While the store is unreachable the instance counts alone in its own
 * UpstreamPacer, limited to its fallback share of the plan. The shared window
 * and the fallback share are never both free: an instance that reached the
 * store within the window counts that window as spent (the rest of the fleet
 * may have spent it since), so a store that flaps never adds its share on top
 * of the plan; and the sends it makes alone are added to the store's window
 * when it answers again, as they are, never merged with what the store holds
 * (docs/proxy-scale-out.md#when-redis-is-down).
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
import { MAX_REPORTED_SENDS, type StoreLink } from './store.js';

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
  /** Clock time the store last answered a reservation; none yet at start. */
  #lastContact = Number.NEGATIVE_INFINITY;
  /** Clock times of the sends made alone that the store has not counted yet (bounded). */
  #aloneSends: number[] = [];
  /**
   * Until this clock time, back from counting alone, each send needs a slot of the
   * fallback share as well as the store's: the other instances' sends made alone may
   * not be in the store yet.
   */
  #transitionUntil = Number.NEGATIVE_INFINITY;

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
    const wasAlone = !this.#shared;
    const spentAlone = this.#aloneSends.length > 0;
    // When the store last answered anything, before this call (which may be the one back).
    const seen = Math.max(this.#lastContact, this.link.lastAnswerAt);
    const answer = await this.link.use(async (store) => {
      if (!this.#shared && this.#aloneSends.length > 0) {
        // Back after counting alone: the sends made alone count in the store's window too,
        // added as they are (the store's own count is the rest of the fleet's, not these).
        const spentAt = this.#aloneSends.slice(0, MAX_REPORTED_SENDS);
        await store.observe({
          now: options.now(),
          windowMs: this.#windowMs,
          limit: options.limit,
          spentAt,
        });
        this.#aloneSends = [];
      }
      return store.reserve({
        now: options.now(),
        windowMs: this.#windowMs,
        limit: options.limit,
        cap: options.cap ?? 0,
        maxWaitMs: options.maxWaitMs,
      });
    });
    if (answer === undefined) return this.#acquireAlone();
    const now = options.now();
    // Back after spending alone, or after an absence long enough for the others to have
    // spent their fallback shares: for one window, the store's slot and a share's slot.
    if (wasAlone && (spentAlone || now - seen >= this.#windowMs)) {
      this.#transitionUntil = now + this.#windowMs;
    }
    this.#shared = true;
    this.#lastContact = now;
    this.#known = { limit: answer.limit, remaining: answer.remaining };
    if (!answer.ok) return answer;
    let waitMs = answer.waitMs;
    if (now < this.#transitionUntil) {
      const share = this.#local.reserve();
      if (!share.ok) return share;
      waitMs = Math.max(waitMs, share.waitMs);
    }
    if (waitMs > 0 && this.#waiting >= options.maxQueueLength) {
      return { ok: false, retryAfterMs: waitMs, reason: 'queue_full' };
    }
    return waitForSlot(waitMs, options.sleep, (delta) => {
      this.#waiting += delta;
    });
  }

  /** A slot of the fallback share, while the store does not answer. */
  async #acquireAlone(): Promise<SlotResult> {
    const now = this.#options.now();
    if (this.#shared) {
      this.#shared = false;
      // The window this instance last saw the store in is not free: the rest of the fleet may
      // have spent what was left of it since. Counted as spent now, so the fallback share starts
      // once it has passed; a store away longer than a window (or since start) costs nothing.
      const seen = Math.max(this.#lastContact, this.link.lastAnswerAt);
      const spent = now - seen < this.#windowMs ? '0' : undefined;
      if (spent !== undefined) this.#local.observe(String(this.#known.limit), spent);
    }
    const slot = await this.#local.acquire();
    if (slot.ok) {
      const horizon = this.#options.now() - this.#windowMs;
      this.#aloneSends = this.#aloneSends.filter((at) => at > horizon);
      if (this.#aloneSends.length < MAX_REPORTED_SENDS) this.#aloneSends.push(now + slot.waitedMs);
    }
    return slot;
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
