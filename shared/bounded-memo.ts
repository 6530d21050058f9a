/**
 * A bounded memo for pure per-request work that repeats (a dashboard's few
 * request targets, its Host header): computed once, then looked up. Hostile
 * variety cannot grow it: past `maxKeys` it starts over, and long keys are
 * never kept.
 */
export class BoundedMemo<V> {
  readonly #values = new Map<string, V>();

  constructor(
    readonly maxKeys: number,
    readonly maxKeyLength = 2_048,
  ) {}

  get(key: string, compute: (key: string) => V): V {
    const known = this.#values.get(key);
    if (known !== undefined || this.#values.has(key)) return known as V;
    const value = compute(key);
    if (key.length <= this.maxKeyLength) {
      if (this.#values.size >= this.maxKeys) this.#values.clear();
      this.#values.set(key, value);
    }
    return value;
  }
}
