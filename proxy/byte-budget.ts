/**
 * A bound on the bytes of upstream answers held in memory at once while they
 * are read, checked and scrubbed (MAX_BUFFERED_BYTES). Forty 7 MB answers
 * arriving together would otherwise all sit in memory at the same time; past
 * the bound, readers wait their turn in arrival order, and past the queue
 * bound they are refused.
 */

export type Release = () => void;

interface Waiter {
  bytes: number;
  grant: (release: Release) => void;
}

export class BufferBusyError extends Error {
  constructor() {
    super('too many large answers are being read at once');
    this.name = 'BufferBusyError';
  }
}

export class ByteBudget {
  #used = 0;
  readonly #queue: Waiter[] = [];

  constructor(
    readonly capacity: number,
    readonly maxWaiting: number,
  ) {}

  get used(): number {
    return this.#used;
  }

  get waiting(): number {
    return this.#queue.length;
  }

  /**
   * Resolves with a release function once `bytes` fit (never more than the
   * capacity is asked for); rejects when the queue is full or the signal aborts.
   */
  reserve(bytes: number, signal?: AbortSignal): Promise<Release> {
    const size = Math.min(Math.max(0, bytes), this.capacity);
    if (this.#queue.length === 0 && this.#used + size <= this.capacity) {
      return Promise.resolve(this.#grant(size));
    }
    if (this.#queue.length >= this.maxWaiting) return Promise.reject(new BufferBusyError());
    return new Promise<Release>((resolve, reject) => {
      const waiter: Waiter = { bytes: size, grant: resolve };
      this.#queue.push(waiter);
      signal?.addEventListener(
        'abort',
        () => {
          const index = this.#queue.indexOf(waiter);
          if (index >= 0) {
            this.#queue.splice(index, 1);
            reject(signal.reason instanceof Error ? signal.reason : new BufferBusyError());
            this.#drain();
          }
        },
        { once: true },
      );
    });
  }

  #grant(bytes: number): Release {
    this.#used += bytes;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#used -= bytes;
      this.#drain();
    };
  }

  #drain(): void {
    while (this.#queue.length > 0) {
      const next = this.#queue[0]!;
      if (this.#used + next.bytes > this.capacity) return;
      this.#queue.shift();
      next.grant(this.#grant(next.bytes));
    }
  }
}
