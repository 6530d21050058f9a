import { AivisActionPlan } from './action-plan.component.js';

export { AivisActionPlan };

if (!customElements.get('aivis-action-plan')) {
  customElements.define('aivis-action-plan', AivisActionPlan);
}

declare global {
  interface HTMLElementTagNameMap {
    'aivis-action-plan': AivisActionPlan;
  }
}
