// Every section's element, registered before the dashboard lays them out.
import '../elements.js';
import { AivisDashboard } from './dashboard.component.js';

export { AivisDashboard };

// Only where there is a DOM: a server rendering the page imports this module too
// (docs/widgets.md, "Server-rendered apps").
if (globalThis.customElements && !customElements.get('aivis-dashboard')) {
  customElements.define('aivis-dashboard', AivisDashboard);
}

declare global {
  interface HTMLElementTagNameMap {
    'aivis-dashboard': AivisDashboard;
  }
}
