/**
 * The upstream step: one call (proxy/upstream.ts) and what its outcome
 * teaches the proxy. A fresh answer goes into the cache and the shared store;
 * a refusal (401, 403, 404) stops asking for a while and drops the copies
 * stored before it; an outage starts the failure backoff.
 */
import type { CachedAnswer } from '../cache.js';
import { keepMs } from '../freshness.js';
import { keepAllowedProjects } from '../project-list.js';
import { fetchUpstream, type UpstreamOutcome } from '../upstream.js';
import type { ProxyParts } from './compose.js';
import type { ProxyRequestContext } from './exchange.js';
import type { CachedRoute } from './local-route.js';

/** Refusals that mean the token (every key) or the resource (this key) is gone. */
const REFUSAL_SCOPE: Record<number, 'account' | 'key' | undefined> = {
  401: 'account',
  403: 'account',
  404: 'key',
};

export async function callUpstream(
  parts: ProxyParts,
  key: string,
  route: CachedRoute,
  context: ProxyRequestContext | undefined,
  holdsLock: boolean,
): Promise<UpstreamOutcome> {
  const { config, failures, cache, now } = parts;
  const { allowedProjects } = config;
  const outcome = await fetchUpstream({
    config,
    upstreamPath: route.upstreamPath,
    ...(route.kind === 'api' && route.name === 'projects' && allowedProjects
      ? { reshape: (body) => keepAllowedProjects(body, allowedProjects) }
      : {}),
    fetch: parts.upstreamFetch,
    pacer: parts.pacer,
    buffers: parts.buffers,
    now,
    onSend: () => {
      parts.counts.upstreamRequests += 1;
    },
  });
  failures.clear(key);
  const refusedScope = outcome.kind === 'refused' ? REFUSAL_SCOPE[outcome.status] : undefined;
  if (outcome.kind === 'refused' && refusedScope) {
    // data-api 5 and 7: a refused token or a deleted project is not asked about in a loop.
    failures.refuse(key, refusedScope, outcome.status, outcome.response, now());
    cache.delete(key);
  }
  if (outcome.kind === 'fresh') {
    failures.accepted(key, now());
    cache.set(key, outcome.entry);
    await share(parts, key, outcome.entry, context, holdsLock);
  } else if (outcome.kind === 'unavailable') {
    failures.note(key, outcome.reason, now());
  }
  return outcome;
}

/** Puts a fresh answer where the other instances or isolates read it. */
async function share(
  parts: ProxyParts,
  key: string,
  entry: CachedAnswer,
  context: ProxyRequestContext | undefined,
  holdsLock: boolean,
): Promise<void> {
  if (!parts.shared) return;
  const stored = parts.shared.put(key, entry, keepMs(parts.windows)).catch(() => undefined);
  // Instances waiting on this one's lock read the answer as soon as the lock goes.
  if (holdsLock) await stored;
  else if (typeof context?.waitUntil === 'function') context.waitUntil(stored);
}
