// Every section's element, registered before the dashboard lays them out.
import '../elements.js';
import { AivisDashboard } from './dashboard.component.js';

export { AivisDashboard };

AivisDashboard.define('aivis-dashboard');

declare global {
  interface HTMLElementTagNameMap {
    'aivis-dashboard': AivisDashboard;
  }
}
