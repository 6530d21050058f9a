/**
 * The proxy's configuration: one table of settings (PROXY_SETTINGS) that both
 * paths read through the same checks, the environment (Node's process.env, a
 * Workers `env` object, Deno.env.toObject()) and proxyConfig() in code. The
 * README's settings table is generated from it (scripts/proxy/settings-table.ts).
 * Every error names the setting and says what to put there. Web-standard APIs only.
 */

import { defaultAllowedHosts } from '../server/host-check.js';
import { LIMITS } from '../shared/api/vocabulary.js';
import { type ProxyAccount, readAccounts } from './accounts/accounts-setting.js';
import { MAX_UPSTREAM_BODY_BYTES } from './body-limit.js';
import { MAX_BUDGET_PER_MINUTE } from './pacer.js';
import {
  type Fail,
  ProxyConfigError,
  readBasePath,
  readBaseUrl,
  readChoice,
  readHeaderName,
  readHosts,
  readInteger,
  readOrigins,
  readProjects,
  readRedisUrl,
  readText,
  readToken,
} from './setting-readers.js';
import {
  readAgencyColor,
  readAgencyLogo,
  readPublicUrl,
  readShareSecret,
} from './share/share-settings.js';

export type { ProxyAccount } from './accounts/accounts-setting.js';
export { ProxyConfigError } from './setting-readers.js';

