/// <reference path="../internal/response-shapes.d.ts" />
// The shapes of the endpoint this element reads, and only of the bodies it asks
// for (test/widget/response-shapes.test.ts keeps them equal to its requests).
import shapes, {
  endpoints,
} from 'virtual:aivis/response-shapes?element=aivis-search-opportunities';
import { AivisSearchOpportunities } from './search-opportunities.component.js';

export { AivisSearchOpportunities };

AivisSearchOpportunities.define('aivis-search-opportunities', shapes, endpoints);

declare global {
  interface HTMLElementTagNameMap {
    'aivis-search-opportunities': AivisSearchOpportunities;
  }
}
