/// <reference path="../internal/response-shapes.d.ts" />
// The shapes of the endpoint this element reads, and only of the bodies it asks
// for (test/widget/response-shapes.test.ts keeps them equal to its requests).
import shapes, { endpoints } from 'virtual:aivis/response-shapes?element=aivis-competitor-ranking';
import { AivisCompetitorRanking } from './competitor-ranking.component.js';

export { AivisCompetitorRanking };

AivisCompetitorRanking.define('aivis-competitor-ranking', shapes, endpoints);

declare global {
  interface HTMLElementTagNameMap {
    'aivis-competitor-ranking': AivisCompetitorRanking;
  }
}
