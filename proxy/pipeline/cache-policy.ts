/**
 * The cache step: for an API read or the OpenAPI document, what the proxy
 * serves. A refusal still in its backoff is repeated; otherwise the cached
 * copy (in memory, or newer in the shared store) and the cache decision
 * (freshness.ts) say whether it is a hit, a stale copy (refreshed behind the
 * answer), or a call upstream that the spending gate must allow, with the
 * stale copy standing in when upstream or the gate says no (data-api 7, 8).
 */
import type { RequestHead } from '../../server/request-head.js';
import type { CachedAnswer } from '../cache.js';
import type { RenderCached } from '../cached-response.js';
import { decide } from '../freshness.js';
import type { CacheState } from '../responses.js';
import type { ProxyParts } from './compose.js';
import type { Answer, ProxyRequestContext } from './exchange.js';
import type { CachedRoute } from './local-route.js';
import type { Refresh } from './refresh.js';

export type AnswerCached = (
  request: RequestHead,
  route: CachedRoute,
  context: ProxyRequestContext | undefined,
) => Promise<Answer>;

export function cachePolicy(parts: ProxyParts, refresh: Refresh): AnswerCached {
  const { cache, failures, shared, windows, now } = parts;

  const served = (
    request: RequestHead,
    context: ProxyRequestContext | undefined,
    entry: CachedAnswer,
    state: CacheState,
    path: string,
    note?: string,
  ): Answer =>
    new ServedCopy(
      parts.renderCached,
      request,
      context?.preparedBodies === true,
      entry,
      state,
      path,
      note,
    );

  /**
   * The newest copy this instance can see: its memory, or a newer one in the
   * shared store. Without a shared store (Node's and Bun's memory cache) it
   * answers at once, so a hit waits on no promise.
   */
  function newestCopy(key: string): CachedAnswer | undefined | Promise<CachedAnswer | undefined> {
    const entry = cache.get(key);
    if (shared && (!entry || now() - entry.storedAt >= windows.ttlMs))
      return newerShared(key, entry);
    return current(key, entry);
  }

  async function newerShared(
    key: string,
    entry: CachedAnswer | undefined,
  ): Promise<CachedAnswer | undefined> {
    // Another isolate may have a newer answer (Workers' caches.default).
    const other = await shared?.get(key).catch(() => undefined);
    if (other && (!entry || other.storedAt > entry.storedAt)) {
      cache.set(key, other);
      return current(key, other);
    }
    return current(key, entry);
  }

  /** Stored before the service said the token or the project is gone: not served any more. */
  const current = (key: string, entry: CachedAnswer | undefined) =>
    entry && failures.outdated(key, entry.storedAt) ? undefined : entry;

  return async (request, route, context) => {
    const key = route.upstreamPath;
    const path = route.upstreamPath;
    const refused = failures.refusal(key, now());
    if (refused) return { response: refused.response(), cache: '-', path, note: refused.reason };
    const newest = newestCopy(key);
    const entry = newest instanceof Promise ? await newest : newest;
    const action = decide(entry, now(), failures.get(key), parts.inFlight.has(key), windows);
    if (action.kind === 'hit') return served(request, context, entry!, 'HIT', path);
    if (action.kind === 'stale') {
      // stale-while-revalidate: answer at once, refresh behind the answer (once per key).
      const gate = action.revalidate ? parts.mayGoUpstream(request, context) : undefined;
      if (action.revalidate && (gate instanceof Promise ? await gate : gate) === undefined) {
        const background = refresh(key, route, context).catch(() => undefined);
        // Workers stop an isolate's work after the answer unless told to wait for it.
        if (typeof context?.waitUntil === 'function') context.waitUntil(background);
      }
      return served(request, context, entry!, 'STALE', path, action.reason);
    }
    const gate = action.join ? undefined : parts.mayGoUpstream(request, context);
    const refusal = gate instanceof Promise ? await gate : gate;
    if (refusal) {
      if (action.cover) return served(request, context, entry!, 'STALE', path, refusal.reason);
      return { response: refusal.response(), cache: '-', path, note: refusal.reason };
    }
    const outcome = await refresh(key, route, context);
    if (outcome.kind === 'fresh') {
      return served(
        request,
        context,
        outcome.entry,
        outcome.shared ? 'COALESCED' : action.state,
        path,
      );
    }
    // data-api 7 and 8: a 429, a 5xx or an outage upstream is better answered with yesterday's data.
    if (outcome.kind === 'unavailable' && action.cover) {
      return served(request, context, entry!, 'STALE', path, outcome.reason);
    }
    return {
      response: outcome.response(),
      cache: action.join ? 'COALESCED' : 'MISS',
      path,
      note: outcome.kind === 'unavailable' ? outcome.reason : `upstream ${outcome.status}`,
    };
  };
}

/** A cached copy served: its response built only when read (a kept card needs only the entry's validator, docs/loading.md). */
class ServedCopy implements Answer {
  readonly final = true;
  readonly cached: { entry: CachedAnswer; state: CacheState };
  readonly cache: CacheState;
  #response: Response | undefined;

  constructor(
    private readonly render: RenderCached,
    private readonly request: RequestHead,
    private readonly prepared: boolean,
    entry: CachedAnswer,
    state: CacheState,
    readonly path: string,
    readonly note: string | undefined,
  ) {
    this.cached = { entry, state };
    this.cache = state;
  }

  get response(): Response {
    this.#response ??= this.render(
      this.request,
      this.cached.entry,
      this.cache,
      this.note,
      this.prepared,
    );
    return this.#response;
  }
}
