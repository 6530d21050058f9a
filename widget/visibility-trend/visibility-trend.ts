/// <reference path="../internal/response-shapes.d.ts" />
// The shapes of the endpoint this element reads, and only of the bodies it asks
// for (test/widget/response-shapes.test.ts keeps them equal to its requests).
import shapes, { endpoints } from 'virtual:aivis/response-shapes?element=aivis-visibility-trend';
import { AivisVisibilityTrend } from './visibility-trend.component.js';

export { AivisVisibilityTrend };

AivisVisibilityTrend.define('aivis-visibility-trend', shapes, endpoints);

declare global {
  interface HTMLElementTagNameMap {
    'aivis-visibility-trend': AivisVisibilityTrend;
  }
}
