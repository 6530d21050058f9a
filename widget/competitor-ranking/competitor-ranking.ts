/// <reference path="../internal/response-shapes.d.ts" />
// The shapes of the endpoint this element reads: only its own ship with it.
import shapes from 'virtual:aivis/response-shapes?endpoints=competitors';
import { registerResponseShapes } from '../internal/connection.js';
import { AivisCompetitorRanking } from './competitor-ranking.component.js';

export { AivisCompetitorRanking };

registerResponseShapes(shapes, ['competitors']);

if (!customElements.get('aivis-competitor-ranking')) {
  customElements.define('aivis-competitor-ranking', AivisCompetitorRanking);
}

declare global {
  interface HTMLElementTagNameMap {
    'aivis-competitor-ranking': AivisCompetitorRanking;
  }
}
