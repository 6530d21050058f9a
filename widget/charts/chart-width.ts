/**
 * The pixel width of a chart's box, as a Lit reactive controller: charts are
 * drawn at their real width (text stays legible in a 240 px sidebar and on a
 * wide page alike) rather than scaled from a fixed viewBox. A ResizeObserver
 * re-renders the host when the width changes.
 */
import type { ReactiveController, ReactiveElement } from 'lit';

/** Bounds on the width a chart is drawn at, whatever the box reports. */
const MIN_WIDTH = 160;
const MAX_WIDTH = 2000;

export class ChartWidthController implements ReactiveController {
  /** The width to draw at; a guess until the first measurement. */
  width = 480;
  #observer?: ResizeObserver;
  #observed?: Element;

  readonly #host: ReactiveElement;
  /** The element whose width the chart fills, in the host's shadow root. */
  readonly #selector: string;

  constructor(host: ReactiveElement, selector: string) {
    this.#host = host;
    this.#selector = selector;
    host.addController(this);
  }

  hostUpdated(): void {
    const box = this.#host.renderRoot.querySelector(this.#selector) ?? undefined;
    if (box === this.#observed || typeof ResizeObserver !== 'function') return;
    this.#observer ??= new ResizeObserver(([entry]) => {
      const measured = Math.round(entry?.contentRect.width ?? 0);
      const width = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, measured));
      if (measured > 0 && width !== this.width) {
        this.width = width;
        this.#host.requestUpdate();
      }
    });
    this.#observer.disconnect();
    this.#observed = box;
    if (box) this.#observer.observe(box);
  }

  hostDisconnected(): void {
    this.#observer?.disconnect();
    this.#observed = undefined;
  }
}
