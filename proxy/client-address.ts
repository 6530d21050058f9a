/**
 * Who a client is, for its share of the budget (client-share.ts): the address
 * the runtime reports or the trusted front wrote, one key per address (an
 * IPv6 /64 per subscriber), and the warning when every client looks like
 * this machine. See docs/security.md, "Client addresses".
 */
import type { RequestHead } from '../server/request-head.js';

/**
 * The client's address as the runtime reports it: the Node host's
 * `{ clientAddress }`, Deno's `info.remoteAddr`, Bun's `server.requestIP()`;
 * or the configured header of a trusted front (CF-Connecting-IP on Workers,
 * whose context carries no address). Undefined when nothing says.
 */
export function clientAddress(
  request: RequestHead,
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
      const found = (host.requestIP as (request: RequestHead) => { address?: unknown } | null).call(
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

/** Whether a client key is this machine (127.0.0.0/8, ::1): the peer a local reverse proxy shows. */
const isLoopback = (key: string): boolean =>
  key.startsWith('127.') || key === '0:0:0:0::/64' || key === '::1';

/** Requests seen before deciding that every client is this machine. */
const LOOPBACK_SAMPLE = 20;

/**
 * Behind a reverse proxy on the same machine every viewer's peer address is
 * loopback, so without CLIENT_IP_HEADER all of them share one client's share:
 * said once in the log, after enough requests that all came from loopback.
 */
export class LoopbackWatch {
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
