/**
 * The proxy's configuration, read from environment variables (Node's
 * process.env, a Workers `env` object, Deno.env.toObject()). Every error names
 * the variable and says what to put there. Web-standard APIs only.
 */
import { LIMITS } from '../shared/api/vocabulary.js';
import { defaultAllowedHosts, parseHost } from './hosts.js';
import { MAX_BUDGET_PER_MINUTE } from './pacer.js';
import { MAX_UPSTREAM_BODY_BYTES } from './upstream.js';

export interface ProxyConfig {
  /** Upstream service base address, http(s), without /api/v1; e.g. https://example.com. */
  baseUrl: string;
  /** Personal access token (data-api 5); sent upstream only, never shown. */
  token: string;
  /** Port of the Node entry (ignored by Workers, Deno and Bun snippets that bring their own). */
  port: number;
  /** Interface of the Node entry; loopback unless HOST says otherwise. */
  host: string;
  /** Host header values answered (name, or name:port); others get 421 (DNS rebinding). */
  allowedHosts: readonly string[];
  /** Exact origins (scheme://host[:port]) that may read responses cross-origin. Empty: none. */
  allowedOrigins: readonly string[];
  /** Project ids reachable through the proxy; undefined: every project of the token's account. */
  allowedProjects?: readonly number[];
  /** Seconds a 200 answer is fresh. */
  cacheTtlSeconds: number;
  /** Seconds after freshness during which a stale copy is served at once while it is refreshed. */
  staleWhileRevalidateSeconds: number;
  /** Seconds after freshness during which a stale copy stands in for an upstream 429, 5xx or outage. */
  staleIfErrorSeconds: number;
  /** LRU bounds. */
  cacheMaxEntries: number;
  cacheMaxBytes: number;
  /** Requests per minute assumed until upstream's X-RateLimit-Limit says otherwise (data-api 8). */
  rateLimitPerMinute: number;
  /** Upper bound of the proxy's own upstream requests per minute, to leave the rest of the plan to other clients. */
  maxUpstreamPerMinute?: number;
  /** Longest a request waits for an upstream slot before it gets stale data or a 429. */
  maxQueueWaitMs: number;
  /** Most requests waiting for an upstream slot at once. */
  maxQueueLength: number;
  /** Percent of the per-minute budget one client address may spend on cache misses. */
  clientBudgetSharePercent: number;
  /**
   * Request header that carries the client's address (CF-Connecting-IP on
   * Workers), believed only when set: behind no such front, anyone can send it.
   */
  clientIpHeader?: string;
  /** Most bytes of upstream answers held in memory at once while they are read and scrubbed. */
  maxBufferedBytes: number;
  /** Upstream answers slower than this count as an outage. */
  upstreamTimeoutMs: number;
  /**
   * Mount prefix such as /scenarios/expired: requests must start with it and it is
   * stripped before routing, so several proxies can share one server.
   */
  basePath: string;
}

export const PROXY_DEFAULTS = {
  port: 8788,
  host: '127.0.0.1',
  cacheTtlSeconds: 60,
  staleWhileRevalidateSeconds: 300,
  staleIfErrorSeconds: 86_400,
  cacheMaxEntries: 1_000,
  cacheMaxBytes: 64 * 1024 * 1024,
  rateLimitPerMinute: LIMITS.rateLimitPerMinute.entry,
  maxQueueWaitMs: 10_000,
  maxQueueLength: 200,
  clientBudgetSharePercent: 50,
  maxBufferedBytes: 32 * 1024 * 1024,
  upstreamTimeoutMs: 20_000,
  basePath: '',
} as const;

