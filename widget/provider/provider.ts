import { defineElement } from '../internal/define.js';
import { AivisProvider } from './provider.component.js';

export { AivisProvider };

defineElement('aivis-provider', AivisProvider);

declare global {
  interface HTMLElementTagNameMap {
    'aivis-provider': AivisProvider;
  }
}