/** Which answered requests reach the log: every one, only failures and stale copies, or none. */
export const LOG_LEVELS = ['info', 'warn', 'off'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** What a setting's value is, as the README's Type column says it. */
export type SettingType =
  | 'url'
  | 'secret'
  | 'integer'
  | 'host'
  | 'host list'
  | 'origin list'
  | 'project id list'
  | 'header name'
  | 'path'
  | 'choice'
  | 'redis url'
  | 'account list'
  | 'file path'
  | 'text'
  | 'data url'
  | 'colour'
  | 'ledger'
  | 'time of day';

/** One setting: the variable, the key and value it reads to, and the docs' row. */
export interface ProxySetting<K extends string = string, T = unknown> {
  /** Environment variable. */
  variable: string;
  /** proxyConfig() option and ProxyConfig field. */
  key: K;
  type: SettingType;
  /** Used when the setting is absent; undefined with `required`: it must be given. */
  default?: NoInfer<T>;
  /** How the README states a default that is derived or absent, e.g. "none". */
  defaultText?: string;
  required?: boolean;
  /**
   * Always in the config though neither required nor defaulted by the table:
   * readSettings derives it (`allowedHosts` from `HOST`, `token` from `AIVIS_ACCOUNTS`).
   */
  derived?: true;
  /** Inclusive bounds of an integer setting. */
  range?: readonly [number, number];
  /** One line for the README: what it does and when to change it. */
  description: string;
  /**
   * Reads and checks the text; throws through `fail`. Integers need only their range.
   * `lookup` reads another variable (AIVIS_ACCOUNTS names the ones holding tokens).
   */
  read?: (text: string, fail: Fail, lookup: Lookup) => T;
}

declare const VALUE: unique symbol;

/**
 * A table entry as its type keeps it: the value type its reader (or range)
 * gives, and whether the config always has it (a default, required or derived).
 */
export type SettingEntry<K extends string, T, Always extends boolean> = ProxySetting<K, T> & {
  readonly [VALUE]?: T;
  readonly always?: Always;
};

/** Keeps each entry's key, value type and presence, from which ProxyConfig is read. */
export function setting<const K extends string>(
  spec: ProxySetting<K, number> & { range: readonly [number, number]; default: number },
): SettingEntry<K, number, true>;
export function setting<const K extends string>(
  spec: ProxySetting<K, number> & { range: readonly [number, number] },
): SettingEntry<K, number, false>;
export function setting<const K extends string, T>(
  spec: ProxySetting<K, T> & ({ default: unknown } | { required: true } | { derived: true }),
): SettingEntry<K, T, true>;
export function setting<const K extends string, T>(
  spec: ProxySetting<K, T>,
): SettingEntry<K, T, false>;
export function setting(spec: ProxySetting): ProxySetting {
  return spec;
}

type ValueOf<E> = E extends { readonly [VALUE]?: infer T } ? Exclude<T, undefined> : never;
type Flat<T> = { [K in keyof T]: T[K] } & {};

/**
 * The config a table of settings reads to: one field per entry, under its key,
 * of its reader's type; optional unless it has a default, is required or is derived.
 */
export type ConfigOf<Entries extends readonly ProxySetting[]> = Flat<
  {
    [E in Entries[number] as E extends { readonly always?: true } ? E['key'] : never]: ValueOf<E>;
  } & {
    [E in Entries[number] as E extends { readonly always?: true } ? never : E['key']]?: ValueOf<E>;
  }
>;

/** Another variable of the same source, trimmed; undefined when empty or absent. */
export type Lookup = (variable: string) => string | undefined;

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;
const DAY = 86_400;

/** Every setting of the proxy, in the order the README lists them. One entry adds one. */
export const PROXY_SETTINGS = [
  setting({
    variable: 'AIVIS_BASE_URL',
    key: 'baseUrl',
    type: 'url',
    required: true,
    description: 'Service base address, http(s), without `/api/v1`, e.g. `https://example.com`',
    read: readBaseUrl,
  }),
  setting({
    variable: 'AIVIS_TOKEN',
    key: 'token',
    type: 'secret',
    defaultText: 'required unless `AIVIS_ACCOUNTS`',
    derived: true,
    description:
      "Personal access token from the service's token page (data-api 5); sent upstream only, never logged, never sent to a browser",
    read: readToken,
  }),
  setting({
    variable: 'PORT',
    key: 'port',
    type: 'integer',
    default: 8788,
    range: [0, 65_535],
    description: 'Port of the Node entry (Workers, Deno and Bun bring their own)',
  }),
  setting({
    variable: 'HOST',
    key: 'host',
    type: 'host',
    default: '127.0.0.1',
    description: 'Interface of the Node entry; loopback unless set',
    read: readText,
  }),
  setting({
    variable: 'ALLOWED_HOSTS',
    key: 'allowedHosts',
    type: 'host list',
    defaultText: '`HOST` (unless `0.0.0.0`/`::`), `localhost`, `127.0.0.1`, `[::1]`',
    derived: true,
    description:
      'Comma list of the host names clients use (`proxy.example.com`, or `name:port` for one port only); any other `Host` header gets 421 (DNS rebinding). Set it whenever the proxy is reached under another name, e.g. on Workers',
    read: readHosts,
  }),
  setting({
    variable: 'ALLOWED_ORIGINS',
    key: 'allowedOrigins',
    type: 'origin list',
    default: [],
    defaultText: 'none',
    description:
      'Comma list of exact origins (`https://intranet.example.com`) that may read answers cross-origin; `*` is refused. When set, a request whose `Origin` is not listed is answered from the cache only (403 otherwise) and spends no budget',
    read: readOrigins,
  }),
  setting({
    variable: 'FRAME_ANCESTORS',
    key: 'frameAncestors',
    type: 'origin list',
    default: [],
    defaultText: 'none',
    description:
      "Comma list of exact origins whose pages may show `/embed/…` in an iframe (SharePoint, Confluence, Notion, Google Sites: [widgets.md](widgets.md#embeds-without-script)); it becomes the embeds' `frame-ancestors`. Default: no page may frame them",
    read: readOrigins,
  }),
  setting({
    variable: 'ALLOWED_PROJECTS',
    key: 'allowedProjects',
    type: 'project id list',
    defaultText: 'all',
    description:
      'Comma list of project ids; others answer 404 `not_found` without reaching the service',
    read: readProjects,
  }),
  setting({
    variable: 'CACHE_TTL',
    key: 'cacheTtlSeconds',
    type: 'integer',
    default: 60,
    range: [0, DAY],
    description: 'Seconds a 200 answer is fresh',
  }),
  setting({
    variable: 'STALE_WHILE_REVALIDATE',
    key: 'staleWhileRevalidateSeconds',
    type: 'integer',
    default: 300,
    range: [0, DAY],
    description:
      'Seconds after freshness during which the stale copy is served at once while one refresh runs',
  }),
  setting({
    variable: 'STALE_IF_ERROR',
    key: 'staleIfErrorSeconds',
    type: 'integer',
    default: DAY,
    range: [0, 7 * DAY],
    description:
      'Seconds after freshness during which a stale copy stands in for an upstream 429, 5xx or outage',
  }),
  setting({
    variable: 'CACHE_MAX_ENTRIES',
    key: 'cacheMaxEntries',
    type: 'integer',
    default: 1_000,
    range: [1, 1_000_000],
    description: 'Most answers the in-memory LRU cache keeps',
  }),
  setting({
    variable: 'CACHE_MAX_BYTES',
    key: 'cacheMaxBytes',
    type: 'integer',
    default: 64 * MiB,
    range: [1024, 4 * GiB],
    description: 'Most bytes the in-memory LRU cache keeps',
  }),
  setting({
    variable: 'RATE_LIMIT_PER_MINUTE',
    key: 'rateLimitPerMinute',
    type: 'integer',
    default: LIMITS.rateLimitPerMinute.entry,
    range: [1, MAX_BUDGET_PER_MINUTE],
    description:
      "Budget assumed until the service's `X-RateLimit-Limit` says otherwise (data-api 8)",
  }),
  setting({
    variable: 'MAX_UPSTREAM_PER_MINUTE',
    key: 'maxUpstreamPerMinute',
    type: 'integer',
    defaultText: 'none',
    range: [1, MAX_BUDGET_PER_MINUTE],
    description:
      "Cap on the proxy's own upstream requests, to leave the rest of the plan to spreadsheets and scripts",
  }),
  setting({
    variable: 'MAX_QUEUE_WAIT_MS',
    key: 'maxQueueWaitMs',
    type: 'integer',
    default: 10_000,
    range: [0, 120_000],
    description:
      'Longest a request waits for budget before it gets a stale copy or a 429, in milliseconds',
  }),
  setting({
    variable: 'MAX_QUEUE_LENGTH',
    key: 'maxQueueLength',
    type: 'integer',
    default: 200,
    range: [0, 100_000],
    description: 'Most requests waiting for budget at once',
  }),
  setting({
    variable: 'CLIENT_BUDGET_SHARE',
    key: 'clientBudgetSharePercent',
    type: 'integer',
    default: 50,
    range: [1, 100],
    description:
      'Percent of the per-minute budget one client address may spend on cache misses; past it, a stale copy or a 429 with `Retry-After`. IPv6 addresses count per /64; `100` turns it off',
  }),
  setting({
    variable: 'CLIENT_IP_HEADER',
    key: 'clientIpHeader',
    type: 'header name',
    defaultText: 'none',
    description:
      "Header holding the client address, believed only when set: `CF-Connecting-IP` on Workers (whose context has no address), `X-Real-IP` behind nginx. Of a list such as `X-Forwarded-For` only the rightmost entry (the one your reverse proxy appended) counts. Unset, the runtime's peer address is used (Node host, Deno, Bun)",
    read: readHeaderName,
  }),
  setting({
    variable: 'MAX_BUFFERED_BYTES',
    key: 'maxBufferedBytes',
    type: 'integer',
    default: 32 * MiB,
    range: [MAX_UPSTREAM_BODY_BYTES, 4 * GiB],
    description:
      'Most bytes of upstream answers held in memory at once while read and scrubbed; further answers wait their turn (within `UPSTREAM_TIMEOUT_MS`), past `MAX_QUEUE_LENGTH` waiting they get a 503 or the stale copy',
  }),
  setting({
    variable: 'UPSTREAM_TIMEOUT_MS',
    key: 'upstreamTimeoutMs',
    type: 'integer',
    default: 20_000,
    range: [100, 300_000],
    description: 'Slower upstream answers count as an outage (504, or the stale copy)',
  }),
  setting({
    variable: 'BASE_PATH',
    key: 'basePath',
    type: 'path',
    default: '',
    defaultText: 'none',
    description:
      'Mount prefix such as `/aivis`: requests must start with it and it is stripped before routing, so several proxies can share one server',
    read: readBasePath,
  }),
  setting({
    variable: 'STOP_TIMEOUT_MS',
    key: 'stopTimeoutMs',
    type: 'integer',
    default: 5_000,
    range: [100, 600_000],
    description:
      "After SIGTERM or SIGINT, how long requests in flight may take before their connections are cut and the proxy exits 1, in milliseconds; keep it below the supervisor's own stop timeout (systemd `TimeoutStopSec`, `docker stop -t`)",
  }),
  setting({
    variable: 'LOG_LEVEL',
    key: 'logLevel',
    type: 'choice',
    default: 'info',
    description: `Which answered requests are logged, one line each: ${LOG_LEVELS.map((level) => `\`${level}\``).join(', ')} (\`info\` every request; \`warn\` only answers of 400 and above and stale copies; \`off\` none)`,
    read: (text, fail) => readChoice(text, LOG_LEVELS, fail),
  }),
  setting({
    variable: 'REDIS_URL',
    key: 'redisUrl',
    type: 'redis url',
    defaultText: 'none',
    description:
      'Node entry: `redis://[user:password@]host:port[/db]` (`rediss://` for TLS) of a Redis or Valkey that several proxy instances share: the cache, coalescing, the budget and the client shares are then counted once for all ([proxy-scale-out.md](proxy-scale-out.md)); the password is never logged',
    read: readRedisUrl,
  }),
  setting({
    variable: 'AIVIS_LEDGER',
    key: 'ledger',
    type: 'ledger',
    defaultText: 'none',
    description:
      'Node entry: the ledger the snapshot writes (a DuckDB file, or a `postgres://` URL); the proxy then serves `GET /ledger/v1/projects/{id}/series?metric=&from=&to=` from it ([ledger.md](ledger.md)); the password is never logged',
    read: (text) => text,
  }),
  setting({
    variable: 'LEDGER_SNAPSHOT_AT',
    key: 'ledgerSnapshotAt',
    type: 'time of day',
    defaultText: 'none',
    description:
      'Node entry, with `AIVIS_LEDGER`: `HH:MM` (UTC) at which the proxy runs `snapshot` itself every day, spending from the same budget and share as its viewers ([ledger.md](ledger.md))',
    read: (text, fail) =>
      /^([01]\d|2[0-3]):[0-5]\d$/.test(text)
        ? text
        : fail('must be a time of day as HH:MM (UTC), like 07:30'),
  }),
  setting({
    variable: 'FALLBACK_BUDGET_SHARE',
    key: 'fallbackBudgetSharePercent',
    type: 'integer',
    default: 25,
    range: [1, 100],
    description:
      'Percent of the per-minute budget one instance spends on its own while the shared store (Redis, the Workers Durable Object) is unreachable; at most 100 divided by the number of instances, so the fleet stays within the plan',
  }),
  setting({
    variable: 'SHARED_STORE_TIMEOUT_MS',
    key: 'storeTimeoutMs',
    type: 'integer',
    default: 250,
    range: [10, 10_000],
    description:
      'Longest a call to the shared store may take before this instance answers alone (and tries the store again a second later), in milliseconds',
  }),
  // Agencies (docs/agencies.md): several accounts in one proxy, and signed client links.
  setting({
    variable: 'AIVIS_ACCOUNTS',
    key: 'accounts',
    type: 'account list',
    defaultText: 'none',
    description:
      "Several accounts in one proxy ([agencies.md](agencies.md)): a comma list of `label:VARIABLE` (or `label:VARIABLE:1001+1002` to allow only those projects), where `VARIABLE` names the environment variable holding that account's token (never the token itself); each account keeps its own budget, backoff and cache; instead of `AIVIS_TOKEN`",
    read: readAccounts,
  }),
  setting({
    variable: 'PUBLIC_URL',
    key: 'publicUrl',
    type: 'url',
    defaultText: 'none',
    description:
      'The address clients reach the proxy at (with `BASE_PATH` if any), e.g. `https://reports.example.com`: `npm run aivis -- share create` prints client links on it',
    read: readPublicUrl,
  }),
  setting({
    variable: 'SHARE_SECRET',
    key: 'shareSecret',
    type: 'secret',
    defaultText: 'none (links off)',
    description:
      'Key of the HMAC that signs client links (at least 32 characters, e.g. `openssl rand -hex 32`); read by the proxy and the `share` command, never sent anywhere. Changing it ends every link',
    read: readShareSecret,
  }),
  setting({
    variable: 'SHARE_FILE',
    key: 'shareFile',
    type: 'file path',
    defaultText: 'none',
    description:
      'File (JSON lines) holding client links, revocations and view counts, read by the `share` command and a single Node proxy; with `REDIS_URL` they live in Redis instead',
    read: readText,
  }),
  setting({
    variable: 'SHARE_LINK_PER_MINUTE',
    key: 'shareLinkPerMinute',
    type: 'integer',
    default: 30,
    range: [1, 600],
    description:
      'Views of one client link per minute; past it that link answers 429 while every other link and viewer goes on',
  }),
  setting({
    variable: 'AGENCY_NAME',
    key: 'agencyName',
    type: 'text',
    default: 'AI visibility report',
    description: 'Name at the top of every client page (white-label)',
    read: (text, fail) => (text.length > 80 ? fail('must be at most 80 characters') : text),
  }),
  setting({
    variable: 'AGENCY_LOGO',
    key: 'agencyLogo',
    type: 'data url',
    defaultText: 'none',
    description:
      'Logo of client pages as a `data:image/png;base64,…` (or jpeg, webp, svg+xml) URL of at most 64 KB, so the page asks no other server',
    read: readAgencyLogo,
  }),
  setting({
    variable: 'AGENCY_COLOR',
    key: 'agencyColor',
    type: 'colour',
    default: '#1f4e8c',
    description: 'Accent colour of client pages, `#rrggbb`',
    read: readAgencyColor,
  }),
] as const;

