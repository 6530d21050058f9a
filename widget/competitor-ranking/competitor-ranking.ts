import { AivisCompetitorRanking } from './competitor-ranking.component.js';

export { AivisCompetitorRanking };

if (!customElements.get('aivis-competitor-ranking')) {
  customElements.define('aivis-competitor-ranking', AivisCompetitorRanking);
}

declare global {
  interface HTMLElementTagNameMap {
    'aivis-competitor-ranking': AivisCompetitorRanking;
  }
}
