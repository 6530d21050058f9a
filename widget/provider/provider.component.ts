import { ContextProvider } from '@lit/context';
import { css, html, LitElement, type PropertyDeclarations, type PropertyValues } from 'lit';
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

  private readonly connection = new ContextProvider(this, { context: aivisConnectionContext });

  override connectedCallback(): void {
    // Before the controllers connect: the provider announces itself (and the
    // context root replays waiting widgets' requests) in super's call, and
    // what it hands out then must already be its attributes, never a blank
    // that would send widgets to the page's own origin for one render.
    this.publish();
    super.connectedCallback();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('baseUrl') || changed.has('token')) this.publish();
  }

  /**
   * A new object, so subscribed widgets are told; one that did not change
   * (the first update repeats what connecting published) re-renders them
   * without a request, since their task's arguments stay the same.
   */
  private publish(): void {
    this.connection.setValue({ baseUrl: this.baseUrl, token: this.token });
  }

  override render() {
    return html`<slot></slot>`;
  }
}
