/**
 * The widget catalogue: one entry per element, and everything about an
 * element that is not its rendering. The element's request (which attribute
 * feeds which API parameter, with the element's own defaults), the names in
 * its validation messages, its attribute docs in custom-elements.json, the
 * build's entry list, the dashboard's sections, the gallery and the test
 * harness all read it (docs/widgets.md, "Adding an element").
 *
 * What an attribute allows (values, ranges, API defaults) is never written
 * here: it is the endpoint table's rule (shared/api/endpoints.ts), read
 * through the parameter the attribute feeds.
 */
import type { EndpointName } from '../shared/api/endpoints.js';

/** One attribute that feeds an API parameter. */
export interface ParameterAttribute {
  /** The API parameter it feeds. */
  param: string;
  /** What the element sends when the attribute is absent, where it differs from the API's default. */
  default?: string;
}

/** The parts of an entry that every element has. */
interface EntryBase {
  /** The folder under widget/; the element registers itself in `<folder>/<folder>.ts`. */
  folder: string;
  /** Every endpoint the element calls (its main one first), for the build and the response shapes. */
  endpoints: readonly EndpointName[];
}

/** A widget: an element that reads one endpoint and shows it in a card. */
export interface WidgetEntry<N extends EndpointName = EndpointName> extends EntryBase {
  /** The endpoint the card reads. */
  endpoint: N;
  /** Attribute name (as the page's editor writes it) -> the parameter it feeds. */
  attributes: Readonly<Record<string, ParameterAttribute>>;
  /** Parameters the element always sends, whatever its attributes say. */
  fixed?: Readonly<Record<string, unknown>>;
  /**
   * Which bodies of its endpoints the element reads, where not all of them:
   * `blocks=…` of the summary, `variants=…` where a parameter picks the body.
   * Its registration module imports `virtual:aivis/response-shapes?element=<tag>`,
   * the shapes of exactly these (scripts/response-shapes-plugin.ts).
   */
  shapes: string;
  /** Its section in `<aivis-dashboard>`: the name the sections attribute uses, and whether it spans a row. */
  section: { name: string; wide?: boolean; attributes?: Readonly<Record<string, string>> };
  /** How the gallery (widget/demo) shows it: caption, attributes besides project, attributes it refuses. */
  gallery: {
    name: string;
    attributes: Readonly<Record<string, string>>;
    invalid: Readonly<Record<string, string>>;
    sidebar?: boolean;
    /** Its dashboard cell is a README picture of its own (npm run screenshots). */
    shot?: boolean;
  };
}

/**
 * An element without a card of its own: the provider and the dashboard
 * (their endpoints are their widgets'), or the portfolio, which reads the
 * list and each project's summary.
 */
export interface FrameEntry extends EntryBase {
  /**
   * Shipped only as `standalone/<tag>.js` (and the package's `@aivis/widgets/<tag>`),
   * not in `aivis-widgets.js`: the catalogue's budget carries only what the
   * dashboard lays out (docs/widgets.md, "Size").
   */
  standaloneOnly?: true;
}

export type CatalogEntry = WidgetEntry | FrameEntry;

/** Keeps each widget entry's endpoint literal, so a component's entry types its data. */
const widget = <const N extends EndpointName>(entry: WidgetEntry<N>): WidgetEntry<N> => entry;

/**
 * Every element, in the order the dashboard shows them; the provider first,
 * so that its definition runs before the widgets' (docs/loading.md).
 */
