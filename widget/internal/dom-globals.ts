/**
 * The page's `HTMLElement` and `document` as the bundles' code reads them
 * (Lit's and ours): the page's own in a browser, and inert stand-ins where
 * there is no DOM, so that importing the package on a server (SvelteKit, Nuxt,
 * Next, Angular SSR) defines its classes without throwing `HTMLElement is not
 * defined`. Nothing registers, constructs or renders them there
 * (widget/internal/define.ts defines a tag only where `customElements` exists): the tags stay plain HTML until the browser upgrades
 * them. The build injects these bindings for the global names
 * (scripts/widget/build.ts), so Lit is bundled as published (docs/widgets.md,
 * "Server-rendered apps").
 */
export const HTMLElement: typeof globalThis.HTMLElement =
  globalThis.HTMLElement ?? (class {} as unknown as typeof globalThis.HTMLElement);

/** lit-html walks templates with one TreeWalker it makes at import time. */
export const document: Document =
  globalThis.document ?? ({ createTreeWalker: () => ({}) } as unknown as Document);
