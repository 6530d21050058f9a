import { ContextProvider } from '@lit/context';
import { css, html, LitElement, type PropertyDeclarations } from 'lit';
import { aivisConnectionContext } from '../internal/connection.js';

/**
 * @summary Sets the base URL (and, only if it must, the token) once for every
 * aivis widget inside it, so they share one client and one request cache.
 * Renders its children unchanged. A widget's own attributes win over the
 * provider's; the provider's win over configure().
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

  readonly #connection = new ContextProvider(this, { context: aivisConnectionContext });

  /**
   * Publishes from the first update on: by then Lit has applied the
   * attributes and any property set before the element was upgraded. Until
   * then the provider answers `undefined`, which widgets inside take as no
   * answer yet, so none reads a half-set provider and goes elsewhere. Each
   * update publishes a new object so subscribed widgets are told; when
   * nothing they use changed, their task's arguments stay the same and no
   * request goes out.
   */
  protected override willUpdate(): void {
    this.#connection.setValue({ baseUrl: this.baseUrl, token: this.token });
  }

  override render() {
    return html`<slot></slot>`;
  }
}
