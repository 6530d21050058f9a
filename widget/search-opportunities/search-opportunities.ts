/// <reference path="../internal/response-shapes.d.ts" />
// The shapes of the endpoint this element reads, and only of the bodies it asks
// for (test/widget/response-shapes.test.ts keeps them equal to its requests).
import shapes, {
  endpoints,
} from 'virtual:aivis/response-shapes?element=aivis-search-opportunities';
import { registerResponseShapes } from '../internal/connection.js';
import { defineElement } from '../internal/define-element.js';
import { AivisSearchOpportunities } from './search-opportunities.component.js';

export { AivisSearchOpportunities };

registerResponseShapes(shapes, endpoints);

defineElement('aivis-search-opportunities', AivisSearchOpportunities);

declare global {
  interface HTMLElementTagNameMap {
    'aivis-search-opportunities': AivisSearchOpportunities;
  }
}
