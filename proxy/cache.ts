/**
 * An in-memory LRU of upstream 200 answers, bounded by entry count and bytes.
 * A Map keeps insertion order, so re-inserting on read makes the first key the
 * least recently used one.
 */

export interface CachedAnswer {
  status: 200;
  body: Uint8Array<ArrayBuffer>;
  contentType: string;
  /** Strong validator: a quoted SHA-256 of the body. */
  etag: string;
  /** Clock time (ms) the answer arrived from upstream. */
  storedAt: number;
}

export class AnswerCache {
  readonly #entries = new Map<string, CachedAnswer>();
  #bytes = 0;
  /** The key last inserted or moved to the end (the most recently used), if still there. */
  #newest: string | undefined;

  constructor(
    readonly maxEntries: number,
    readonly maxBytes: number,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** The entry, marked as most recently used. */
  get(key: string): CachedAnswer | undefined {
    const entry = this.#entries.get(key);
    // A crowd reads one key again and again: it is already the most recent, nothing to move.
    if (entry && key !== this.#newest) {
      this.#entries.delete(key);
      this.#entries.set(key, entry);
      this.#newest = key;
    }
    return entry;
  }

  /** Stores an answer; one bigger than the whole budget is not kept. Returns whether it was. */
  set(key: string, entry: CachedAnswer): boolean {
    this.delete(key);
    const size = sizeOf(key, entry);
    if (size > this.maxBytes) return false;
    this.#entries.set(key, entry);
    this.#newest = key;
    this.#bytes += size;
    for (const [oldKey] of this.#entries) {
      if (this.#entries.size <= this.maxEntries && this.#bytes <= this.maxBytes) break;
      this.delete(oldKey);
    }
    return true;
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    if (key === this.#newest) this.#newest = undefined;
    this.#bytes -= sizeOf(key, entry);
  }
}

/** Body bytes plus a rough charge for the key and bookkeeping, so many tiny entries still count. */
const sizeOf = (key: string, entry: CachedAnswer) =>
  entry.body.byteLength + key.length * 2 + entry.etag.length * 2 + 128;
