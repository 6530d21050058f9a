/**
 * The edge step that checks the Host header against the names a server was
 * told it is reached under. A page on any site can make a browser send
 * requests to a name the attacker resolves to the server's address (DNS
 * rebinding); the browser then treats the answers as same-origin and hands
 * them to that page. Refusing names nobody configured closes that.
 */

/** hostname, or hostname:port; IPv6 literals in brackets. Lower case. */
const HOST_PATTERN =
  /^(\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*)(?::(\d{1,5}))?$/;

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];
/** Listening on every interface names no host a client would use. */
const WILDCARD_ADDRESSES = new Set(['0.0.0.0', '::', '[::]', '']);

export interface HostName {
  hostname: string;
  port?: number;
}

/** Parses a Host header or an ALLOWED_HOSTS entry; undefined when it is not a plain host[:port]. */
export function parseHost(text: string): HostName | undefined {
  const match = HOST_PATTERN.exec(
    text
      .trim()
      .toLowerCase()
      .replace(/\.(?=:\d+$|$)/, ''),
  );
  if (!match) return undefined;
  const port = match[2] === undefined ? undefined : Number(match[2]);
  if (port !== undefined && port > 65_535) return undefined;
  return port === undefined ? { hostname: match[1]! } : { hostname: match[1]!, port };
}

/** The listening host (unless it is a wildcard) and the loopback names. */
export function defaultAllowedHosts(listeningHost: string): string[] {
  const host =
    listeningHost.includes(':') && !listeningHost.startsWith('[')
      ? `[${listeningHost}]`
      : listeningHost;
  const names = [...LOOPBACK_NAMES];
  const parsed = parseHost(host);
  if (parsed && !WILDCARD_ADDRESSES.has(host) && !names.includes(parsed.hostname)) {
    names.push(parsed.hostname);
  }
  return names;
}

/** An entry without a port allows the name on any port; with one, only that port. */
export function hostAllowed(hostHeader: string, allowed: readonly string[]): boolean {
  const host = parseHost(hostHeader);
  if (!host) return false;
  return allowed.some((entry) => {
    const rule = parseHost(entry);
    return (
      rule !== undefined &&
      rule.hostname === host.hostname &&
      (rule.port === undefined || rule.port === host.port)
    );
  });
}
