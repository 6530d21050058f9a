/// <reference path="../internal/response-shapes.d.ts" />
// The shapes of the endpoint this element reads: only its own ship with it.
import shapes, { endpoints } from 'virtual:aivis/response-shapes?element=aivis-action-plan';
import { AivisActionPlan } from './action-plan.component.js';

export { AivisActionPlan };

AivisActionPlan.define('aivis-action-plan', shapes, endpoints);

declare global {
  interface HTMLElementTagNameMap {
    'aivis-action-plan': AivisActionPlan;
  }
}