/** The proxy's configuration, read from the table: a setting added there is a field here. */
export type ProxyConfig = ConfigOf<typeof PROXY_SETTINGS>;

type Key = keyof ProxyConfig;

/** The defaults of the table, by key. */
export const PROXY_DEFAULTS: Readonly<Partial<ProxyConfig>> = Object.fromEntries(
  PROXY_SETTINGS.flatMap((item) => (item.default === undefined ? [] : [[item.key, item.default]])),
);

/** An entry of the table, with its own key. */
type TableEntry = (typeof PROXY_SETTINGS)[number];

type Source = (item: TableEntry) => { text: string | undefined; inCode: boolean };

/** Reads every setting from a source, through the table's one reader per setting. */
function readSettings(source: Source, lookup: Lookup): ProxyConfig {
  const config: Partial<Record<Key, unknown>> = {};
  for (const item of PROXY_SETTINGS) {
    const { text, inCode } = source(item);
    const fail: Fail = (message) => {
      throw new ProxyConfigError(item.variable, message, inCode ? item.key : undefined);
    };
    if (text === undefined) {
      if (item.required) fail(requiredMessage(item));
      if (item.default !== undefined) config[item.key] = item.default;
      continue;
    }
    try {
      config[item.key] = item.range
        ? readInteger(text, item.range, fail)
        : item.read!(text, fail, lookup);
    } catch (error) {
      // Every setting error is one line naming the setting; a reader's own slip never shows
      // the value (it may be a secret) or a stack.
      if (error instanceof ProxyConfigError) throw error;
      fail(
        `could not be read (${error instanceof Error ? error.name : 'error'}); the value is not shown`,
      );
    }
  }
  oneWayToTheAccounts(config, source);
  // Derived default: the listening host and the loopback names (server/host-check.ts).
  config.allowedHosts ??= defaultAllowedHosts(config.host as string);
  return config as unknown as ProxyConfig;
}

