/**
 * Cards already rendered, by form, address and the answer's validator: a
 * card of an answer the cache still holds is served without rendering again,
 * as the bytes it was first sent as (encoding a string per request was most
 * of a hit's cost; docs/loading.md, "Cards from the server").
 * Bounded by count and by bytes; the oldest go first.
 */
const MAX_CARDS = 256;
const MAX_BYTES = 8 * 1024 * 1024;
/** A card larger than this is rendered each time rather than kept. */
const MAX_CARD_BYTES = 256 * 1024;

export class RenderedCards {
  readonly #cards = new Map<string, Uint8Array<ArrayBuffer>>();
  #bytes = 0;

  get(key: string): Uint8Array<ArrayBuffer> | undefined {
    return this.#cards.get(key);
  }

  set(key: string, body: Uint8Array<ArrayBuffer>): void {
    if (body.byteLength > MAX_CARD_BYTES || key.length > 4_096) return;
    const replaced = this.#cards.get(key);
    if (replaced) {
      this.#cards.delete(key);
      this.#bytes -= replaced.byteLength + key.length;
    }
    this.#cards.set(key, body);
    this.#bytes += body.byteLength + key.length;
    for (const [oldKey, oldBody] of this.#cards) {
      if (this.#cards.size <= MAX_CARDS && this.#bytes <= MAX_BYTES) break;
      this.#cards.delete(oldKey);
      this.#bytes -= oldBody.byteLength + oldKey.length;
    }
  }
}
