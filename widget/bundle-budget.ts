/**
 * The widget bundles' size budgets, written once: test/widget/bundle-size.test.ts
 * asserts them against the built dist/widget, and the bench prints the
 * bundle against them. All figures are gzip at BUNDLE_BUDGET_GZIP_LEVEL, as
 * scripts/gzip-size.ts measures it (the same bytes on every machine).
 *
 * What keeps them: the build's plugins (compact response shapes of only the
 * bodies an element asks for, only the endpoints it calls, no documentation
 * strings, no template indentation), rule readers that come with their rule
 * kinds, styles per template, and the action plan following next_request as
 * a link instead of carrying every endpoint's rules.
 */

/** The whole catalogue: dist/widget/aivis-widgets.js, every element and configure() in one script tag (35 KB, docs/widgets.md). */
export const BUNDLE_BUDGET_GZIP_BYTES = 35_000;

/** The moonshot for the catalogue: printed by the bench, not asserted (not met yet). */
export const BUNDLE_MOONSHOT_GZIP_BYTES = 30 * 1024;

/**
 * One element alone: each dist/widget/standalone/<tag>.js, which is all the
 * code a page using only that element loads (docs/widgets.md). The code
 * every element shares (Lit, the Task, validation, the client, the
 * connection, heading, formatting and the error-message contract) is about
 * 17 KB of that. Raised from 22,000 for what every element now carries:
 * what keeps the token and hostile API text off the page (every error field
 * redacted, four more echo forms of the token, bidi isolation and bounded cell
 * depth: docs/security.md), the preload lines that let a page's HTML start the
 * widgets' requests (docs/loading.md), and tolerant reading of the fields the
 * Data API document does not name (shared/http/reconcile.ts, the alias table,
 * the drift Details: docs/service-drift.md). The catalogue's 35 KB holds.
 */
export const ELEMENT_BUDGET_GZIP_BYTES = 24_000;

/** zlib's best compression, as servers that precompress assets use it (gzip -9). */
export const BUNDLE_BUDGET_GZIP_LEVEL = 9;
