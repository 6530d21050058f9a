/**
 * How each kind of proxy setting is read from its text (an environment
 * variable, or a value given in code written out as text): every reader
 * checks, and its errors say what to put there without echoing a secret.
 * Web-standard APIs only (the proxy runs on Workers, Deno and Bun too).
 */

import { parseHost } from '../server/host-check.js';
import { MAX_ID } from '../shared/api/vocabulary.js';

export class ProxyConfigError extends Error {
  /**
   * @param variable the environment variable at fault, which the message starts with
   * @param key the proxyConfig() option, named too when the value was given in code
   */
  constructor(
    readonly variable: string,
    message: string,
    readonly key?: string,
  ) {
    super(`${variable} ${message}${key ? ` (proxyConfig option ${key})` : ''}`);
    this.name = 'ProxyConfigError';
  }
}

/** Throws the setting's error; `fail` is bound to the setting and how it was given. */
export type Fail = (message: string) => never;

export function readInteger(text: string, range: readonly [number, number], fail: Fail): number {
  const [min, max] = range;
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    fail(`must be a whole number from ${min} to ${max}, not '${clip(text)}'`);
  }
  return Number(text);
}

export function readBaseUrl(text: string, fail: Fail): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail(`must be an absolute http(s) URL, not '${clip(text)}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    fail(`must use http or https, not ${url.protocol}`);
  }
  if (url.username || url.password) fail('must not carry credentials; set AIVIS_TOKEN');
  if (url.search || url.hash) fail('must not have a query or fragment');
  const path = url.pathname.replace(/\/+$/, '');
  if (/\/api\/v1$/.test(path)) {
    fail(
      `must not end in /api/v1; the proxy adds it: use ${url.origin}${path.slice(0, -'/api/v1'.length)}`,
    );
  }
  return `${url.origin}${path}`;
}

export function readToken(token: string, fail: Fail): string {
  // A header value with a line break or space would be refused or split; say so without echoing it.
  // Every answer is scrubbed of the token, so a very short one would mangle ordinary text.
  if (!/^[\x21-\x7e]{8,}$/.test(token)) {
    fail(
      'must be one word of at least 8 printable ASCII characters (check for quotes, spaces or line breaks)',
    );
  }
  return token;
}

export function readText(text: string): string {
  return text;
}

export function readOrigins(text: string, fail: Fail): readonly string[] {
  const origins: string[] = [];
  for (const item of items(text)) {
    if (item === '*') {
      fail(
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
      fail(
        `must be a comma-separated list of origins like https://intranet.example.com (scheme, host and port only), not '${clip(item)}'`,
      );
    }
    if (!origins.includes(url.origin)) origins.push(url.origin);
  }
  return origins;
}

export function readHosts(text: string, fail: Fail): readonly string[] {
  const hosts: string[] = [];
  for (const item of items(text.toLowerCase())) {
    if (!parseHost(item)) {
      fail(
        `must be a comma-separated list of host names as clients write them, like proxy.example.com or proxy.example.com:8443 (no scheme, path or '*'), not '${clip(item)}'`,
      );
    }
    if (!hosts.includes(item)) hosts.push(item);
  }
  if (hosts.length === 0) fail('lists no host; leave it unset for the defaults');
  return hosts;
}

/** A header name as RFC 9110 5.1 allows (a token). */
export function readHeaderName(text: string, fail: Fail): string {
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/.test(text)) {
    fail(`must be one header name like CF-Connecting-IP, not '${clip(text)}'`);
  }
  return text;
}

export function readProjects(text: string, fail: Fail): readonly number[] {
  const projects: number[] = [];
  for (const item of items(text)) {
    if (!/^\d+$/.test(item) || Number(item) < 1 || Number(item) > MAX_ID) {
      fail(
        `must be a comma-separated list of numeric project ids from GET /projects, not '${clip(item)}'`,
      );
    }
    if (!projects.includes(Number(item))) projects.push(Number(item));
  }
  if (projects.length === 0) fail('lists no project id; leave it unset to allow every project');
  return projects;
}

/** '/scenarios/expired/' -> '/scenarios/expired'; '' or '/' -> ''. */
export function readBasePath(text: string, fail: Fail): string {
  const path = text.trim().replace(/\/+$/, '');
  if (path === '') return '';
  if (!/^(\/[A-Za-z0-9._~-]+)+$/.test(path) || /(^|\/)\.\.?(\/|$)/.test(path)) {
    fail(`must be a path like /aivis made of letters, digits and . _ ~ -, not '${clip(text)}'`);
  }
  return path;
}

/**
 * redis://[user:password@]host:port[/db] or rediss:// (TLS). Errors never echo
 * the text: it may hold the password.
 */
export function readRedisUrl(text: string, fail: Fail): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail('must be a URL like redis://host:6379 or rediss://user:password@host:6380/0');
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    fail('must start with redis:// (or rediss:// for TLS), like redis://host:6379');
  }
  if (url.hostname === '') fail('must name a host, like redis://host:6379');
  // The Redis client decodes the user and password; a stray % would stop the proxy at start.
  try {
    decodeURIComponent(url.username);
    decodeURIComponent(url.password);
  } catch {
    fail(
      'has a user name or password that is not valid percent-encoding: write a % in it as %25 (the value is not shown)',
    );
  }
  if (!/^(\/\d{0,2})?$/.test(url.pathname) || url.search || url.hash) {
    fail('may end only in a database number, like redis://host:6379/0');
  }
  return text;
}

export function readChoice<T extends string>(text: string, choices: readonly T[], fail: Fail): T {
  const choice = choices.find((item) => item === text.toLowerCase());
  if (choice === undefined) fail(`must be one of ${choices.join(', ')}, not '${clip(text)}'`);
  return choice as T;
}

/** Items of a comma-separated list, blanks dropped; bounded by the text's own length. */
function items(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

export function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}
