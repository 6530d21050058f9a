/**
 * Successful answers in CacheService, so recalculating a sheet within the TTL
 * costs no request and no quota.
 *
 * - The script cache, not the user cache: custom functions of a shared sheet
 *   run with the owner's properties, and the key already separates tokens.
 * - The key holds a SHA-256 digest of base URL, token and refresh value,
 *   never the token: the same token (and refresh stamp) finds the same
 *   entries, another token cannot, and a new refresh stamp starts afresh.
 * - A value may hold at most 100 KB: longer answers are split into chunks
 *   written with putAll and read back with getAll.
 */
import type { HttpRequest, HttpResponse, SyncTransport } from '../shared/client/types.js';

/** Recalculation within this many seconds is served from CacheService (its maximum is 21600). */
export const CACHE_TTL_SECONDS = 600;

/** UTF-16 units per chunk: at most 3 UTF-8 bytes each, so under 100 KB. */
export const CHUNK_CHARS = 30_000;
const SINGLE = 'v:';
const CHUNKED = 'c:';

export function digest(text: string): string {
  const bytes = Utilities.computeDigest(
    Utilities.DigestAlgorithm.SHA_256,
    text,
    Utilities.Charset.UTF_8,
  );
  return Utilities.base64EncodeWebSafe(bytes).replace(/=+$/, '');
}

/** Splits text into chunks without cutting a surrogate pair in two. */
export function splitChunks(text: string, size = CHUNK_CHARS): string[] {
  const chunks: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + size);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    chunks.push(text.slice(start, end));
    start = end;
  }
  return chunks;
}

export interface TextCache {
  get(key: string): string | null;
  put(key: string, value: string, ttlSeconds: number): void;
}

/** CacheService with values of any length. Failures to write are ignored: caching is best effort. */
export function chunkedCache(cache: GoogleAppsScript.Cache.Cache): TextCache {
  return {
    get(key) {
      const head = cache.get(key);
      if (head === null) return null;
      if (head.startsWith(SINGLE)) return head.slice(SINGLE.length);
      if (!head.startsWith(CHUNKED)) return null;
      const count = Number(head.slice(CHUNKED.length));
      const keys = Array.from({ length: count }, (_, index) => `${key}:${index}`);
      const parts = cache.getAll(keys);
      const chunks = keys.map((each) => parts[each]);
      return chunks.every((chunk) => typeof chunk === 'string') ? chunks.join('') : null;
    },
    put(key, value, ttlSeconds) {
      try {
        if (value.length <= CHUNK_CHARS) {
          cache.put(key, SINGLE + value, ttlSeconds);
          return;
        }
        const chunks = splitChunks(value);
        const entries: Record<string, string> = {};
        chunks.forEach((chunk, index) => {
          entries[`${key}:${index}`] = chunk;
        });
        cache.putAll(entries, ttlSeconds);
        // The head goes last: a reader never finds a head whose chunks are not there yet.
        cache.put(key, `${CHUNKED}${chunks.length}`, ttlSeconds);
      } catch {
        // A full or unavailable cache only costs a request next time.
      }
    },
  };
}

export interface CachingTransport extends SyncTransport {
  readonly hits: number;
}

/**
 * Wraps a transport: answers found under (scope, URL) come from the cache,
 * misses go to the inner transport (a batch's misses in one fetchAll), and
 * 200 answers are stored. The URL never holds the token (shared/http/request.ts).
 */
export function cachingTransport(
  inner: SyncTransport,
  cache: TextCache,
  scope: string,
  ttlSeconds: number,
): CachingTransport {
  let hits = 0;
  const keyOf = (request: HttpRequest) => `aivis:${scope}:${digest(request.url)}`;
  const read = (request: HttpRequest): HttpResponse | undefined => {
    const text = cache.get(keyOf(request));
    if (text === null) return undefined;
    try {
      hits += 1;
      return JSON.parse(text) as HttpResponse;
    } catch {
      hits -= 1;
      return undefined;
    }
  };
  const store = (request: HttpRequest, response: HttpResponse) => {
    if (response.status !== 200) return;
    const kept = {
      status: response.status,
      headers: pickHeaders(response.headers),
      body: response.body,
    };
    cache.put(keyOf(request), JSON.stringify(kept), ttlSeconds);
  };
  return {
    get hits() {
      return hits;
    },
    fetch(request) {
      const cached = read(request);
      if (cached) return cached;
      const response = inner.fetch(request);
      store(request, response);
      return response;
    },
    fetchAll(requests) {
      const answers: Array<HttpResponse | undefined> = requests.map(read);
      const missing = requests.filter((_, index) => answers[index] === undefined);
      const fetched = missing.length ? inner.fetchAll(missing) : [];
      let next = 0;
      return requests.map((request, index) => {
        const cached = answers[index];
        if (cached) return cached;
        const response = fetched[next++]!;
        store(request, response);
        return response;
      });
    },
  };
}

/** Only what the core reads from a 200: the content type. */
function pickHeaders(headers: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  if (headers['content-type']) kept['content-type'] = headers['content-type'];
  return kept;
}
