import { AivisDashboard } from './dashboard.component.js';

export { AivisDashboard };

if (!customElements.get('aivis-dashboard')) {
  customElements.define('aivis-dashboard', AivisDashboard);
}

declare global {
  interface HTMLElementTagNameMap {
    'aivis-dashboard': AivisDashboard;
  }
}
