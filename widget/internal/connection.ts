/**
 * Where widgets get their client from. Three layers, most specific first:
 * the element's own attributes, the nearest provider of connectionContext
 * (<aivis-provider> or the host app's own), the page-wide configure() call. A token never travels to a base URL set at a more
 * specific layer than the token itself: an element that sets only base-url
 * (say, the proxy) does not receive the provider's or the page's token.
 */
import { createContext } from '@lit/context';
import type { EndpointName } from '../../shared/api/endpoints.js';
import { pickResponse } from '../../shared/api/response-side.js';
import { createFetchReader, type FetchReader } from '../../shared/client/fetch-client.js';
import type { AsyncClientOptions, FetchLike } from '../../shared/client/types.js';
import { type BodyCheck, objectBody } from '../../shared/http/body-check.js';
import { abortableSleep } from '../../shared/http/edge.js';
import { validationError } from '../../shared/http/errors.js';
import { type CompiledShapes, createShapeCheck } from '../../shared/http/shape-check.js';
import { createRequestCache, type RequestCache } from './request-cache.js';

export interface ConnectionSettings {
  /** The service's base address without /api/v1, or the proxy's; '/' is this page's origin. */
  baseUrl?: string | undefined;
  /** A personal access token. Leave it out when base-url points at the token-keeping proxy. */
  token?: string | undefined;
}

export interface GlobalSettings extends ConnectionSettings {
  /** How long widgets reuse an answer, in milliseconds (default 30 000; 0 = only share in-flight requests). */
  cacheTtlMs?: number;
  /** Transport override (tests, custom networking). Defaults to the page's fetch. */
  fetch?: FetchLike;
  /**
   * The clock (milliseconds since the epoch) for the cache's time to live and
   * the retry budget. Defaults to Date.now; tests pass their own.
   */
  now?: () => number;
  /**
   * How widgets wait: between retries of a failed request and for each second
   * of the countdown after a 429. Must end early when the signal aborts.
   * Defaults to a timer; tests pass one that returns at once or on their cue.
   */
  sleep?: AsyncClientOptions['sleep'];
}

export interface Connection {
  baseUrl: string;
  token: string | undefined;
}

/**
 * What a provider hands down: <aivis-provider>, or any context provider of
 * the host app for connectionContext. Widgets that add nothing of their own
 * resolve to the provider's connection and so to the same client instance.
 */
export type ProvidedConnection = Readonly<ConnectionSettings>;

/**
 * The @lit/context key of the connection. A Symbol.for key, so a provider
 * and widgets from different bundles on one page (the full bundle, a
 * standalone element, the host app's own code) name the same context.
 */
export const connectionContext = createContext<ProvidedConnection | undefined>(
  Symbol.for('aivis.connection'),
);

export const PROVIDER_TAG = 'aivis-provider';

/**
 * The nearest <aivis-provider> around an element, through shadow roots
 * (a bounded walk), defined yet or not: a widget inside one waits for its
 * answer rather than fall back to configure().
 */
export function enclosingProvider(element: Element): Element | undefined {
  let node: Node | null | undefined = element.parentNode;
  for (let depth = 0; node && depth < 10_000; depth++) {
    if ((node as Element).localName === PROVIDER_TAG) return node as Element;
    node = node.parentNode ?? (node as ShadowRoot).host;
  }
  return undefined;
}

const present = (value: string | undefined | null): value is string =>
  typeof value === 'string' && value !== '';

/** Resolves the three layers into one connection (pure; see the module comment). */
export function resolveConnection(
  layers: ReadonlyArray<ConnectionSettings | undefined>,
): Connection {
  let baseIndex = layers.findIndex((layer) => present(layer?.baseUrl));
  const baseUrl = baseIndex === -1 ? '' : (layers[baseIndex]!.baseUrl as string);
  if (baseIndex === -1) baseIndex = layers.length - 1;
  let token: string | undefined;
  for (let i = 0; i <= baseIndex; i++) {
    const candidate = layers[i]?.token;
    if (present(candidate)) {
      token = candidate;
      break;
    }
  }
  return { baseUrl, token };
}

