/**
 * A widget's connection, as a Lit reactive controller: the host's own
 * base-url and token, what the nearest provider of connectionContext
 * answered (a @lit/context consumer) and the page's configure() settings,
 * resolved by settledConnection(). It re-renders the host when any of them
 * changes, and once the page has loaded (a widget still without a
 * connection says so).
 *
 * Any definition order works: a widget inside an <aivis-provider> waits
 * for its first answer, and asks again once <aivis-provider> is defined if
 * it was not when the widget asked. (A host app whose own providers may be
 * defined after the widgets attaches @lit/context's ContextRoot, as for any
 * consumer: docs/widgets.md.)
 */
import { ContextConsumer } from '@lit/context';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { FetchReader } from '../../shared/client/fetch-client.js';
import {
  type Connection,
  type ConnectionSettings,
  clientFor,
  configureCount,
  connectionContext,
  enclosingProvider,
  finalConnection,
  globalSettings,
  onConfigure,
  PROVIDER_TAG,
  settledConnection,
} from './connection.js';

type Host = ReactiveControllerHost & HTMLElement & ConnectionSettings;

export class ConnectionController implements ReactiveController {
  /** The client the data on screen came from: secondary requests go there too. */
  client?: FetchReader;
  readonly #host: Host;
  readonly #provided: ContextConsumer<typeof connectionContext, Host>;
  #stopListening?: () => void;

  constructor(host: Host) {
    this.#host = host;
    // Added before the consumer, so hostConnected below runs before it asks.
    host.addController(this);
    this.#provided = new ContextConsumer(host, { context: connectionContext, subscribe: true });
  }

  /** Counts configure() calls: part of the task's arguments, so new page settings run it again. */
  get version(): number {
    return configureCount();
  }

  hostConnected(): void {
    // A widget moved out of a provider forgets its answer; the consumer asks again right after.
    this.#provided.value = undefined;
    if (!customElements.get(PROVIDER_TAG) && enclosingProvider(this.#host)) {
      void customElements.whenDefined(PROVIDER_TAG).then(() => {
        if (this.#host.isConnected) this.#provided.hostConnected();
      });
    }
    this.#stopListening = onConfigure(() => this.#host.requestUpdate());
    this.#host.requestUpdate();
    if (document.readyState !== 'complete') {
      addEventListener('load', () => this.#host.requestUpdate(), { once: true });
    }
  }

  hostDisconnected(): void {
    this.#stopListening?.();
  }

  /** Undefined while the connection may still change: no request goes out then. */
  settled(): Connection | undefined {
    return settledConnection(
      this.#host,
      this.#provided.value,
      enclosingProvider(this.#host) !== undefined,
      globalSettings(),
    );
  }

  /** The client for a settled connection, its base URL resolved against the page as fetch() resolves it. */
  open(connection: Connection): FetchReader {
    this.client = clientFor(finalConnection(connection, document.baseURI));
    return this.client;
  }
}
