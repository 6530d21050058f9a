/// <reference path="../internal/response-shapes.d.ts" />
// The shapes of the endpoint this element reads, and of the summary blocks it
// includes: only those ship with it (test/widget/response-shapes.test.ts
// keeps the blocks equal to the element's include).
import shapes from 'virtual:aivis/response-shapes?endpoints=summary&blocks=profile,ai_visibility';
import { registerResponseShapes } from '../internal/connection.js';
import { AivisVisibilityScore } from './visibility-score.component.js';

export { AivisVisibilityScore };

registerResponseShapes(shapes, ['summary']);

if (!customElements.get('aivis-visibility-score')) {
  customElements.define('aivis-visibility-score', AivisVisibilityScore);
}

declare global {
  interface HTMLElementTagNameMap {
    'aivis-visibility-score': AivisVisibilityScore;
  }
}
