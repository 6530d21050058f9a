/// <reference path="../internal/response-shapes.d.ts" />
// The shapes of the bodies this element reads, and only those: the summary
// blocks it includes, and the competitors history its opt-in sparkline draws
// (test/widget/response-shapes.test.ts keeps them equal to its requests).
import shapes, { endpoints } from 'virtual:aivis/response-shapes?element=aivis-visibility-score';
import { registerResponseShapes } from '../internal/connection.js';
import { AivisVisibilityScore } from './visibility-score.component.js';

export { AivisVisibilityScore };

registerResponseShapes(shapes, endpoints);

// Only where there is a DOM: a server rendering the page imports this module too
// (docs/widgets.md, "Server-rendered apps").
if (globalThis.customElements && !customElements.get('aivis-visibility-score')) {
  customElements.define('aivis-visibility-score', AivisVisibilityScore);
}

declare global {
  interface HTMLElementTagNameMap {
    'aivis-visibility-score': AivisVisibilityScore;
  }
}
