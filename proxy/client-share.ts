/**
 * Per-client fairness: one client address may spend only a share of the
 * account's per-minute budget on cache misses, so a script asking for
 * thousands of distinct URLs cannot lock every other viewer out (spec 8).
 *
 * A token bucket per address: the share refills evenly over the pacer's
 * window. Memory is bounded: the least recently seen addresses are forgotten
 * first.
 */
import { PACER_WINDOW_MS } from './pacer.js';

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
