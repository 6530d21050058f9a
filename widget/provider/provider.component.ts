import { ContextProvider } from '@lit/context';
import { css, html, LitElement, type PropertyDeclarations } from 'lit';
import { connectionContext } from '../internal/connection.js';

/**
 * @summary Sets the base URL (and, only if it must, the token) once for every
 * aivis widget inside it, so they share one client and one request cache.
 * Renders its children unchanged. A widget's own attributes win over the
 * provider's; the provider's win over configure(). It is a @lit/context
 * provider of `connectionContext`: a host app may provide that context
 * itself instead (docs/widgets.md).
 *
 * @slot - The widgets (and any other content).
 */
export class AivisProvider extends LitElement {
  static override styles = css`
    :host {
      display: contents;
    }
  `;

  static override properties: PropertyDeclarations = {
    baseUrl: { attribute: 'base-url', reflect: true },
    token: {},
  };

  /** Base address of the Data API without /api/v1, or of the token-keeping proxy (recommended). */
  declare baseUrl?: string;

  /** Personal access token; leave it out when base-url points at the proxy. Never reflected. */
  declare token?: string;

  /**
   * What the widgets inside receive: undefined until the first update, when
   * Lit has applied the attributes and any property set before the element
   * was upgraded. Widgets take undefined as no answer yet, so none reads a
   * half-set provider and goes elsewhere.
   */
  readonly #provider = new ContextProvider(this, { context: connectionContext });

  /** Publishes on the first update and whenever base-url or token changed. */
  protected override willUpdate(): void {
    const { baseUrl, token } = this;
    const current = this.#provider.value;
    if (!current || current.baseUrl !== baseUrl || current.token !== token) {
      this.#provider.setValue({ baseUrl, token });
    }
  }

  override render() {
    return html`<slot></slot>`;
  }
}