/**
 * AIVIS_TOKEN or AIVIS_ACCOUNTS, not both: with accounts, `token` is the first
 * account's, for the parts that scrub one token (each account's own handler
 * scrubs its own).
 */
function oneWayToTheAccounts(config: Partial<Record<Key, unknown>>, source: Source): void {
  const accounts = config.accounts as readonly ProxyAccount[] | undefined;
  const tokenItem = PROXY_SETTINGS.find((item) => item.key === 'token')!;
  const inCode = source(tokenItem).inCode;
  const fail = (message: string): never => {
    throw new ProxyConfigError(tokenItem.variable, message, inCode ? tokenItem.key : undefined);
  };
  if (accounts && config.token !== undefined) {
    fail('is set together with AIVIS_ACCOUNTS: set one of them (docs/agencies.md)');
  }
  if (accounts) config.token = accounts[0]!.token;
  else if (config.token === undefined) fail(requiredMessage(tokenItem));
}

function requiredMessage(item: ProxySetting): string {
  return item.key === 'baseUrl'
    ? 'is required: the service base address without /api/v1, e.g. https://example.com'
    : "is required: a personal access token from the service's MCP token page (data-api 5), or AIVIS_ACCOUNTS for several accounts (docs/agencies.md)";
}

type Env = Record<string, string | undefined>;

