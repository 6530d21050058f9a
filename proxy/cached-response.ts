/**
 * Cached answers as final responses. The body was scrubbed and encoded when it
 * arrived; its headers (validator, cache state, ages, budget, CORS, security)
 * are built once per entry and per second and reused, so a hit costs a
 * lookup, the CORS decision and one Response: no re-reading, re-scrubbing or
 * header copying per viewer. On a host that writes prepared bytes (the Node
 * host, server/serve-fetch-handler.ts) that Response carries the entry's
 * bytes and its header record as they are (server/prepared-body.ts): no body
 * stream and no Headers list per hit (docs/benchmarks.md, "Proxy").
 */

import { PreparedResponse } from '../server/prepared-body.js';
import type { RequestHead } from '../server/request-head.js';
import type { CorsHeaders } from '../shared/http/edge.js';
import type { CachedAnswer } from './cache.js';
import { etagMatches } from './etag.js';
import type { FreshnessWindows } from './freshness.js';
import {
  CACHE_HEADER,
  type CacheState,
  SECURITY_HEADERS,
  STALE_REASON_HEADER,
} from './responses.js';
import { scrubText } from './scrub.js';

export interface RenderContext {
  windows: FreshnessWindows;
  now: () => number;
  /** The budget headers' values now. */
  rateLimit: () => number;
  rateRemaining: () => number;
  cors: CorsHeaders;
  token: string;
}

type HeaderSet = Readonly<Record<string, string>>;

/** Header sets kept per entry: one per state, second, budget, CORS grant and 200/304 at a time. */
const MAX_SETS_PER_ENTRY = 16;

export type RenderCached = (
  request: RequestHead,
  entry: CachedAnswer,
  state: CacheState,
  staleReason?: string,
  /** The host writes a PreparedResponse's bytes and headers itself (HostContext.preparedBodies). */
  prepared?: boolean,
) => Response;

/** What a cached answer's Cache-Control says `ageMs` after it arrived (a stale copy: revalidate). */
export function cachedCacheControl(
  windows: FreshnessWindows,
  ageMs: number,
  state: CacheState,
): { maxAge: number; value: string } {
  const maxAge = maxAgeOf(windows, ageMs, state);
  return { maxAge, value: cacheControlValue(windows, maxAge) };
}

const maxAgeOf = (windows: FreshnessWindows, ageMs: number, state: CacheState): number =>
  state === 'STALE' ? 0 : Math.max(0, Math.floor((windows.ttlMs - ageMs) / 1000));

const cacheControlValue = (windows: FreshnessWindows, maxAge: number): string =>
  `public, max-age=${maxAge}, stale-while-revalidate=${Math.floor(windows.staleWhileRevalidateMs / 1000)}, stale-if-error=${Math.floor(windows.staleIfErrorMs / 1000)}`;

export function cachedAnswerRenderer(context: RenderContext): RenderCached {
  const { windows, cors } = context;
  const sets = new WeakMap<CachedAnswer, Map<string, HeaderSet>>();

  function build(
    entry: CachedAnswer,
    state: CacheState,
    staleReason: string | undefined,
    ageSeconds: number,
    maxAge: number,
    limit: number,
    remaining: number,
    grant: HeaderSet,
    notModified: boolean,
  ): HeaderSet {
    const headers: Record<string, string> = {
      ETag: entry.etag,
      'Cache-Control': cacheControlValue(windows, maxAge),
      Age: String(ageSeconds),
      [CACHE_HEADER]: state,
      'X-RateLimit-Limit': String(limit),
      'X-RateLimit-Remaining': String(remaining),
    };
    if (staleReason) headers[STALE_REASON_HEADER] = staleReason;
    if (!notModified) {
      headers['Content-Type'] = entry.contentType;
      headers['Content-Length'] = String(entry.body.byteLength);
    }
    Object.assign(headers, grant, SECURITY_HEADERS);
    // The last line of defence, once per set instead of once per viewer.
    for (const name of Object.keys(headers)) {
      headers[name] = scrubText(headers[name]!, context.token);
    }
    return Object.freeze(headers);
  }

  return (request, entry, state, staleReason, prepared) => {
    const age = Math.max(0, context.now() - entry.storedAt);
    const ageSeconds = Math.floor(age / 1000);
    const maxAge = maxAgeOf(windows, age, state);
    const limit = context.rateLimit();
    const remaining = context.rateRemaining();
    const headersIn = request.headers;
    const grant = cors.forAnswer(headersIn.get('Origin'));
    const ifNoneMatch = headersIn.get('If-None-Match');
    const notModified = ifNoneMatch !== null && etagMatches(ifNoneMatch, entry.etag);
    // Bounded: states, reasons and grants are few; seconds and budget change slowly.
    const key = `${state}|${staleReason ?? ''}|${ageSeconds}|${maxAge}|${limit}|${remaining}|${grant['Access-Control-Allow-Origin'] ?? ''}|${notModified ? 304 : 200}`;
    let forEntry = sets.get(entry);
    if (!forEntry) {
      forEntry = new Map();
      sets.set(entry, forEntry);
    }
    let headers = forEntry.get(key);
    if (!headers) {
      if (forEntry.size >= MAX_SETS_PER_ENTRY) forEntry.clear();
      headers = build(
        entry,
        state,
        staleReason,
        ageSeconds,
        maxAge,
        limit,
        remaining,
        grant,
        notModified,
      );
      forEntry.set(key, headers);
    }
    const status = notModified ? 304 : 200;
    const bytes = notModified || request.method === 'HEAD' ? null : entry.body;
    if (prepared) return new PreparedResponse(bytes, status, headers);
    return new Response(bytes && shareBody(bytes), { status, headers });
  };
}

/**
 * The cached bytes as a stream of that one buffer: a Response made from the
 * buffer itself copies it, and forty viewers of a large answer would hold
 * forty copies.
 */
function shareBody(body: Uint8Array<ArrayBuffer>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(body);
      controller.close();
    },
  });
}
