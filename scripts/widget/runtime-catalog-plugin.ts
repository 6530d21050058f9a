/**
 * A Vite plugin for the widget bundles: widget/catalog.ts reaches the page
 * with only what the elements read there (the endpoint, which attribute
 * feeds which parameter, the fixed parameters, the dashboard section). What
 * the build, the gallery and the tests read (folders, endpoint lists,
 * response shapes, gallery states) stays out of the bundle, which the
 * catalogue's gzip budget needs (docs/widgets.md). The catalogue itself stays
 * the one source: the plugin writes its own entries back, as data.
 */
import type { Plugin } from 'vite';
import { CATALOG, type CatalogEntry } from '../../widget/catalog.js';

/** The fields of an entry that an element or the dashboard reads on the page. */
export const RUNTIME_FIELDS = ['endpoint', 'attributes', 'fixed', 'section'] as const;

/** The catalogue (the entries of `tags`, else all) with each entry cut to RUNTIME_FIELDS. */
export function runtimeCatalog(
  catalog: Readonly<Record<string, CatalogEntry>> = CATALOG,
  tags?: readonly string[],
): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    Object.entries(catalog)
      .filter(([tag]) => !tags || tags.includes(tag))
      .map(([tag, entry]) => [
        tag,
        Object.fromEntries(
          RUNTIME_FIELDS.filter((field) => field in entry).map((field) => [
            field,
            (entry as unknown as Record<string, unknown>)[field],
          ]),
        ),
      ]),
  );
}

/**
 * `tags`: the elements a bundle holds (a standalone bundle, only its own
 * entry, so it names no other element); every entry without a list.
 */
export function runtimeCatalogPlugin(tags?: readonly string[]): Plugin {
  return {
    name: 'aivis-runtime-catalog',
    enforce: 'pre',
    transform(_code, id) {
      if (!/\/widget\/catalog\.ts$/.test(id)) return undefined;
      const catalog = runtimeCatalog(CATALOG, tags);
      return { code: `export const CATALOG = ${JSON.stringify(catalog)};\n`, map: null };
    },
  };
}
