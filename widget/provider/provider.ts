import { AivisProvider } from './provider.component.js';

export { AivisProvider };

if (!customElements.get('aivis-provider')) {
  customElements.define('aivis-provider', AivisProvider);
}

declare global {
  interface HTMLElementTagNameMap {
    'aivis-provider': AivisProvider;
  }
}
