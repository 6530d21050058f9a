/// <reference path="../internal/response-shapes.d.ts" />
// The shapes of the endpoint this element reads, and only of the bodies it asks
// for (test/widget/response-shapes.test.ts keeps them equal to its requests).
import shapes from 'virtual:aivis/response-shapes?endpoints=ai-traffic&variants=summary,daily';
import { registerResponseShapes } from '../internal/connection.js';
import { AivisAiTraffic } from './ai-traffic.component.js';

export { AivisAiTraffic };

registerResponseShapes(shapes, ['ai-traffic']);

if (!customElements.get('aivis-ai-traffic')) {
  customElements.define('aivis-ai-traffic', AivisAiTraffic);
}

declare global {
  interface HTMLElementTagNameMap {
    'aivis-ai-traffic': AivisAiTraffic;
  }
}