/** Reads and checks the environment; throws ProxyConfigError naming the variable at fault. */
export function readProxyConfig(env: Env): ProxyConfig {
  const lookup: Lookup = (variable) => env[variable]?.trim() || undefined;
  return readSettings((item) => ({ text: lookup(item.variable), inCode: false }), lookup);
}

export type ProxyOptions = Partial<Omit<ProxyConfig, 'baseUrl' | 'token'>> & {
  baseUrl: string;
  /** Or `accounts`. */
  token?: string;
};

/**
 * Builds a config in code (tests, `npm start`) with the same checks as the
 * environment: each value is written out as the text its variable would hold
 * and read by the same reader, so `{ cacheTtlSeconds: -5 }` fails as CACHE_TTL=-5 does.
 */
export function proxyConfig(options: ProxyOptions): ProxyConfig {
  // Accounts in code carry their tokens: written out as AIVIS_ACCOUNTS would name them.
  const tokens = new Map<string, string>();
  const accountsText = options.accounts?.map((account, index) => {
    const variable = `AIVIS_ACCOUNT_TOKEN_${index}`;
    tokens.set(variable, account.token);
    const projects = account.allowedProjects ? `:${account.allowedProjects.join('+')}` : '';
    return `${account.label}:${variable}${projects}`;
  });
  return readSettings(
    (item) => {
      const value: unknown = item.key === 'accounts' ? accountsText : options[item.key];
      if (value === undefined) return { text: undefined, inCode: true };
      const text = (Array.isArray(value) ? value.join(',') : String(value)).trim();
      return { text: text === '' && item.type !== 'path' ? undefined : text, inCode: true };
    },
    (variable) => tokens.get(variable),
  );
}
