/// <reference path="../internal/response-shapes.d.ts" />
// The shapes of the endpoint this element reads: only its own ship with it.
import shapes, { endpoints } from 'virtual:aivis/response-shapes?element=aivis-action-plan';
import { registerResponseShapes } from '../internal/connection.js';
import { AivisActionPlan } from './action-plan.component.js';

export { AivisActionPlan };

registerResponseShapes(shapes, endpoints);

// Only where there is a DOM: a server rendering the page imports this module too
// (docs/widgets.md, "Server-rendered apps").
if (globalThis.customElements && !customElements.get('aivis-action-plan')) {
  customElements.define('aivis-action-plan', AivisActionPlan);
}

declare global {
  interface HTMLElementTagNameMap {
    'aivis-action-plan': AivisActionPlan;
  }
}
