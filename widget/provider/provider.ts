import { AivisProvider } from './provider.component.js';

export { AivisProvider };

// Only where there is a DOM: a server rendering the page imports this module too
// (docs/widgets.md, "Server-rendered apps").
if (globalThis.customElements && !customElements.get('aivis-provider')) {
  customElements.define('aivis-provider', AivisProvider);
}

declare global {
  interface HTMLElementTagNameMap {
    'aivis-provider': AivisProvider;
  }
}
