import { html, nothing, type PropertyDeclarations, type TemplateResult } from 'lit';
import { CATALOG } from '../catalog.js';
import { AivisCard } from '../internal/aivis-card.js';
import { dashboardStyles } from './dashboard.styles.js';

/** The sections in their default order (the catalogue's): section name -> its element's tag and section. */
export const SECTIONS: Record<
  string,
  { tag: string; wide?: boolean; attributes?: Record<string, string> }
> = {};
for (const [tag, entry] of Object.entries(CATALOG)) {
  if ('section' in entry) SECTIONS[entry.section.name] = { tag, ...entry.section };
}

type SectionName = string;
const ALL = Object.keys(SECTIONS) as SectionName[];

/** Splits the sections attribute: the known names once each, in the order given, and the unknown ones. */
export function parseSections(value: string | undefined): {
  sections: SectionName[];
  unknown: string[];
} {
  if (value === undefined || value.trim() === '') return { sections: ALL, unknown: [] };
  const sections: SectionName[] = [];
  const unknown: string[] = [];
  // Bounded: a page cannot make the dashboard loop over a huge attribute.
  for (const name of value.split(',', 50).map((part) => part.trim().toLowerCase())) {
    if (name === '') continue;
    if (Object.hasOwn(SECTIONS, name)) {
      if (!sections.includes(name as SectionName)) sections.push(name as SectionName);
    } else if (unknown.length < 5) unknown.push(name.slice(0, 40));
  }
  return { sections, unknown };
}

/**
 * @summary One tag for a project's whole AI-visibility picture: the score,
 * trend, competitor ranking, action plan, AI traffic, citations and search
 * opportunities in a responsive grid (one column in a sidebar, two on a
 * medium page, three on a wide one). Every section is one of the aivis
 * elements; they share one connection (the dashboard's base-url and token,
 * else the enclosing <aivis-provider>, else configure()) and the page's one
 * request cache.
 *
 * @event aivis-load - From each section as its data arrives; `detail.endpoint` says which.
 * @event aivis-error - From each section that fails; `detail.error` is a plain object (never the token).
 *
 * @csspart base - The box around the heading and the grid.
 * @slot heading - Replaces the dashboard's heading text.
 *
 * @csspart heading - The dashboard's heading.
 * @csspart grid - The grid of sections.
 * @csspart section - Each section's element.
 * @csspart notice - The line naming sections the dashboard does not know.
 *
 * @cssproperty --aivis-spacing - The gap between sections (and each section's inner spacing).
 * @cssproperty --aivis-font-family - Font; inherits the page's by default.
 */
export class AivisDashboard extends AivisCard {
  static override styles = dashboardStyles;

  // The card's attributes (AivisCard), plus the dashboard's own; those it
  // means more by (a level from 1, a heading that can be hidden, a period and
  // theme for every section) are declared again here for their docs.
  static override properties: PropertyDeclarations = {
    window: { reflect: true },
    sections: { reflect: true },
    period: { reflect: true },
    theme: { reflect: true },
    heading: { reflect: true },
    headingLevel: { attribute: 'heading-level', reflect: true },
  };

  /** Level of the dashboard's heading, 1 to 6 (default 2); each section's heading is one below it. */
  declare headingLevel?: string;

  /** The dashboard's heading; default "AI visibility". An empty value hides it (the page has its own) and lifts the sections' headings one level. */
  declare heading?: string;

  /** AI-visibility report period of the score, ranking and plan: last_30_days (default) and the others of data-api 8. */
  declare period?: string;

  /** Window of the connected sources (traffic, opportunities): 30d (default), 90d or 365d. */
  declare window?: string;

  /** Sections to show, comma-separated, in this order: score, trend, ranking, plan, traffic, citations, opportunities (default: all). */
  declare sections?: string;

  /** Colour scheme of every section: auto (follows prefers-color-scheme), light or dark. */
  declare theme?: string;

  /** The heading-level attribute as a level, 2 unless it is a whole number from 1 to 6. */
  protected level(): number {
    const level = Number(this.headingLevel ?? 2);
    return Number.isInteger(level) && level >= 1 && level <= 6 ? level : 2;
  }

  override render(): TemplateResult {
    const { sections, unknown } = parseSections(this.sections);
    return html`<div part="base">
      ${
        this.heading === ''
          ? nothing
          : html`<div class="heading" part="heading" role="heading" aria-level=${this.level()}>
            <slot name="heading">${this.heading ?? 'AI visibility'}</slot>
          </div>`
      }
      ${
        unknown.length
          ? html`<p part="notice" class="unknown">
            Not shown: ${unknown.join(', ')} (sections are ${ALL.join(', ')}).
          </p>`
          : nothing
      }
      <div class="grid" part="grid">${sections.map((name) => this.renderSection(name))}</div>
    </div>`;
  }

  /** The sections' elements, made once each and kept across renders (their data stays loaded). */
  readonly #elements = new Map<SectionName, HTMLElement>();

  /**
   * Each section gets the dashboard's settings as properties; the ones left
   * undefined fall through to the enclosing provider and configure(), so all
   * sections resolve to one connection, one client and the page's one cache.
   */
  protected renderSection(name: SectionName): unknown {
    const { tag, wide, attributes = {} } = SECTIONS[name]!;
    let element = this.#elements.get(name);
    if (!element) {
      element = document.createElement(tag);
      element.setAttribute('part', 'section');
      if (wide) element.className = 'wide';
      // The section's own attributes (the catalogue's): shorter lists beside the other sections.
      for (const [attribute, value] of Object.entries(attributes))
        element.setAttribute(attribute, value);
      this.#elements.set(name, element);
    }
    Object.assign(element, {
      project: this.project,
      period: this.period,
      window: this.window,
      baseUrl: this.baseUrl,
      token: this.token,
      locale: this.locale,
      theme: this.theme ?? 'auto',
      // The sections' headings sit under the dashboard's own, when it shows one.
      headingLevel: String(Math.min(6, this.level() + (this.heading === '' ? 0 : 1))),
    });
    return element;
  }
}
