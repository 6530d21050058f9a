/**
 * What every HTTP server of this project (the sandbox, the proxy) answers the
 * same way at its edge: which methods exist, the 405 for the others, CORS and
 * an abortable delay. Token redaction lives beside it in ./redaction.ts.
 *
 * Web-standard only (no Node APIs): the proxy runs in workerd and Bun too.
 * Nothing here touches a timer at import: the Apps Script bundle shares the core.
 */
import type { AbortSignalLike } from '../client/types.js';

/** data-api 2: the API is read-only; OPTIONS is the browsers' preflight. */
export const READ_ONLY_METHODS = 'GET, HEAD, OPTIONS';

/** Whether a method reads (GET, HEAD); OPTIONS is answered by the preflight. */
export function isReadMethod(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

export interface MethodRefusal {
  status: 405;
  code: 'method_not_allowed';
  message: string;
  headers: { Allow: string };
}

/** The 405 answer for a method that writes, in one wording for every server. */
export function methodNotAllowed(method: string): MethodRefusal {
  return {
    status: 405,
    code: 'method_not_allowed',
    message: `The Data API is read-only: use GET (${method.slice(0, 20)} is not allowed).`,
    headers: { Allow: READ_ONLY_METHODS },
  };
}

/** Headers every answer of the API carries that a browser page must be able to read (data-api 7, 8). */
export const API_EXPOSED_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'Retry-After'];

/** Request headers a page may send: the token, conditional requests, the accepted type. */
export const CORS_REQUEST_HEADERS =
  'Accept, Authorization, Cache-Control, Content-Type, If-None-Match';

/** How long a browser may reuse a preflight answer, in seconds. */
const PREFLIGHT_MAX_AGE = '600';

export interface CorsPolicy {
  /**
   * '*': any page may read (the sandbox: test data, no cookies). A set: only
   * these exact origins, echoed back, and every answer varies by Origin.
   */
  origins: '*' | ReadonlySet<string>;
  /** Response headers a page may read. */
  exposedHeaders: readonly string[];
}

/** The policy's compiled headers, built once instead of per request. */
export interface CorsHeaders {
  /** For an answer to a request from `origin` (null: no Origin header). */
  forAnswer(origin: string | null): Readonly<Record<string, string>>;
  /** For a preflight (OPTIONS) from `origin`: 204 with the grants, or 403 with none. */
  preflight(origin: string | null): { status: 204 | 403; headers: Record<string, string> };
}

/** Compiles a CORS policy into the few header sets it can answer with. */
export function corsHeaders(policy: CorsPolicy): CorsHeaders {
  const exposed = policy.exposedHeaders.join(', ');
  const grants = {
    'Access-Control-Allow-Methods': READ_ONLY_METHODS,
    'Access-Control-Allow-Headers': CORS_REQUEST_HEADERS,
    'Access-Control-Max-Age': PREFLIGHT_MAX_AGE,
  };
  const { origins } = policy;
  if (origins === '*') {
    const any = Object.freeze({
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Expose-Headers': exposed,
    });
    return {
      forAnswer: () => any,
      preflight: () => ({ status: 204, headers: { ...any, ...grants, Allow: READ_ONLY_METHODS } }),
    };
  }
  const none = Object.freeze({ Vary: 'Origin' });
  // One frozen set per allowed origin: a hit only looks its origin up.
  const granted = new Map(
    [...origins].map((origin) => [
      origin,
      Object.freeze({
        Vary: 'Origin',
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Expose-Headers': exposed,
      }),
    ]),
  );
  return {
    forAnswer: (origin) => (origin === null ? none : (granted.get(origin) ?? none)),
    preflight(origin) {
      // No CORS headers for an origin not listed: the browser refuses the real request.
      if (origin !== null && !granted.has(origin)) return { status: 403, headers: { ...none } };
      const headers: Record<string, string> = { Allow: READ_ONLY_METHODS, Vary: 'Origin' };
      if (origin !== null) {
        headers['Access-Control-Allow-Origin'] = origin;
        Object.assign(headers, grants);
      }
      return { status: 204, headers };
    },
  };
}

type TimerHost = {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

/**
 * Waits `ms` unless the signal aborts first (then rejects with its reason);
 * leaves no timer behind either way. Timers come from the host at call time:
 * Apps Script has none and never calls this.
 */
export function abortableSleep(ms: number, signal?: AbortSignalLike): Promise<void> {
  const host = globalThis as unknown as TimerHost;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      host.clearTimeout(handle);
      reject(signal?.reason);
    };
    const handle = host.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort);
  });
}
