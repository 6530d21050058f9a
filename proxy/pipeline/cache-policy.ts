/**
 * The cache step: for an API read or the OpenAPI document, what the proxy
 * serves. A refusal still in its backoff is repeated; otherwise the cached
 * copy (in memory, or newer in the shared store) and the cache decision
 * (freshness.ts) say whether it is a hit, a stale copy (refreshed behind the
 * answer), or a call upstream that the spending gate must allow, with the
 * stale copy standing in when upstream or the gate says no (data-api 7, 8).
 */
import type { CachedAnswer } from '../cache.js';
import { decide } from '../freshness.js';
import type { CacheState } from '../responses.js';
import type { ProxyParts } from './compose.js';
import type { Answer, ProxyRequestContext } from './exchange.js';
import type { CachedRoute } from './local-route.js';
import type { Refresh } from './refresh.js';

export type AnswerCached = (
  request: Request,
  route: CachedRoute,
  context: ProxyRequestContext | undefined,
) => Promise<Answer>;

export function cachePolicy(parts: ProxyParts, refresh: Refresh): AnswerCached {
  const { cache, failures, shared, windows, now } = parts;

  const served = (
    request: Request,
    context: ProxyRequestContext | undefined,
    entry: CachedAnswer,
    state: CacheState,
    path: string,
    note?: string,
  ): Answer => {
    let response: Response | undefined;
    return {
      final: true,
      // Built when read: a kept card needs only the entry's validator (docs/loading.md).
      get response() {
        response ??= parts.renderCached(
          request,
          entry,
          state,
          note,
          context?.preparedBodies === true,
        );
        return response;
      },
      cached: { entry, state },
      cache: state,
      path,
      ...(note === undefined ? {} : { note }),
    };
  };

  /** The newest copy this instance can see: its memory, or a newer one in the shared store. */
  async function newestCopy(key: string): Promise<CachedAnswer | undefined> {
    let entry = cache.get(key);
    if (shared && (!entry || now() - entry.storedAt >= windows.ttlMs)) {
      // Another isolate may have a newer answer (Workers' caches.default).
      const other = await shared.get(key).catch(() => undefined);
      if (other && (!entry || other.storedAt > entry.storedAt)) {
        cache.set(key, other);
        entry = other;
      }
    }
    // Stored before the service said the token or the project is gone: not served any more.
    if (entry && failures.outdated(key, entry.storedAt)) return undefined;
    return entry;
  }

  return async (request, route, context) => {
    const key = route.upstreamPath;
    const path = route.upstreamPath;
    const refused = failures.refusal(key, now());
    if (refused) return { response: refused.response(), cache: '-', path, note: refused.reason };
    const entry = await newestCopy(key);
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
