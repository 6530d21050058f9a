/**
 * The widget catalogue's size budget, written once: test/widget/bundle-size.test.ts
 * asserts it against the built dist/widget, and the bench prints the bundle
 * against it. All figures are gzip at BUNDLE_BUDGET_GZIP_LEVEL, as
 * scripts/gzip-size.ts measures it (the same bytes on every machine). The
 * standalone bundles of single elements are not budgeted: a page feels the
 * time to its first figures, not a kilobyte (docs/widgets.md).
 *
 * What keeps it: the build's plugins (compact response shapes of the bodies
 * the elements ask for, only the endpoints they call, only the catalogue's
 * run-time fields, no documentation strings, no template indentation), rule
 * readers that come with their rule kinds, styles per template, the
 * action plan following next_request as a link, and what the first render
 * does not need (the error box and its wording, the drift Details, the 429
 * countdown, the supporting-rows table) in chunks beside the bundle, loaded
 * later and not counted here (scripts/widget/chunk-files.ts).
 */

/**
 * The whole catalogue: dist/widget/aivis-widgets.js, every element and
 * configure() in one script tag (35 KB, docs/widgets.md); its later chunks
 * apart. Raised by 200 B for taking over a server-rendered card (its held
 * answer, the server's markup cleared in the same task: docs/loading.md,
 * "Cards from the server"), which must run before the first render.
 */
export const BUNDLE_BUDGET_GZIP_BYTES = 35_200;

/** The moonshot for the catalogue: printed by the bench, not asserted (not met yet). */
export const BUNDLE_MOONSHOT_GZIP_BYTES = 30 * 1024;

/** zlib's best compression, as servers that precompress assets use it (gzip -9). */
export const BUNDLE_BUDGET_GZIP_LEVEL = 9;
