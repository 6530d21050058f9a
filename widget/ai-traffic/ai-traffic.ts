/// <reference path="../internal/response-shapes.d.ts" />
// The shapes of the endpoint this element reads, and only of the bodies it asks
// for (test/widget/response-shapes.test.ts keeps them equal to its requests).
import shapes, { endpoints } from 'virtual:aivis/response-shapes?element=aivis-ai-traffic';
import { AivisAiTraffic } from './ai-traffic.component.js';

export { AivisAiTraffic };

AivisAiTraffic.define('aivis-ai-traffic', shapes, endpoints);

declare global {
  interface HTMLElementTagNameMap {
    'aivis-ai-traffic': AivisAiTraffic;
  }
}
