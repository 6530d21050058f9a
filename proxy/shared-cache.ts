/**
 * A second cache level shared by every isolate of a location: the Workers
 * Cache API (`caches.default`). Each isolate keeps its in-memory LRU; on a
 * miss there it asks the shared cache before spending budget upstream, and
 * each fresh answer is put there for the other isolates.
 *
 * Keys are synthetic URLs under a name derived (SHA-256) from the upstream
 * base, the token and the project allowlist, so two proxies on one zone never
 * read each other's answers and the token appears in no key.
 */

import type { CachedAnswer } from './cache.js';
import { hexDigest } from './digest.js';

/** The part of the Cache API this uses (Workers' `caches.default`). */
export interface CacheLike {
  match(request: Request): Promise<Response | undefined>;
  put(request: Request, response: Response): Promise<void>;
}

export interface SharedAnswerStore {
  get(key: string): Promise<CachedAnswer | undefined>;
  /** Keeps the answer for `keepMs` (freshness plus the stale windows, freshness.ts keepMs). */
  put(key: string, entry: CachedAnswer, keepMs: number): Promise<void>;
}

const STORED_AT = 'X-Aivis-Stored-At';
/** Not a host anyone resolves: the Cache API only needs a URL as a name. */
const KEY_ORIGIN = 'https://aivis-proxy.cache.invalid';

/** `caches.default` where the runtime has it (Workers), else undefined (Node, Deno, Bun). */
export function defaultSharedCache(): CacheLike | undefined {
  const caches = (globalThis as { caches?: { default?: unknown } }).caches;
  const store = caches?.default as Partial<CacheLike> | undefined;
  return typeof store?.match === 'function' && typeof store.put === 'function'
    ? (store as CacheLike)
    : undefined;
}

/**
 * @param scope everything that decides an answer's body besides its path:
 *   the upstream base, the token, the project allowlist.
 */
export function cacheApiStore(cache: CacheLike, scope: readonly string[]): SharedAnswerStore {
  let namespace: Promise<string> | undefined;
  const keyRequest = async (key: string) => {
    namespace ??= hexDigest(['aivis-proxy-v1', ...scope]);
    return new Request(`${KEY_ORIGIN}/${await namespace}${key}`);
  };
  return {
    async get(key) {
      const found = await cache.match(await keyRequest(key));
      if (found?.status !== 200) return undefined;
      const storedAt = Number(found.headers.get(STORED_AT));
      const etag = found.headers.get('ETag');
      if (!Number.isFinite(storedAt) || etag === null) return undefined;
      return {
        status: 200,
        body: new Uint8Array(await found.arrayBuffer()),
        contentType: found.headers.get('Content-Type') ?? 'application/json; charset=utf-8',
        etag,
        storedAt,
      };
    },
    async put(key, entry, keepMs) {
      await cache.put(
        await keyRequest(key),
        new Response(entry.body, {
          headers: {
            'Content-Type': entry.contentType,
            ETag: entry.etag,
            [STORED_AT]: String(entry.storedAt),
            // The Cache API reads HTTP's seconds.
            'Cache-Control': `public, max-age=${Math.max(1, Math.floor(keepMs / 1000))}`,
          },
        }),
      );
    },
  };
}
