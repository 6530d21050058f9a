/**
 * The bundle entry: `<script type="module" src=".../aivis-widgets.js">`
 * registers every element; `configure()` sets page-wide defaults.
 */
// The provider is defined before the widgets: its first update, which
// publishes its connection, then runs before theirs, so a widget inside it
// sends its request in its own first update instead of after rendering a
// skeleton and waiting for the provider (docs/loading.md).
import './provider/provider.js';

export * from './configure.js';
export { AivisDashboard } from './dashboard/dashboard.js';
export * from './elements.js';
export type {
  AivisErrorDetail,
  AivisErrorEvent,
  AivisLoadDetail,
  AivisLoadEvent,
} from './internal/events.js';
// Its type only: the portfolio ships as its own entry, not in the full bundle (docs/agencies.md).
export type { AivisPortfolio } from './portfolio/portfolio.js';
export { AivisProvider } from './provider/provider.js';
