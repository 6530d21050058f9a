import { defineElement } from '../internal/define-element.js';
import { AivisDashboard } from './dashboard.component.js';

export { AivisDashboard };

defineElement('aivis-dashboard', AivisDashboard);

declare global {
  interface HTMLElementTagNameMap {
    'aivis-dashboard': AivisDashboard;
  }
}
