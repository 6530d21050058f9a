/**
 * Cards already rendered, by form, address and the answer's validator: a
 * card of an answer the cache still holds is served without rendering again.
 * Bounded by count and by bytes; the oldest go first.
 */
const MAX_CARDS = 256;
const MAX_BYTES = 8 * 1024 * 1024;
/** A card larger than this is rendered each time rather than kept. */
const MAX_CARD_BYTES = 256 * 1024;

export class RenderedCards {
  readonly #cards = new Map<string, string>();
  #bytes = 0;

  get(key: string): string | undefined {
    return this.#cards.get(key);
  }

  set(key: string, body: string): void {
    if (body.length > MAX_CARD_BYTES || key.length > 4_096) return;
    this.#cards.set(key, body);
    this.#bytes += body.length + key.length;
    for (const [oldKey, oldBody] of this.#cards) {
      if (this.#cards.size <= MAX_CARDS && this.#bytes <= MAX_BYTES) break;
      this.#cards.delete(oldKey);
      this.#bytes -= oldBody.length + oldKey.length;
    }
  }
}
