/**
 * One upstream call per key at a time: whoever asks while it runs shares its
 * outcome (a crowd opening one dashboard costs one request, data-api 8).
 */
export class Coalescer<T> {
  readonly #running = new Map<string, Promise<T>>();

  /** Whether a call for the key is running now. */
  has(key: string): boolean {
    return this.#running.has(key);
  }

  /** The running call for the key, or a new one from `start`; forgotten once it settles. */
  run(key: string, start: () => Promise<T>): Promise<T> {
    const running = this.#running.get(key);
    if (running) return running;
    const settled = start().finally(() => {
      if (this.#running.get(key) === settled) this.#running.delete(key);
    });
    this.#running.set(key, settled);
    return settled;
  }
}
