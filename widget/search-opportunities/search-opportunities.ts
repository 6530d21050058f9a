/// <reference path="../internal/response-shapes.d.ts" />
// The shapes of the endpoint this element reads: only its own ship with it.
import shapes from 'virtual:aivis/response-shapes?endpoints=search-performance';
import { registerResponseShapes } from '../internal/connection.js';
import { AivisSearchOpportunities } from './search-opportunities.component.js';

export { AivisSearchOpportunities };

registerResponseShapes(shapes, ['search-performance']);

if (!customElements.get('aivis-search-opportunities')) {
  customElements.define('aivis-search-opportunities', AivisSearchOpportunities);
}

declare global {
  interface HTMLElementTagNameMap {
    'aivis-search-opportunities': AivisSearchOpportunities;
  }
}
