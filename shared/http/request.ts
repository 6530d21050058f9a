/**
 * Building a request is pure: validated params in, URL and headers out.
 * The token only ever goes into the Authorization header (data-api 5), never
 * into the URL, so a URL can be logged, cached or shown safely.
 */
import type { EndpointName, Query } from '../api/endpoints.js';
import { queryPairsOf, routeInput } from '../api/query.js';
import { type CheckedParams, encodeQuery, endpointPath, queryPairs } from '../api/validate.js';
import { API_PREFIX } from '../api/vocabulary.js';
import type { HttpRequest } from '../client/types.js';
import { AivisError } from './errors.js';

export interface Credentials {
  baseUrl: string;
  token?: string;
}

const ABSOLUTE_BASE = /^https?:\/\/[^/?#\s@]+(\/[^?#\s]*)?$/i;
const RELATIVE_BASE = /^(\/[^?#\s]*)?$/;
/** RFC 6750 b64token characters: anything else could split headers or hide a typo. */
const TOKEN_TEXT = /^[A-Za-z0-9\-._~+/]+=*$/;

/** Checks the base address and returns it without trailing slashes or a pasted /api/v1. */
export function normalizeBaseUrl(baseUrl: string): string {
  const trimmed = baseUrl.trim();
  if (!ABSOLUTE_BASE.test(trimmed) && !RELATIVE_BASE.test(trimmed)) {
    throw new AivisError({
      code: 'validation_failed',
      status: 0,
      message:
        'The base URL must be an http(s) address such as https://service.example (without /api/v1), or a path on this site such as /aivis.',
      errors: { base_url: ['must be an http(s) address or a path on this site'] },
    });
  }
  return trimmed.replace(/\/+$/, '').replace(new RegExp(`${API_PREFIX}$`), '');
}

/** Rejects a malformed token without ever repeating it. */
export function checkToken(token: string | undefined): void {
  if (token === undefined || token === '') return;
  if (!TOKEN_TEXT.test(token)) {
    throw new AivisError({
      code: 'validation_failed',
      status: 0,
      message:
        'The access token contains characters a token never has (spaces, line breaks or quotes). Copy it again from the token page.',
      errors: { token: ['contains characters a token never has'] },
    });
  }
}

/**
 * The path and canonical query of a call, e.g. /api/v1/projects/1001/answers?limit=100:
 * the one place an API address is assembled (clients, the proxy's upstream
 * path and cache key, the sandbox's next_request links).
 */
export function apiPath(name: EndpointName, params: Query): string {
  const query = encodeQuery(queryPairs(name, params));
  return `${API_PREFIX}${endpointPath(name, params)}${query ? `?${query}` : ''}`;
}

export function apiUrl(baseUrl: string, name: EndpointName, params: Query): string {
  return `${normalizeBaseUrl(baseUrl)}${apiPath(name, params)}`;
}

/** The request of a checked parameter set (validateParams): nothing unchecked reaches a URL. */
export function buildRequest<N extends EndpointName>(
  credentials: Credentials,
  name: N,
  params: CheckedParams<N>,
): HttpRequest {
  return requestTo(credentials, apiUrl(credentials.baseUrl, name, params));
}

/** A GET of `url` with the credentials: the token only ever in the Authorization header. */
function requestTo(credentials: Credentials, url: string): HttpRequest {
  checkToken(credentials.token);
  return {
    method: 'GET',
    url,
    headers: {
      Accept: 'application/json',
      ...(credentials.token ? { Authorization: `Bearer ${credentials.token}` } : {}),
    },
  };
}

/**
 * A link the API gives (an action's next_request): a path under /projects,
 * with or without the /api/v1 prefix and an origin, and its query. Only the
 * path and query are kept: a link is always asked of the client's own base
 * URL, so it cannot send the token anywhere else; the segments are plain
 * names and digits, so it cannot climb out of the API (no `..`, no `//`).
 */
const API_LINK = /* @__PURE__ */ new RegExp(
  `^(?:https?://[^/?#\\s]+)?(?:${API_PREFIX})?(/projects(?:/\\d{1,10}(?:/[a-z][a-z-]{0,39})?)?)(\\?[^#\\s]*)?$`,
);

/** Longer texts are not links the API gives (browsers and servers refuse such URLs anyway). */
const MAX_LINK_CHARS = 4096;

/**
 * The request for an API link as written (its parameters are the service's
 * to check), or undefined when the text is not an API link.
 */
export function linkRequest(credentials: Credentials, link: string): HttpRequest | undefined {
  const match = link.length <= MAX_LINK_CHARS ? API_LINK.exec(link.trim()) : null;
  if (!match) return undefined;
  const [, path, query = ''] = match;
  return requestTo(
    credentials,
    `${normalizeBaseUrl(credentials.baseUrl)}${API_PREFIX}${path}${query === '?' ? '' : query}`,
  );
}

export interface ParsedApiPath {
  name: EndpointName;
  /**
   * Raw, unvalidated input for validateParams: the project segment and query
   * values as text, a repeated key as the list of its values (query.ts).
   */
  input: Record<string, unknown>;
  /** Set when the query itself is malformed for the route (a project key in it). */
  errors?: Record<string, string[]>;
}

/**
 * Reads an API path such as an action's next_request
 * ("/api/v1/projects/1001/answers?only_flagged=true") back into endpoint and
 * params, without URL or URLSearchParams (absent in Apps Script).
 */
export function parseApiPath(
  path: string,
  match: (path: string) => { name: EndpointName; project?: string } | undefined,
): ParsedApiPath | undefined {
  const trimmed = path.trim();
  const at = trimmed.indexOf('?');
  const pathPart = at < 0 ? trimmed : trimmed.slice(0, at);
  const queryPart = at < 0 ? '' : trimmed.slice(at + 1).split('#')[0]!;
  const withoutOrigin = pathPart.replace(/^https?:\/\/[^/]+/i, '');
  const relative = withoutOrigin.startsWith(API_PREFIX)
    ? withoutOrigin.slice(API_PREFIX.length)
    : withoutOrigin;
  const route = match(relative);
  if (!route) return undefined;
  const read = routeInput(queryPairsOf(queryPart), route.project);
  if ('errors' in read) return { name: route.name, input: {}, errors: read.errors };
  const input: Record<string, unknown> = read.input;
  return { name: route.name, input };
}
