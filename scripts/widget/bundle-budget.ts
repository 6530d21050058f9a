/**
 * The full widget bundle's size budget, written once: test/widget/bundle-size.test.ts
 * asserts it against the built dist/widget, and the bench prints the bundle
 * against it. All figures are gzip at BUNDLE_BUDGET_GZIP_LEVEL, as
 * scripts/gzip-size.ts measures it (the same bytes on every machine).
 *
 * The budget is set from what a page feels (docs/widgets.md, "Size"): the
 * full bundle is all a page loads for its first figures, and at 40 KB gzip it
 * arrives in a few round trips on a slow intranet link; the time to those
 * figures is measured as ratios by `npm run bench -- widget`. It leaves room
 * for an element or an API value, so no build step exists only to save a
 * percent. What the first render does not need (the error box and its wording,
 * the drift Details, the 429 countdown, the supporting-rows table) is in chunks
 * beside the bundle, loaded later and not counted here
 * (scripts/widget/chunk-files.ts). The standalone entries of single elements
 * are not budgeted: they share one runtime module.
 */

/** The full bundle: dist/widget/aivis-widgets.js, every element and configure() in one script tag; its later chunks apart. */
export const BUNDLE_BUDGET_GZIP_BYTES = 40 * 1024;

/** zlib's best compression, as servers that precompress assets use it (gzip -9). */
export const BUNDLE_BUDGET_GZIP_LEVEL = 9;
