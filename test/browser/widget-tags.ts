/**
 * The catalogue's widgets (the elements that read an endpoint), in its
 * order: the browser suites that cover every widget take them from here, so
 * a new catalogue entry is in them at once.
 */
import { CATALOG } from '../../widget/catalog.js';

export const WIDGET_TAGS: readonly string[] = Object.entries(CATALOG).flatMap(([tag, entry]) =>
  'endpoint' in entry ? [tag] : [],
);
