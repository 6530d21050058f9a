/// <reference path="../internal/response-shapes.d.ts" />
// The shapes of the endpoint this element reads: only its own ship with it.
import shapes from 'virtual:aivis/response-shapes?endpoints=ai-traffic';
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
