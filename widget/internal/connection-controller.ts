/**
 * A widget's connection, as a Lit reactive controller: the host's own
 * base-url and token, the nearest <aivis-provider>'s connection and the
 * page's configure() settings, resolved by settledConnection(). It
 * re-renders the host when any of them changes, and once the page has loaded
 * (a widget still without a connection says so).
 *
 * The provider is found by walking up from the widget each time (so a widget
 * moved into or out of a provider reads the right one) and read as a
 * property; providers announce changes with a window event. Any definition
 * order works: a provider defined or upgraded after its widgets announces
 * its first connection, and the widgets, which waited, read it then.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { FetchReader } from '../../shared/client/fetch-client.js';
import {
  CONFIGURE_EVENT,
  type Connection,
  type ConnectionSettings,
  clientFor,
  enclosingProvider,
  finalConnection,
  globalSettings,
  PROVIDER_EVENT,
  settledConnection,
} from './connection.js';

type Host = ReactiveControllerHost & HTMLElement & ConnectionSettings;

export class ConnectionController implements ReactiveController {
  /** Counts configure() calls: part of the task's arguments, so new page settings run it again. */
  version = 0;
  /** The client the data on screen came from: secondary requests go there too. */
  client?: FetchReader;
  readonly #onConfigure = () => {
    this.version += 1;
    this.#host.requestUpdate();
  };
  /** Some provider published: the host reads its own again (its task runs only if that changed). */
  readonly #onProvider = () => this.#host.requestUpdate();

  readonly #host: Host;

  constructor(host: Host) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {
    this.#host.requestUpdate();
    addEventListener(CONFIGURE_EVENT, this.#onConfigure);
    addEventListener(PROVIDER_EVENT, this.#onProvider);
    if (document.readyState !== 'complete') {
      addEventListener('load', () => this.#host.requestUpdate(), { once: true });
    }
  }

  hostDisconnected(): void {
    removeEventListener(CONFIGURE_EVENT, this.#onConfigure);
    removeEventListener(PROVIDER_EVENT, this.#onProvider);
  }

  /** Undefined while the connection may still change: no request goes out then. */
  settled(): Connection | undefined {
    const provider = enclosingProvider(this.#host);
    return settledConnection(
      this.#host,
      provider?.connection,
      provider !== undefined,
      globalSettings(),
    );
  }

  /** The client for a settled connection, its base URL resolved against the page as fetch() resolves it. */
  open(connection: Connection): FetchReader {
    this.client = clientFor(finalConnection(connection, document.baseURI));
    return this.client;
  }
}