/**
 * The connection once it is final, else undefined (the widget waits and
 * sends nothing): while an enclosing provider has not answered (not defined
 * or not upgraded yet), and while no layer names a base URL, since a
 * provider or a configure() that comes later would name one. The page's own
 * origin is named too: base-url="/".
 */
export function settledConnection(
  own: ConnectionSettings,
  /** What the nearest <aivis-provider> answered; undefined if none has (yet). */
  provided: ProvidedConnection | undefined,
  /** Whether an <aivis-provider> encloses the element (answered or not). */
  underProvider: boolean,
  pageSettings: ConnectionSettings,
): Connection | undefined {
  if (!present(own.baseUrl) && underProvider && provided === undefined) return undefined;
  const connection = resolveConnection([own, provided, pageSettings]);
  return connection.baseUrl === '' ? undefined : connection;
}

/** http(s) written out in full, with a host: the only absolute form taken as it is. */
const SPELLED_OUT = /^https?:\/\/[^/\\]/i;
/** A path on this site: one slash, then not a second slash or backslash (which browsers read as //). */
const SITE_PATH = /^\/(?![/\\])[^\\]*$/;

/**
 * The base URL the browser will really use, resolved against the page as
 * fetch() resolves it: a path on this site stays a path; an explicit
 * http(s) address stays as written; anything else (`//host`, `/\\host`,
 * `https:host`, `relative/path`) is resolved against the page and, if it
 * lands on another origin, becomes that origin's full address. A token is
 * never sent to such an ambiguous address on another origin: the token goes
 * only where an address says plainly where it goes. Throws the core's
 * validation error naming base-url.
 */
export function finalConnection(connection: Connection, pageUrl: string): Connection {
  const written = connection.baseUrl.trim();
  if (written === '' || SPELLED_OUT.test(written) || SITE_PATH.test(written)) return connection;
  let target: URL | undefined;
  try {
    target = new URL(written, pageUrl);
  } catch {}
  if (!target || !/^https?:$/.test(target.protocol)) {
    throw validationError({ base_url: ['must be an http(s) address or a path on this site'] });
  }
  if (target.origin === new URL(pageUrl).origin) {
    return { ...connection, baseUrl: target.pathname + target.search + target.hash };
  }
  if (connection.token) {
    throw validationError({
      base_url: [`is another site: write ${target.origin} to send the token there`],
    });
  }
  return { ...connection, baseUrl: target.href };
}

/** A set of compiled shapes and the check built from them. */
interface ShapeSet {
  shapes: CompiledShapes;
  check: BodyCheck;
}

/**
 * The page's one connection registry, shared by every copy of this code on
 * the page (the full bundle, each standalone element, another bundle of the
 * host app): configure() from one reaches the elements of all, and they
 * share one request cache and the response shapes each registered. It sits in a globalThis slot under a Symbol.for
 * key; the key's version changes whenever this shape does, so copies that
 * disagree on it keep apart instead of misreading each other.
 */
interface PageRegistry {
  settings: GlobalSettings;
  cache: RequestCache;
  /** configure() calls so far: part of every widget's task arguments. */
  version: number;
  /** The widgets on the page, told when configure() changes the settings. */
  readonly listeners: Set<() => void>;
  /** Response shapes by endpoint, as the elements registered them (registerResponseShapes). */
  readonly shapeSets: Map<string, ShapeSet[]>;
}

const REGISTRY_SLOT = Symbol.for('aivis.connection-registry.v1');
const slots = globalThis as typeof globalThis & { [REGISTRY_SLOT]?: PageRegistry };
slots[REGISTRY_SLOT] ??= {
  settings: {},
  cache: createRequestCache(),
  version: 0,
  listeners: new Set(),
  shapeSets: new Map(),
};
const registry: PageRegistry = slots[REGISTRY_SLOT];

