import { AivisVisibilityScore } from './visibility-score.component.js';

export { AivisVisibilityScore };

if (!customElements.get('aivis-visibility-score')) {
  customElements.define('aivis-visibility-score', AivisVisibilityScore);
}

declare global {
  interface HTMLElementTagNameMap {
    'aivis-visibility-score': AivisVisibilityScore;
  }
}
