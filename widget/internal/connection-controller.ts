/**
 * A widget's connection, as a Lit reactive controller: the host's own
 * base-url and token, the nearest <aivis-provider>'s answer (a context
 * consumer) and the page's configure() settings, resolved by
 * settledConnection(). It re-renders the host when any of them changes, and
 * once the page has loaded (a widget still without a connection says so).
 */
import { ContextConsumer } from '@lit/context';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { FetchReader } from '../../shared/client/fetch-client.js';
import {
  aivisConnectionContext,
  CONFIGURE_EVENT,
  type Connection,
  type ConnectionSettings,
  clientFor,
  finalConnection,
  globalSettings,
  settledConnection,
} from './connection.js';

type Host = ReactiveControllerHost & HTMLElement & ConnectionSettings;

export class ConnectionController implements ReactiveController {
  /** Counts configure() calls: part of the task's arguments, so new page settings run it again. */
  version = 0;
  /** The client the data on screen came from: secondary requests go there too. */
  client?: FetchReader;
  /** The nearest <aivis-provider>'s connection; a new one re-renders the host. */
  readonly #provided: ContextConsumer<typeof aivisConnectionContext, Host>;
  readonly #onConfigure = () => {
    this.version += 1;
    this.#host.requestUpdate();
  };

  readonly #host: Host;

  constructor(host: Host) {
    this.#host = host;
    // Added before the context consumer, so hostConnected below forgets the
    // old answer before the consumer asks again.
    host.addController(this);
    this.#provided = new ContextConsumer(host, {
      context: aivisConnectionContext,
      subscribe: true,
    });
  }

  hostConnected(): void {
    // A provider's answer is only good where it was given: forget it, so a
    // widget moved out of (or into another) provider asks again on connecting.
    this.#provided.value = undefined;
    this.#host.requestUpdate();
    addEventListener(CONFIGURE_EVENT, this.#onConfigure);
    if (document.readyState !== 'complete') {
      addEventListener('load', () => this.#host.requestUpdate(), { once: true });
    }
  }

  hostDisconnected(): void {
    removeEventListener(CONFIGURE_EVENT, this.#onConfigure);
  }

  /** Undefined while the connection may still change: no request goes out then. */
  settled(): Connection | undefined {
    return settledConnection(
      this.#host,
      this.#provided.value,
      underProvider(this.#host),
      globalSettings(),
    );
  }

  /** The client for a settled connection, its base URL resolved against the page as fetch() resolves it. */
  open(connection: Connection): FetchReader {
    this.client = clientFor(finalConnection(connection, document.baseURI));
    return this.client;
  }
}

/** Whether an <aivis-provider> encloses the element, through shadow roots (bounded walk). */
function underProvider(element: Element): boolean {
  let node: Node | null | undefined = element.parentNode;
  for (let depth = 0; node && depth < 10_000; depth++) {
    if ((node as Element).localName === 'aivis-provider') return true;
    node = node.parentNode ?? (node as ShadowRoot).host;
  }
  return false;
}
