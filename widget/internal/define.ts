/**
 * Defines an element's tag, once, and only where there is a DOM: a server
 * rendering the page imports the registration modules too (docs/widgets.md,
 * "Server-rendered apps"), and a second copy of the bundle on the page leaves
 * the first one's definition in place. Imports nothing, so a registration
 * module that imports it keeps the bundle's module order (and size).
 */
export function defineElement(tag: string, element: CustomElementConstructor): void {
  if (globalThis.customElements && !customElements.get(tag)) customElements.define(tag, element);
}
