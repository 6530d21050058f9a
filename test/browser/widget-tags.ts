/**
 * The catalogue's elements as the browser suites need them, in its order:
 * the suites that cover every widget take them from here, so a new
 * catalogue entry is in them at once.
 */
import { CATALOG } from '../../widget/catalog.js';

/** The widgets: the elements that read one endpoint for a card. */
export const WIDGET_TAGS: readonly string[] = Object.entries(CATALOG).flatMap(([tag, entry]) =>
  'endpoint' in entry ? [tag] : [],
);

/**
 * Every element that reads data for a card of its own: the widgets, and the
 * frames that call endpoints themselves (the portfolio); not the provider or
 * the dashboard, whose calls are their widgets'.
 */
export const CARD_TAGS: readonly string[] = Object.entries(CATALOG).flatMap(([tag, entry]) =>
  'endpoint' in entry || entry.endpoints.length > 0 ? [tag] : [],
);

/** The elements shipped only as `standalone/<tag>.js`, not in aivis-widgets.js: a page loads each. */
export const STANDALONE_ONLY_TAGS: readonly string[] = Object.entries(CATALOG).flatMap(
  ([tag, entry]) => ('standaloneOnly' in entry && entry.standaloneOnly ? [tag] : []),
);

/** The script tags that bring the standalone-only elements onto a harness page. */
export const standaloneScripts = (tags: readonly string[] = STANDALONE_ONLY_TAGS): string =>
  tags
    .map((tag) => `<script type="module" src="/widget/standalone/${tag}.js"></script>`)
    .join('\n');
