/**
 * Refreshing a key: one upstream call per key at a time, and everyone asking
 * meanwhile shares its outcome (coalescing). Across instances sharing a
 * store, one holds the key's lock and calls upstream; the others wait,
 * bounded, for the answer it stores (docs/proxy-scale-out.md).
 */
import type { CachedAnswer } from '../cache.js';
import type { UpstreamOutcome } from '../upstream.js';
import type { ProxyParts } from './compose.js';
import type { ProxyRequestContext } from './exchange.js';
import type { CachedRoute } from './local-route.js';
import { callUpstream } from './upstream-call.js';

/** How often an instance waiting on another's upstream call looks for its answer. */
const SHARED_POLL_MS = 20;

/** Times an instance waits on another's lock before it calls upstream itself. */
const LOCK_ATTEMPTS = 2;

export type Refresh = (
  key: string,
  route: CachedRoute,
  context: ProxyRequestContext | undefined,
) => Promise<UpstreamOutcome>;

export function refresher(parts: ProxyParts): Refresh {
  const { link, lockMs } = parts;

  /** A fresh answer another instance stored, now in this one's memory too. */
  async function freshShared(key: string): Promise<CachedAnswer | undefined> {
    const entry = await parts.shared?.get(key);
    if (!entry || parts.now() - entry.storedAt >= parts.windows.ttlMs) return undefined;
    parts.cache.set(key, entry);
    return entry;
  }

  /**
   * Waits, bounded, for the instance holding the key's lock to store a fresh
   * answer; undefined when it gave up (its lock expired or was released without one).
   */
  async function answerOfOther(key: string): Promise<CachedAnswer | undefined> {
    if (!parts.shared || !link) return undefined;
    const polls = Math.ceil(lockMs / SHARED_POLL_MS);
    for (let poll = 0; poll < polls; poll += 1) {
      await parts.sleep(SHARED_POLL_MS);
      const entry = await freshShared(key);
      if (entry) return entry;
      if ((await link.use((store) => store.isLocked(key))) !== true) return freshShared(key);
    }
    return undefined;
  }

  return (key, route, context) =>
    parts.inFlight.run(key, async () => {
      let held = link ? await link.use((store) => store.lock(key, lockMs)) : undefined;
      for (let attempt = 0; held === false && attempt < LOCK_ATTEMPTS; attempt += 1) {
        const entry = await answerOfOther(key);
        if (entry) return { kind: 'fresh', entry, shared: true } satisfies UpstreamOutcome;
        // Its holder let go without an answer (a refusal, an outage): one of the waiters tries.
        held = await link!.use((store) => store.lock(key, lockMs));
      }
      if (held === true) {
        // The previous holder may have stored its answer and let go just before this lock.
        const entry = await freshShared(key);
        if (entry) {
          void link?.use((store) => store.unlock(key));
          return { kind: 'fresh', entry, shared: true } satisfies UpstreamOutcome;
        }
      }
      try {
        return await callUpstream(parts, key, route, context, held === true);
      } finally {
        if (held === true) void link?.use((store) => store.unlock(key));
      }
    });
}