/**
 * The contract check: compact shapes compiled from the zod schemas at build
 * time, not zod itself. Each element's registration module brings the shapes
 * of the endpoints it reads field by field, and of only the bodies it asks
 * for (a dataset, a grouping, summary blocks). Several elements may register
 * one endpoint (the trend its history, the ranking its ranking): a body is
 * checked by the set that documents it. Any other body (the rows behind an
 * action's next_request, shown generically as text) only has to be a JSON
 * object.
 */
export function registerResponseShapes(
  shapes: CompiledShapes,
  endpoints: readonly EndpointName[],
): void {
  const set = { shapes, check: createShapeCheck(shapes) };
  for (const endpoint of endpoints)
    registry.shapeSets.set(endpoint, [...(registry.shapeSets.get(endpoint) ?? []), set]);
}

const responseCheck: BodyCheck = {
  response: (name, query, value) => {
    const documenting = registry.shapeSets
      .get(name)
      ?.find((set) => pickResponse(set.shapes.responses[name], query) !== undefined);
    return documenting ? documenting.check.response(name, query, value) : objectBody(value);
  },
  // Every set holds the same envelope shape.
  error: (value) => registry.shapeSets.values().next().value![0]!.check.error(value),
};

/**
 * Page-wide settings for every widget: `configure({ baseUrl: '/aivis' })`.
 * Element attributes and providers override them. Widgets already on the
 * page reload with the new settings.
 */
export function configure(next: GlobalSettings): void {
  registry.settings = { ...next };
  registry.cache = createRequestCache({ ttlMs: next.cacheTtlMs, fetch: next.fetch, now: next.now });
  registry.version += 1;
  for (const listener of registry.listeners) listener();
}

/** The page's settings as configure() last set them (read, never changed, by the widgets). */
export function globalSettings(): Readonly<ConnectionSettings> {
  return registry.settings;
}

/** How many times configure() ran: a change means new settings. */
export const configureCount = (): number => registry.version;

/** Calls `listener` after each configure() until the returned function is called. */
export function onConfigure(listener: () => void): () => void {
  registry.listeners.add(listener);
  return () => registry.listeners.delete(listener);
}

/** Waits `ms`, the page's way (see GlobalSettings.sleep); rejects when the signal aborts. */
export const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  (registry.settings.sleep ?? abortableSleep)(ms, signal);

/** The page's request cache (for tests and the bench: how many requests really went out). */
export function requestCache(): RequestCache {
  return registry.cache;
}

/**
 * This copy's clients: a client knows only the endpoints its bundle carries
 * (a standalone element's bundle has its own), so copies share the request
 * cache beneath, not the clients. Made again after each configure().
 */
let clients = new Map<string, FetchReader>();
let tokenIds = new Map<string, number>();
let clientsVersion = 0;

/**
 * One client per (base URL, token), all over the page's one request cache,
 * so N widgets asking the same thing cost one request.
 */
export function clientFor(connection: Connection): FetchReader {
  const { settings, version } = registry;
  if (clientsVersion !== version) {
    clients = new Map();
    tokenIds = new Map();
    clientsVersion = version;
  }
  let tokenId = 0;
  if (connection.token) {
    tokenId = tokenIds.get(connection.token) ?? tokenIds.size + 1;
    tokenIds.set(connection.token, tokenId);
  }
  const key = `${tokenId} ${connection.baseUrl}`;
  let client = clients.get(key);
  if (!client) {
    client = createFetchReader(
      {
        ...connection,
        fetch: registry.cache.fetch,
        sleep: settings.sleep,
        now: settings.now,
        // Every failure comes back at once, a 429 and a 500 alike: the widget shows it
        // with its own countdown and retries itself (data-api 7; docs/widgets.md), where
        // a silent backoff kept the skeleton up for up to 30 s.
        retry: { maxRetryAfterMs: 0, maxAttempts: 1 },
      },
      responseCheck,
    );
    clients.set(key, client);
  }
  return client;
}
