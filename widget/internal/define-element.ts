/**
 * Registers an element's tag once, and only where there is a DOM: a
 * server-rendered app (SvelteKit, Nuxt, Next, Angular SSR) imports the package
 * on the server too, where the tags stay plain HTML until the browser
 * upgrades them (docs/widgets.md, "Server-rendered apps").
 */
export function defineElement(tag: string, element: CustomElementConstructor): void {
  const registry = globalThis.customElements as CustomElementRegistry | undefined;
  if (registry && !registry.get(tag)) registry.define(tag, element);
}
