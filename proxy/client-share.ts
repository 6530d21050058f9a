/**
 * Per-client fairness: one client address may spend only a share of the
 * account's per-minute budget on cache misses, so a script asking for
 * thousands of distinct URLs cannot lock every other viewer out (data-api 8).
 *
 * A token bucket per address: the share refills evenly over the pacer's
 * window. Memory is bounded: the least recently seen addresses are forgotten
 * first.
 */
import type { ProxyConfig } from './config.js';
import { PACER_WINDOW_MS } from './pacer.js';
import { jsonError } from './responses.js';

export const MAX_TRACKED_CLIENTS = 10_000;

interface Bucket {
  tokens: number;
  at: number;
}

export type ShareResult = { ok: true } | { ok: false; retryAfterMs: number };

export class ClientShares {
  readonly #buckets = new Map<string, Bucket>();

  constructor(
    readonly maxClients = MAX_TRACKED_CLIENTS,
    readonly windowMs = PACER_WINDOW_MS,
  ) {}

  /** Spends one miss of `share` per window for this client, or says when one is back. */
  take(client: string, share: number, now: number): ShareResult {
    const capacity = Math.max(1, share);
    const perMs = capacity / this.windowMs;
    const previous = this.#buckets.get(client);
    const tokens = previous
      ? Math.min(capacity, previous.tokens + Math.max(0, now - previous.at) * perMs)
      : capacity;
    this.#buckets.delete(client);
    if (tokens >= 1) {
      this.#remember(client, { tokens: tokens - 1, at: now });
      return { ok: true };
    }
    this.#remember(client, { tokens, at: now });
    return { ok: false, retryAfterMs: Math.ceil((1 - tokens) / perMs) };
  }

  #remember(client: string, bucket: Bucket): void {
    this.#buckets.set(client, bucket);
    if (this.#buckets.size > this.maxClients) {
      const oldest = this.#buckets.keys().next().value;
      if (oldest !== undefined) this.#buckets.delete(oldest);
    }
  }
}

/**
 * The client's address as the runtime reports it: the Node host's
 * `{ clientAddress }`, Deno's `info.remoteAddr`, Bun's `server.requestIP()`;
 * or the configured header of a trusted front (CF-Connecting-IP on Workers,
 * whose context carries no address). Undefined when nothing says.
 */
export function clientAddress(
  request: Request,
  context: unknown,
  trustedHeader: string | undefined,
): string | undefined {
  if (trustedHeader) {
    const value = trustedEntry(request.headers.get(trustedHeader));
    if (value) return clientKey(value);
  }
  if (typeof context !== 'object' || context === null) return undefined;
  const host = context as {
    clientAddress?: unknown;
    remoteAddr?: { hostname?: unknown };
    requestIP?: unknown;
  };
  if (typeof host.clientAddress === 'string') return clientKey(host.clientAddress);
  if (typeof host.remoteAddr?.hostname === 'string') return clientKey(host.remoteAddr.hostname);
  if (typeof host.requestIP === 'function') {
    try {
      const found = (host.requestIP as (request: Request) => { address?: unknown } | null).call(
        context,
        request,
      );
      if (typeof found?.address === 'string') return clientKey(found.address);
    } catch {
      // Not Bun's server after all: no address.
    }
  }
  return undefined;
}

/** Entries of a list header looked at, from the right; the rest is the client's to write. */
const MAX_HEADER_ENTRIES = 64;

/**
 * The address the trusted reverse proxy wrote. A list header such as
 * X-Forwarded-For grows by one entry per hop, appended on the right, and
 * whatever is on its left the client could have sent: so the rightmost entry
 * (the peer the reverse proxy in front of this one saw) is the only one
 * believed. A single-value header (X-Real-IP, CF-Connecting-IP) is its own
 * rightmost entry. See docs/security.md, "Client addresses".
 */
export function trustedEntry(value: string | null): string | undefined {
  if (!value) return undefined;
  const tail =
    value.length > MAX_HEADER_ENTRIES * 64 ? value.slice(-MAX_HEADER_ENTRIES * 64) : value;
  const last = tail.slice(tail.lastIndexOf(',') + 1).trim();
  return last === '' ? undefined : last;
}

/** Whether a client key is this machine (127.0.0.0/8, ::1): the peer a local reverse proxy shows. */
const isLoopback = (key: string): boolean =>
  key.startsWith('127.') || key === '0:0:0:0::/64' || key === '::1';

/**
 * One key per client: an IPv4-mapped address is its IPv4 address, and an
 * IPv6 address counts by its /64, the block one subscriber usually gets.
 */
