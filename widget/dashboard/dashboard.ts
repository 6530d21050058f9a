// Every section's element, registered before the dashboard lays them out.
import '../elements.js';
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
