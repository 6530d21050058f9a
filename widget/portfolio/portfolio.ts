/// <reference path="../internal/response-shapes.d.ts" />
// The shapes of the endpoints this element reads: the list and the summary.
import shapes, { endpoints } from 'virtual:aivis/response-shapes?element=aivis-portfolio';
import { registerResponseShapes } from '../internal/connection.js';
import { AivisPortfolio } from './portfolio.component.js';

export { AivisPortfolio };

registerResponseShapes(shapes, endpoints);

// Only where there is a DOM: a server rendering the page imports this module too
// (docs/widgets.md, "Server-rendered apps").
if (globalThis.customElements && !customElements.get('aivis-portfolio')) {
  customElements.define('aivis-portfolio', AivisPortfolio);
}

declare global {
  interface HTMLElementTagNameMap {
    'aivis-portfolio': AivisPortfolio;
  }
}
