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
    const value = request.headers.get(trustedHeader)?.split(',')[0]?.trim();
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
    if (origin !== null && allowedOrigins.size > 0 && !allowedOrigins.has(origin)) {
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
    const client = clientAddress(request, context, config.clientIpHeader);
    if (client === undefined || config.clientBudgetSharePercent >= 100) return undefined;
    const share = Math.max(1, Math.floor((budget() * config.clientBudgetSharePercent) / 100));
    if (!sharedTake) return refusal(share, shares.take(client, share, now()));
    return sharedTake(client, share, now()).then((taken) =>
      refusal(share, taken ?? shares.take(client, share, now())),
    );
  };
}