export function clientKey(address: string): string {
  const text = address
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .slice(0, 64);
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (mapped) return mapped[1]!;
  if (!text.includes(':')) return text;
  const [head = '', tail = ''] = text.split('::');
  const groups = head ? head.split(':') : [];
  if (text.includes('::')) {
    const tailGroups = tail ? tail.split(':') : [];
    while (groups.length + tailGroups.length < 8) groups.push('0');
    groups.push(...tailGroups);
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export interface SpendRefusal {
  /** For the log and X-Aivis-Stale-Reason. */
  reason: string;
  response: () => Response;
}

/**
 * Whether a request may start an upstream call, i.e. spend budget. Not for a
 * page on an origin outside ALLOWED_ORIGINS (it could not read the answer
 * anyway), nor for a client address that spent its share.
 */
export function spendingGate(
  config: ProxyConfig,
  budget: () => number,
  now: () => number,
  warn: (message: string) => void = () => undefined,
  /**
   * The share counted in a store every instance shares; undefined when that
   * store cannot answer now (this instance's own count stands in).
   */
  sharedTake?: (client: string, share: number, now: number) => Promise<ShareResult | undefined>,
): (
  request: Request,
  context: unknown,
) => SpendRefusal | undefined | Promise<SpendRefusal | undefined> {
  const allowedOrigins = new Set(config.allowedOrigins);
  const shares = new ClientShares();
  const loopbackWatch = config.clientIpHeader ? undefined : new LoopbackWatch(warn);
  const refusal = (share: number, taken: ShareResult): SpendRefusal | undefined => {
    if (taken.ok) return undefined;
    const seconds = Math.max(1, Math.ceil(taken.retryAfterMs / 1000));
    return {
      reason: 'client share',
      response: () =>
        jsonError(
          429,
          'rate_limited',
          `This client has used its share of the proxy's budget (${share} new requests a minute); answers already cached are still served. Try again in ${seconds} s.`,
          { retry_after: seconds },
          { 'Retry-After': String(seconds) },
        ),
    };
  };
  // Synchronous without a shared store: a request joining a running call must not wait a turn.
  return (request, context) => {
    const origin = request.headers.get('Origin');
    const allowedOrigin = origin !== null && allowedOrigins.has(origin);
    if (origin !== null && allowedOrigins.size > 0 && !allowedOrigin) {
      return {
        reason: 'origin not allowed',
        response: () =>
          jsonError(
            403,
            'insufficient_scope',
            "This page's origin is not in the proxy's ALLOWED_ORIGINS: it is answered from the cache only, and this answer is not cached.",
          ),
      };
    }
    if (!allowedOrigin && madeByAnotherPage(request.headers)) {
      return {
        reason: 'cross-site or no-cors',
        response: () =>
          jsonError(
            403,
            'insufficient_scope',
            'This request came from a page on another site, or from an image or a no-cors request, without an origin in ALLOWED_ORIGINS: it is answered from the cache only, and this answer is not cached.',
          ),
      };
    }
    const client = clientAddress(request, context, config.clientIpHeader);
    if (client !== undefined) loopbackWatch?.see(client);
    if (client === undefined || config.clientBudgetSharePercent >= 100) return undefined;
    const share = Math.max(1, Math.floor((budget() * config.clientBudgetSharePercent) / 100));
    if (!sharedTake) return refusal(share, shares.take(client, share, now()));
    return sharedTake(client, share, now()).then((taken) =>
      refusal(share, taken ?? shares.take(client, share, now())),
    );
  };
}

/**
 * Fetch Metadata (sent by every current browser): a request another site's
 * page made (an <img>, a link, a form) or one whose answer the page cannot
 * read (no-cors) is no widget of an allowed page, so it must not spend the
 * account's budget. Servers (Sheets, Looker, scripts) send neither header.
 */
function madeByAnotherPage(headers: Headers): boolean {
  const site = headers.get('Sec-Fetch-Site');
  const mode = headers.get('Sec-Fetch-Mode');
  return site === 'cross-site' || mode === 'no-cors';
}

/** Requests seen before deciding that every client is this machine. */
const LOOPBACK_SAMPLE = 20;

/**
 * Behind a reverse proxy on the same machine every viewer's peer address is
 * loopback, so without CLIENT_IP_HEADER all of them share one client's share:
 * said once in the log, after enough requests that all came from loopback.
 */
class LoopbackWatch {
  #seen = 0;
  #done = false;

  constructor(readonly warn: (message: string) => void) {}

  see(client: string): void {
    if (this.#done) return;
    if (!isLoopback(client)) {
      this.#done = true;
      return;
    }
    this.#seen += 1;
    if (this.#seen < LOOPBACK_SAMPLE) return;
    this.#done = true;
    this.warn(
      `aivis proxy: the first ${LOOPBACK_SAMPLE} clients all came from this machine (loopback) and CLIENT_IP_HEADER is not set, so every viewer shares one client's budget share. Behind a reverse proxy, set CLIENT_IP_HEADER to the header it writes (X-Real-IP in examples/intranet-nginx).`,
    );
  }
}