export class ProxyConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable} ${message}`);
    this.name = 'ProxyConfigError';
  }
}

type Env = Record<string, string | undefined>;

const present = (env: Env, name: string): string | undefined => {
  const value = env[name]?.trim();
  return value ? value : undefined;
};

function readInt(env: Env, name: string, fallback: number, min: number, max: number): number {
  const text = present(env, name);
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new ProxyConfigError(
      name,
      `must be a whole number from ${min} to ${max}, not '${clip(text)}'`,
    );
  }
  return Number(text);
}

function readBaseUrl(env: Env): string {
  const text = present(env, 'AIVIS_BASE_URL');
  if (text === undefined) {
    throw new ProxyConfigError(
      'AIVIS_BASE_URL',
      'is required: the service base address without /api/v1, e.g. https://example.com',
    );
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ProxyConfigError(
      'AIVIS_BASE_URL',
      `must be an absolute http(s) URL, not '${clip(text)}'`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ProxyConfigError('AIVIS_BASE_URL', `must use http or https, not ${url.protocol}`);
  }
  if (url.username || url.password) {
    throw new ProxyConfigError('AIVIS_BASE_URL', 'must not carry credentials; set AIVIS_TOKEN');
  }
  if (url.search || url.hash) {
    throw new ProxyConfigError('AIVIS_BASE_URL', 'must not have a query or fragment');
  }
  const path = url.pathname.replace(/\/+$/, '');
  if (/\/api\/v1$/.test(path)) {
    throw new ProxyConfigError(
      'AIVIS_BASE_URL',
      `must not end in /api/v1; the proxy adds it: use ${url.origin}${path.slice(0, -'/api/v1'.length)}`,
    );
  }
  return `${url.origin}${path}`;
}

function readToken(env: Env): string {
  const token = present(env, 'AIVIS_TOKEN');
  if (token === undefined) {
    throw new ProxyConfigError(
      'AIVIS_TOKEN',
      "is required: a personal access token from the service's MCP token page (data-api 5)",
    );
  }
  // A header value with a line break or space would be refused or split; say so without echoing it.
  // Every answer is scrubbed of the token, so a very short one would mangle ordinary text.
  if (!/^[\x21-\x7e]{8,}$/.test(token)) {
    throw new ProxyConfigError(
      'AIVIS_TOKEN',
      'must be one word of at least 8 printable ASCII characters (check for quotes, spaces or line breaks)',
    );
  }
  return token;
}

function readOrigins(env: Env): string[] {
  const text = present(env, 'ALLOWED_ORIGINS');
  if (text === undefined) return [];
  const origins: string[] = [];
  for (const item of text.split(',').map((part) => part.trim())) {
    if (item === '') continue;
    if (item === '*') {
      throw new ProxyConfigError(
        'ALLOWED_ORIGINS',
        "must list exact origins, not '*': any web page could otherwise read this account's data",
      );
    }
    let url: URL | undefined;
    try {
      url = new URL(item);
    } catch {
      url = undefined;
    }
    if (
      !url ||
      (url.protocol !== 'http:' && url.protocol !== 'https:') ||
      url.origin !== item.replace(/\/$/, '')
    ) {
      throw new ProxyConfigError(
        'ALLOWED_ORIGINS',
        `must be a comma-separated list of origins like https://intranet.example.com (scheme, host and port only), not '${clip(item)}'`,
      );
    }
    if (!origins.includes(url.origin)) origins.push(url.origin);
  }
  return origins;
}

function readHosts(env: Env, listeningHost: string): string[] {
  const text = present(env, 'ALLOWED_HOSTS');
  if (text === undefined) return defaultAllowedHosts(listeningHost);
  const hosts: string[] = [];
  for (const item of text.split(',').map((part) => part.trim().toLowerCase())) {
    if (item === '') continue;
    if (!parseHost(item)) {
      throw new ProxyConfigError(
        'ALLOWED_HOSTS',
        `must be a comma-separated list of host names as clients write them, like proxy.example.com or proxy.example.com:8443 (no scheme, path or '*'), not '${clip(item)}'`,
      );
    }
    if (!hosts.includes(item)) hosts.push(item);
  }
  if (hosts.length === 0) {
    throw new ProxyConfigError('ALLOWED_HOSTS', 'lists no host; leave it unset for the defaults');
  }
  return hosts;
}

/** A header name as RFC 9110 5.1 allows (a token). */
function readHeaderName(env: Env, name: string): string | undefined {
  const text = present(env, name);
  if (text === undefined) return undefined;
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/.test(text)) {
    throw new ProxyConfigError(
      name,
      `must be one header name like CF-Connecting-IP, not '${clip(text)}'`,
    );
  }
  return text;
}

function readProjects(env: Env): number[] | undefined {
  const text = present(env, 'ALLOWED_PROJECTS');
  if (text === undefined) return undefined;
  const projects: number[] = [];
  for (const item of text.split(',').map((part) => part.trim())) {
    if (item === '') continue;
    if (!/^\d+$/.test(item) || Number(item) < 1 || Number(item) > 2_147_483_647) {
      throw new ProxyConfigError(
        'ALLOWED_PROJECTS',
        `must be a comma-separated list of numeric project ids from GET /projects, not '${clip(item)}'`,
      );
    }
    if (!projects.includes(Number(item))) projects.push(Number(item));
  }
  if (projects.length === 0) {
    throw new ProxyConfigError(
      'ALLOWED_PROJECTS',
      'lists no project id; leave it unset to allow every project',
    );
  }
  return projects;
}

function readBasePath(env: Env): string {
  const text = present(env, 'BASE_PATH');
  if (text === undefined) return '';
  return normalizeBasePath(text, 'BASE_PATH');
}

/** '/scenarios/expired/' -> '/scenarios/expired'; '' or '/' -> ''. */
export function normalizeBasePath(text: string, variable = 'basePath'): string {
  const path = text.trim().replace(/\/+$/, '');
  if (path === '') return '';
  if (!/^(\/[A-Za-z0-9._~-]+)+$/.test(path) || /(^|\/)\.\.?(\/|$)/.test(path)) {
    throw new ProxyConfigError(
      variable,
      `must be a path like /aivis made of letters, digits and . _ ~ -, not '${clip(text)}'`,
    );
  }
  return path;
}

