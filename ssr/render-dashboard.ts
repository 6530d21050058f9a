/**
 * `<aivis-dashboard>` on the server: its own template (the heading, the
 * notice, the grid), each section a server-rendered card made as the
 * dashboard makes its sections in the browser (the catalogue's section
 * attributes, the dashboard's project, period, window, theme and locale, the
 * heading one level down).
 */
import type { EndpointName } from '../shared/api/endpoints.js';
import type { CheckedParams } from '../shared/api/validate.js';
import { escapeHtml } from '../shared/escape-html.js';
import type { AivisError } from '../shared/http/errors.js';
import { parseSections, SECTIONS } from '../widget/dashboard/dashboard.component.js';
import { checkedParams, forAttributes } from '../widget/internal/catalog-params.js';
import { AivisDashboard, entryOf, newCard, type WidgetTag } from './card-elements.js';
import { applyAttributes, type CardElement, requestKey } from './card-request.js';
import { attributesHtml, type CardAnswer, type CardLook, cardHtml } from './render-card.js';
import { templateHtml, WrittenHtml } from './template-html.js';

/** One section's card, before its answer: what to ask, or why it cannot ask. */
export interface DashboardSection {
  name: string;
  tag: WidgetTag;
  element: CardElement;
  key: string;
  /** The section's own attributes on its tag (the catalogue's), and its part and class. */
  hostAttributes: Array<[string, string]>;
  request: { endpoint: EndpointName; params: CheckedParams } | { error: AivisError };
}

class ServerDashboard extends AivisDashboard {
  sectionHtml: (name: string) => string = () => '';
  protected override renderSection(name: string): unknown {
    return new WrittenHtml(this.sectionHtml(name));
  }
}

export interface DashboardPlan {
  attributes: ReadonlyArray<readonly [string, string]>;
  sections: DashboardSection[];
}

/** The sections a dashboard with these (checked) attributes shows, and each one's request. */
export function planDashboard(attributes: ReadonlyArray<readonly [string, string]>): DashboardPlan {
  const dashboard = new ServerDashboard();
  applyAttributes(dashboard, attributes);
  const level = (dashboard as unknown as { level(): number }).level();
  const sections: DashboardSection[] = [];
  for (const name of parseSections(dashboard.sections).sections) {
    const { tag, wide, attributes: own = {} } = SECTIONS[name]!;
    const element = newCard(tag as WidgetTag);
    const hostAttributes: Array<[string, string]> = [
      ['part', 'section'],
      ...(wide ? ([['class', 'wide']] as Array<[string, string]>) : []),
      ...Object.entries(own),
    ];
    applyAttributes(element, Object.entries(own));
    Object.assign(element, {
      project: dashboard.project,
      period: dashboard.period,
      window: dashboard.window,
      locale: dashboard.locale,
      theme: dashboard.theme ?? 'auto',
      headingLevel: String(Math.min(6, level + (dashboard.heading === '' ? 0 : 1))),
    });
    const entry = entryOf(tag as WidgetTag);
    const key = requestKey(element);
    let request: DashboardSection['request'];
    try {
      request = { endpoint: entry.endpoint, params: checkedParams(entry, JSON.parse(key)) };
    } catch (error) {
      request = { error: forAttributes(entry, error) as AivisError };
    }
    sections.push({ name, tag: tag as WidgetTag, element, key, hostAttributes, request });
  }
  return { attributes, sections };
}

/** The dashboard's HTML, each section with its answer. */
export function dashboardHtml(
  plan: DashboardPlan,
  answers: ReadonlyMap<string, CardAnswer>,
  look: CardLook,
): string {
  const dashboard = new ServerDashboard();
  applyAttributes(dashboard, plan.attributes);
  const byName = new Map(plan.sections.map((section) => [section.name, section]));
  dashboard.sectionHtml = (name) => {
    const section = byName.get(name);
    const answer = answers.get(name);
    if (!section || !answer) return '';
    return cardHtml(section.tag, [], section.element, section.key, answer, {
      ...look,
      hostAttributes: section.hostAttributes,
    });
  };
  const body = templateHtml(dashboard.render());
  return `<aivis-dashboard${attributesHtml(plan.attributes)}><template shadowrootmode="open"><link rel="stylesheet" href="${escapeHtml(look.stylesheet('aivis-dashboard'))}">${body}</template></aivis-dashboard>`;
}
