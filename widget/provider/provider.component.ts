import { css, html, LitElement, type PropertyDeclarations } from 'lit';
import {
  type ConnectionProvider,
  PROVIDER_EVENT,
  type ProvidedConnection,
} from '../internal/connection.js';

/**
 * @summary Sets the base URL (and, only if it must, the token) once for every
 * aivis widget inside it, so they share one client and one request cache.
 * Renders its children unchanged. A widget's own attributes win over the
 * provider's; the provider's win over configure().
 *
 * @slot - The widgets (and any other content).
 */
export class AivisProvider extends LitElement implements ConnectionProvider {
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

  #connection?: ProvidedConnection;

  /**
   * What the widgets inside read: undefined until the first update, when Lit
   * has applied the attributes and any property set before the element was
   * upgraded. Widgets take undefined as no answer yet, so none reads a
   * half-set provider and goes elsewhere.
   */
  get connection(): ProvidedConnection | undefined {
    return this.#connection;
  }

  /**
   * Publishes on every update and tells the page; widgets whose connection
   * did not change keep their task's arguments, so no request goes out.
   */
  protected override willUpdate(): void {
    this.#connection = { baseUrl: this.baseUrl, token: this.token };
    dispatchEvent(new Event(PROVIDER_EVENT));
  }

  override render() {
    return html`<slot></slot>`;
  }
}
