/// <reference path="../internal/response-shapes.d.ts" />
// The shapes of the endpoint this element reads: only its own ship with it.
import shapes, { endpoints } from 'virtual:aivis/response-shapes?element=aivis-action-plan';
import { registerResponseShapes } from '../internal/connection.js';
import { defineElement } from '../internal/define-element.js';
import { AivisActionPlan } from './action-plan.component.js';

export { AivisActionPlan };

registerResponseShapes(shapes, endpoints);

defineElement('aivis-action-plan', AivisActionPlan);

declare global {
  interface HTMLElementTagNameMap {
    'aivis-action-plan': AivisActionPlan;
  }
}