/** Reads and checks the environment; throws ProxyConfigError naming the variable at fault. */
export function readProxyConfig(env: Env): ProxyConfig {
  const allowedProjects = readProjects(env);
  const host = present(env, 'HOST') ?? PROXY_DEFAULTS.host;
  const clientIpHeader = readHeaderName(env, 'CLIENT_IP_HEADER');
  const cap = present(env, 'MAX_UPSTREAM_PER_MINUTE')
    ? readInt(env, 'MAX_UPSTREAM_PER_MINUTE', 0, 1, MAX_BUDGET_PER_MINUTE)
    : undefined;
  return {
    ...(cap === undefined ? {} : { maxUpstreamPerMinute: cap }),
    ...(clientIpHeader === undefined ? {} : { clientIpHeader }),
    baseUrl: readBaseUrl(env),
    token: readToken(env),
    port: readInt(env, 'PORT', PROXY_DEFAULTS.port, 0, 65_535),
    host,
    allowedHosts: readHosts(env, host),
    allowedOrigins: readOrigins(env),
    ...(allowedProjects ? { allowedProjects } : {}),
    cacheTtlSeconds: readInt(env, 'CACHE_TTL', PROXY_DEFAULTS.cacheTtlSeconds, 0, 86_400),
    staleWhileRevalidateSeconds: readInt(
      env,
      'STALE_WHILE_REVALIDATE',
      PROXY_DEFAULTS.staleWhileRevalidateSeconds,
      0,
      86_400,
    ),
    staleIfErrorSeconds: readInt(
      env,
      'STALE_IF_ERROR',
      PROXY_DEFAULTS.staleIfErrorSeconds,
      0,
      7 * 86_400,
    ),
    cacheMaxEntries: readInt(
      env,
      'CACHE_MAX_ENTRIES',
      PROXY_DEFAULTS.cacheMaxEntries,
      1,
      1_000_000,
    ),
    cacheMaxBytes: readInt(
      env,
      'CACHE_MAX_BYTES',
      PROXY_DEFAULTS.cacheMaxBytes,
      1024,
      4 * 1024 * 1024 * 1024,
    ),
    rateLimitPerMinute: readInt(
      env,
      'RATE_LIMIT_PER_MINUTE',
      PROXY_DEFAULTS.rateLimitPerMinute,
      1,
      MAX_BUDGET_PER_MINUTE,
    ),
    maxQueueWaitMs: readInt(env, 'MAX_QUEUE_WAIT_MS', PROXY_DEFAULTS.maxQueueWaitMs, 0, 120_000),
    maxQueueLength: readInt(env, 'MAX_QUEUE_LENGTH', PROXY_DEFAULTS.maxQueueLength, 0, 100_000),
    clientBudgetSharePercent: readInt(
      env,
      'CLIENT_BUDGET_SHARE',
      PROXY_DEFAULTS.clientBudgetSharePercent,
      1,
      100,
    ),
    maxBufferedBytes: readInt(
      env,
      'MAX_BUFFERED_BYTES',
      PROXY_DEFAULTS.maxBufferedBytes,
      MAX_UPSTREAM_BODY_BYTES,
      4 * 1024 * 1024 * 1024,
    ),
    upstreamTimeoutMs: readInt(
      env,
      'UPSTREAM_TIMEOUT_MS',
      PROXY_DEFAULTS.upstreamTimeoutMs,
      100,
      300_000,
    ),
    basePath: readBasePath(env),
  };
}

/** Builds a config in code (tests, `npm start`), with the same checks as the environment path. */
export function proxyConfig(
  options: Partial<Omit<ProxyConfig, 'baseUrl' | 'token'>> & { baseUrl: string; token: string },
): ProxyConfig {
  const checked = readProxyConfig({
    AIVIS_BASE_URL: options.baseUrl,
    AIVIS_TOKEN: options.token,
    HOST: options.host,
    ALLOWED_HOSTS: options.allowedHosts?.join(','),
    ALLOWED_ORIGINS: options.allowedOrigins?.join(','),
    ALLOWED_PROJECTS: options.allowedProjects?.join(','),
    CLIENT_IP_HEADER: options.clientIpHeader,
  });
  return {
    ...checked,
    ...options,
    baseUrl: checked.baseUrl,
    allowedHosts: checked.allowedHosts,
    allowedOrigins: checked.allowedOrigins,
    ...(checked.allowedProjects ? { allowedProjects: checked.allowedProjects } : {}),
    basePath: normalizeBasePath(options.basePath ?? ''),
  };
}

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}
