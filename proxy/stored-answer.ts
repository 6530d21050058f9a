/**
 * Names and bytes of what the proxy keeps in a store other instances share.
 *
 * Names are SHA-256 digests, never the token: the account's (base URL and
 * token: one budget per account) and the cache scope's (base URL, token and
 * project allowlist, as for caches.default in proxy/shared-cache.ts).
 *
 * An answer is stored as one line of JSON (what it is and whose) and the body.
 * Whatever a store holds is input: decodeStoredAnswer() accepts only an entry
 * of this scope and key, well-formed, whose body still has the recorded
 * SHA-256 and, for the API, is JSON; anything else is a miss, never a crash
 * and never another account's data.
 */
import { MAX_UPSTREAM_BODY_BYTES } from './body-limit.js';
import type { CachedAnswer } from './cache.js';
import { hexDigest } from './digest.js';
import { strongEtag } from './etag.js';
import { isJsonText } from './json-check.js';
import { JSON_TYPE, YAML_TYPE } from './responses.js';

/** The head line is small; a longer one is not ours. */
const MAX_HEAD_BYTES = 4_096;
/** Clocks of a fleet differ a little; an answer stamped further ahead is refused (it would stay fresh). */
const MAX_CLOCK_AHEAD_MS = 60_000;

const encoder = new TextEncoder();

/** One name per account: the budget and the client shares are the account's. */
export function accountName(baseUrl: string, token: string): Promise<string> {
  return hexDigest(['aivis-proxy-account-v1', baseUrl, token]);
}

/** One name per cache scope: everything that decides an answer's body besides its path. */
export function cacheScopeName(
  baseUrl: string,
  token: string,
  allowedProjects: readonly number[] | undefined,
): Promise<string> {
  return hexDigest(['aivis-proxy-v1', baseUrl, token, (allowedProjects ?? ['all']).join(',')]);
}

interface Head {
  v: 1;
  scope: string;
  key: string;
  storedAt: number;
  etag: string;
  type: string;
  length: number;
}

export function encodeStoredAnswer(scope: string, key: string, entry: CachedAnswer): Uint8Array {
  const head: Head = {
    v: 1,
    scope,
    key,
    storedAt: entry.storedAt,
    etag: entry.etag,
    type: entry.contentType,
    length: entry.body.byteLength,
  };
  const headBytes = encoder.encode(`${JSON.stringify(head)}\n`);
  const bytes = new Uint8Array(headBytes.byteLength + entry.body.byteLength);
  bytes.set(headBytes, 0);
  bytes.set(entry.body, headBytes.byteLength);
  return bytes;
}

export async function decodeStoredAnswer(
  bytes: Uint8Array | null | undefined,
  scope: string,
  key: string,
  now: number,
): Promise<CachedAnswer | undefined> {
  if (
    !(bytes instanceof Uint8Array) ||
    bytes.byteLength > MAX_HEAD_BYTES + MAX_UPSTREAM_BODY_BYTES
  ) {
    return undefined;
  }
  const newline = bytes.subarray(0, MAX_HEAD_BYTES).indexOf(0x0a);
  if (newline < 0) return undefined;
  let head: Partial<Head>;
  try {
    head = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, newline)));
  } catch {
    return undefined;
  }
  if (typeof head !== 'object' || head === null) return undefined;
  const body = bytes.slice(newline + 1);
  if (
    head.v !== 1 ||
    head.scope !== scope ||
    head.key !== key ||
    typeof head.storedAt !== 'number' ||
    !Number.isFinite(head.storedAt) ||
    head.storedAt > now + MAX_CLOCK_AHEAD_MS ||
    (head.type !== JSON_TYPE && head.type !== YAML_TYPE) ||
    head.length !== body.byteLength ||
    typeof head.etag !== 'string' ||
    head.etag !== (await strongEtag(body))
  ) {
    return undefined;
  }
  if (head.type === JSON_TYPE) {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(body);
    } catch {
      return undefined;
    }
    if (!isJsonText(text)) return undefined;
  }
  return {
    status: 200,
    body: body as Uint8Array<ArrayBuffer>,
    contentType: head.type,
    etag: head.etag,
    storedAt: head.storedAt,
  };
}
