/// <reference path="../internal/response-shapes.d.ts" />
// The shapes of the endpoint this element reads: only its own ship with it.
import shapes, { endpoints } from 'virtual:aivis/response-shapes?element=aivis-citations';
import { registerResponseShapes } from '../internal/connection.js';
import { AivisCitations } from './citations.component.js';

export { AivisCitations };

registerResponseShapes(shapes, endpoints);

// Only where there is a DOM: a server rendering the page imports this module too
// (docs/widgets.md, "Server-rendered apps").
if (globalThis.customElements && !customElements.get('aivis-citations')) {
  customElements.define('aivis-citations', AivisCitations);
}

declare global {
  interface HTMLElementTagNameMap {
    'aivis-citations': AivisCitations;
  }
}
