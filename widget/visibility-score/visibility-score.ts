/// <reference path="../internal/response-shapes.d.ts" />
// The shapes of the endpoint this element reads: only its own ship with it.
import shapes from 'virtual:aivis/response-shapes?endpoints=summary';
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
