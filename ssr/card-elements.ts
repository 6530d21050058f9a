/**
 * The elements the server renders, by tag: each widget's own component class
 * (its `*.component.ts`, without the registration module, whose response
 * shapes are the browser build's) and the dashboard. The catalogue
 * (widget/catalog.ts) names them; this table only brings their classes in.
 */
import { AivisActionPlan } from '../widget/action-plan/action-plan.component.js';
import { AivisAiTraffic } from '../widget/ai-traffic/ai-traffic.component.js';
import { CATALOG, type WidgetEntry } from '../widget/catalog.js';
import { AivisCitations } from '../widget/citations/citations.component.js';
import { AivisCompetitorRanking } from '../widget/competitor-ranking/competitor-ranking.component.js';
import { AivisDashboard } from '../widget/dashboard/dashboard.component.js';
import type { AivisElement } from '../widget/internal/aivis-element.js';
import { AivisSearchOpportunities } from '../widget/search-opportunities/search-opportunities.component.js';
import { AivisVisibilityScore } from '../widget/visibility-score/visibility-score.component.js';
import { AivisVisibilityTrend } from '../widget/visibility-trend/visibility-trend.component.js';

// biome-ignore lint/suspicious/noExplicitAny: one table over every endpoint's element
type AnyCard = AivisElement<any>;

export const WIDGET_CLASSES = {
  'aivis-visibility-score': AivisVisibilityScore,
  'aivis-visibility-trend': AivisVisibilityTrend,
  'aivis-competitor-ranking': AivisCompetitorRanking,
  'aivis-action-plan': AivisActionPlan,
  'aivis-ai-traffic': AivisAiTraffic,
  'aivis-citations': AivisCitations,
  'aivis-search-opportunities': AivisSearchOpportunities,
} as const satisfies Record<string, new () => AnyCard>;

export type WidgetTag = keyof typeof WIDGET_CLASSES;
export const DASHBOARD_TAG = 'aivis-dashboard';
export { AivisDashboard };

export const isWidgetTag = (tag: string): tag is WidgetTag => Object.hasOwn(WIDGET_CLASSES, tag);

export const entryOf = (tag: WidgetTag): WidgetEntry => CATALOG[tag];

export const newCard = (tag: WidgetTag): AnyCard => new WIDGET_CLASSES[tag]() as AnyCard;

/** The attributes an element observes, as Lit lists them (its static properties). */
export function observedAttributes(tag: WidgetTag | typeof DASHBOARD_TAG): readonly string[] {
  const element = tag === DASHBOARD_TAG ? AivisDashboard : WIDGET_CLASSES[tag];
  return (element as unknown as { observedAttributes: string[] }).observedAttributes;
}
