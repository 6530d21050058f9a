/**
 * The automatic retry after a 429 or a passing failure (a 500, a network
 * error, a timeout): counts the Retry-After or backoff seconds down (the
 * host renders `secondsLeft`, and stops it when it leaves the page), then retries,
 * at most MAX_AUTOMATIC_RETRIES times in a row before the widget waits for a
 * click instead. The seconds pass through the page's sleep (configure()), so
 * tests decide when a second is over.
 */
import { sleep } from './connection.js';

/** Automatic retries after 429 before the widget waits for a click instead. */
export const MAX_AUTOMATIC_RETRIES = 3;

/** What the countdown needs of its widget: to be drawn again as the seconds pass. */
interface CountdownHost {
  requestUpdate(): void;
}

export class RetryCountdown {
  /** Seconds until the automatic retry; undefined when none is scheduled. */
  secondsLeft?: number;
  /** Automatic retries since the last successful load. */
  #retries = 0;
  #stopper?: AbortController;

  readonly #host: CountdownHost;
  readonly #retry: () => void;

  constructor(host: CountdownHost, retry: () => void) {
    this.#host = host;
    this.#retry = retry;
  }

  /** Automatic retries since the last successful load (the backoff grows with them). */
  get retriesMade(): number {
    return this.#retries;
  }

  /** Counts `seconds` (at least 1) down, then retries; nothing when the automatic retries are used up. */
  async start(seconds: number): Promise<void> {
    if (this.#retries >= MAX_AUTOMATIC_RETRIES) return;
    this.stop();
    const stopper = new AbortController();
    this.#stopper = stopper;
    for (let left = Math.max(1, Math.ceil(seconds)); left > 0; left--) {
      this.secondsLeft = left;
      this.#host.requestUpdate();
      await sleep(1000, stopper.signal).catch(() => {});
      if (stopper.signal.aborted) return;
    }
    this.stop();
    this.#retries += 1;
    this.#retry();
  }

  /** Cancels a scheduled retry (a reload, a new run of the task, the element leaving the page: aivis-element.ts). */
  stop(): void {
    this.#stopper?.abort();
    this.#stopper = this.secondsLeft = undefined;
    this.#host.requestUpdate();
  }

  /** After a successful load the next 429 gets every automatic retry again. */
  reset(): void {
    this.#retries = 0;
  }
}
