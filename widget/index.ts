/**
 * The bundle entry: `<script type="module" src=".../aivis-widgets.js">`
 * registers every element; `configure()` sets page-wide defaults.
 */
// The provider is defined before the widgets: its first update, which
// publishes its connection, then runs before theirs, so a widget inside it
// sends its request in its own first update instead of after rendering a
// skeleton and waiting for the provider (docs/loading.md).
import './provider/provider.js';

export { AivisActionPlan } from './action-plan/action-plan.js';
export { AivisAiTraffic } from './ai-traffic/ai-traffic.js';
export { AivisCitations } from './citations/citations.js';
export { AivisCompetitorRanking } from './competitor-ranking/competitor-ranking.js';
export { AivisDashboard } from './dashboard/dashboard.js';
export {
  type ConnectionSettings,
  configure,
  connectionContext,
  type GlobalSettings,
  type ProvidedConnection,
  requestCache,
} from './internal/connection.js';
export type {
  AivisErrorDetail,
  AivisErrorEvent,
  AivisLoadDetail,
  AivisLoadEvent,
} from './internal/events.js';
export { preloadLinks } from './internal/preload.js';
export { AivisProvider } from './provider/provider.js';
export { AivisSearchOpportunities } from './search-opportunities/search-opportunities.js';
export { AivisVisibilityScore } from './visibility-score/visibility-score.js';
export { AivisVisibilityTrend } from './visibility-trend/visibility-trend.js';