export const CATALOG = {
  'aivis-provider': { folder: 'provider', endpoints: [] },
  'aivis-visibility-score': widget({
    folder: 'visibility-score',
    endpoint: 'summary',
    // The opt-in sparkline reads the competitors history.
    endpoints: ['summary', 'competitors'],
    attributes: { period: { param: 'period' } },
    fixed: { include: ['profile', 'ai_visibility'] },
    shapes: 'blocks=profile,ai_visibility&variants=history',
    section: { name: 'score' },
    gallery: {
      name: 'Visibility score',
      // The period every other card uses by default (last 30 days), so the first screen reads as one.
      attributes: {},
      invalid: { period: 'yesterday' },
      sidebar: true,
    },
  }),
  'aivis-visibility-trend': widget({
    folder: 'visibility-trend',
    endpoint: 'competitors',
    endpoints: ['competitors'],
    attributes: { months: { param: 'limit' } },
    fixed: { dataset: 'history' },
    shapes: 'variants=history',
    section: { name: 'trend', wide: true },
    gallery: {
      name: 'Visibility trend',
      attributes: { competitors: '3' },
      invalid: { months: '0' },
      sidebar: true,
      shot: true,
    },
  }),
  'aivis-competitor-ranking': widget({
    folder: 'competitor-ranking',
    endpoint: 'competitors',
    endpoints: ['competitors'],
    attributes: {
      period: { param: 'period' },
      limit: { param: 'limit' },
      'include-highlights': { param: 'include_highlights' },
      'highlights-per-platform': { param: 'highlights_per_platform' },
    },
    fixed: { dataset: 'ranking' },
    shapes: 'variants=ranking',
    // Lists stay short beside the other sections; the element alone defaults to more.
    section: { name: 'ranking', attributes: { limit: '5' } },
    gallery: {
      name: 'Competitor ranking',
      attributes: { limit: '5', 'include-highlights': '', 'highlights-per-platform': '2' },
      invalid: { limit: '500' },
      sidebar: true,
    },
  }),
  'aivis-action-plan': widget({
    folder: 'action-plan',
    endpoint: 'action-plan',
    // An action's next_request is followed as a link, which needs no endpoint rules.
    endpoints: ['action-plan'],
    attributes: {
      period: { param: 'period' },
      audience: { param: 'audience' },
      limit: { param: 'limit' },
    },
    shapes: '',
    section: { name: 'plan', wide: true },
    gallery: { name: 'Action plan', attributes: {}, invalid: { audience: 'everyone' } },
  }),
  'aivis-ai-traffic': widget({
    folder: 'ai-traffic',
    endpoint: 'ai-traffic',
    endpoints: ['ai-traffic'],
    attributes: { window: { param: 'period' } },
    shapes: 'variants=summary,daily',
    section: { name: 'traffic', wide: true },
    gallery: { name: 'AI traffic', attributes: {}, invalid: { window: '7d' }, shot: true },
  }),
  'aivis-citations': widget({
    folder: 'citations',
    endpoint: 'citations',
    endpoints: ['citations'],
    attributes: {
      period: { param: 'period' },
      'group-by': { param: 'group_by', default: 'domain' },
      limit: { param: 'limit', default: '10' },
    },
    shapes: '',
    section: { name: 'citations', attributes: { limit: '5' } },
    gallery: {
      name: 'Cited sources',
      attributes: { limit: '5' },
      invalid: { 'group-by': 'page' },
      shot: true,
    },
  }),
  'aivis-search-opportunities': widget({
    folder: 'search-opportunities',
    endpoint: 'search-performance',
    endpoints: ['search-performance'],
    attributes: {
      source: { param: 'source' },
      window: { param: 'period' },
      limit: { param: 'limit', default: '10' },
    },
    fixed: { dataset: 'opportunities' },
    shapes: 'variants=opportunities',
    section: { name: 'opportunities', attributes: { limit: '5' } },
    gallery: {
      name: 'Search opportunities',
      attributes: { limit: '3' },
      invalid: { source: 'yahoo' },
      shot: true,
    },
  }),
  // Holds every widget: it calls what they call.
  'aivis-dashboard': { folder: 'dashboard', endpoints: [] },
  // Every project of every account a proxy serves, a row each (docs/agencies.md).
  'aivis-portfolio': {
    folder: 'portfolio',
    endpoints: ['projects', 'summary'],
    standaloneOnly: true,
  },
} as const satisfies Record<string, CatalogEntry>;

export type CatalogTag = keyof typeof CATALOG;
