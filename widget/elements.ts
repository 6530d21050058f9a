/**
 * Every widget of the catalogue (widget/catalog.ts), registered: the line an
 * element adds beside its catalogue entry. The package entry and the
 * dashboard, which lays them all out, both load them from here.
 */
export { AivisActionPlan } from './action-plan/action-plan.js';
export { AivisAiTraffic } from './ai-traffic/ai-traffic.js';
export { AivisCitations } from './citations/citations.js';
export { AivisCompetitorRanking } from './competitor-ranking/competitor-ranking.js';
export { AivisSearchOpportunities } from './search-opportunities/search-opportunities.js';
export { AivisVisibilityScore } from './visibility-score/visibility-score.js';
export { AivisVisibilityTrend } from './visibility-trend/visibility-trend.js';
