/// <reference path="../internal/response-shapes.d.ts" />
// The shapes of the bodies this element reads, and only those: the summary
// blocks it includes, and the competitors history its opt-in sparkline draws
// (test/widget/response-shapes.test.ts keeps them equal to its requests).
import shapes, { endpoints } from 'virtual:aivis/response-shapes?element=aivis-visibility-score';
import { AivisVisibilityScore } from './visibility-score.component.js';

export { AivisVisibilityScore };

AivisVisibilityScore.define('aivis-visibility-score', shapes, endpoints);

declare global {
  interface HTMLElementTagNameMap {
    'aivis-visibility-score': AivisVisibilityScore;
  }
}
