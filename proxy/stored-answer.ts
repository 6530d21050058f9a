/**
 * Names and bytes of what the proxy keeps in a store other instances share.
 *
 * Names are SHA-256 digests, never the token: the account's (base URL and
 * token: one budget per account) and the cache scope's (base URL, token and
 * project allowlist, as for caches.default in proxy/shared-cache.ts).
 *
 * An answer is stored as a seal (an HMAC-SHA-256 in hex), one line of JSON
 * (what it is and whose) and the body. The seal's key is derived from the
 * token, which the store never holds: whoever can write to the store but
 * has not the token cannot make an entry this proxy serves (docs/security.md,
 * "Shared store"). Whatever a store holds is input: decodeStoredAnswer()
 * accepts only a sealed entry of this scope and key, well-formed, whose body
 * still has the recorded SHA-256 and, for the API, is JSON; anything else is
 * a miss, never a crash and never another account's data.
 */
import { MAX_UPSTREAM_BODY_BYTES } from './body-limit.js';
import type { CachedAnswer } from './cache.js';
import { hexDigest } from './digest.js';
import { strongEtag } from './etag.js';
import { isJsonText } from './json-check.js';
import { JSON_TYPE, YAML_TYPE } from './responses.js';

/** The head line is small; a longer one is not ours. */
const MAX_HEAD_BYTES = 4_096;
/** The seal line: 64 hex digits and a newline. */
const SEAL_BYTES = 65;
/** The most bytes a stored entry may have: the store reads no more than this (redis-store.ts). */
export const MAX_STORED_ENTRY_BYTES = SEAL_BYTES + MAX_HEAD_BYTES + MAX_UPSTREAM_BODY_BYTES;
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

/** The key that seals this account's entries: derived from the token, never stored. */
export type StoreSeal = CryptoKey;

/** The seal key for entries of a proxy with this token (one per token; the scope is in the head). */
export function storeSeal(token: string): Promise<StoreSeal> {
  return crypto.subtle.importKey(
    'raw',
    encoder.encode(`aivis-proxy-store-seal-v2\n${token}`),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
}

interface Head {
  v: 2;
  scope: string;
  key: string;
  storedAt: number;
  etag: string;
  type: string;
  length: number;
}

export async function encodeStoredAnswer(
  seal: StoreSeal,
  scope: string,
  key: string,
  entry: CachedAnswer,
): Promise<Uint8Array> {
  const head: Head = {
    v: 2,
    scope,
    key,
    storedAt: entry.storedAt,
    etag: entry.etag,
    type: entry.contentType,
    length: entry.body.byteLength,
  };
  const headBytes = encoder.encode(`${JSON.stringify(head)}\n`);
  const sealed = new Uint8Array(headBytes.byteLength + entry.body.byteLength);
  sealed.set(headBytes, 0);
  sealed.set(entry.body, headBytes.byteLength);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', seal, sealed));
  const sealLine = encoder.encode(
    `${Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('')}\n`,
  );
  const bytes = new Uint8Array(sealLine.byteLength + sealed.byteLength);
  bytes.set(sealLine, 0);
  bytes.set(sealed, sealLine.byteLength);
  return bytes;
}

/** The sealed part when its seal is right (constant-time, by Web Crypto's verify), else undefined. */
async function unseal(seal: StoreSeal, bytes: Uint8Array): Promise<Uint8Array | undefined> {
  if (bytes.byteLength < SEAL_BYTES || bytes[SEAL_BYTES - 1] !== 0x0a) return undefined;
  const hex = new TextDecoder().decode(bytes.subarray(0, SEAL_BYTES - 1));
  if (!/^[0-9a-f]{64}$/.test(hex)) return undefined;
  const mac = new Uint8Array(32);
  for (let i = 0; i < 32; i += 1) mac[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  const sealed = bytes.subarray(SEAL_BYTES);
  return (await crypto.subtle.verify('HMAC', seal, mac, sealed as Uint8Array<ArrayBuffer>))
    ? sealed
    : undefined;
}

export async function decodeStoredAnswer(
  seal: StoreSeal,
  stored: Uint8Array | null | undefined,
  scope: string,
  key: string,
  now: number,
): Promise<CachedAnswer | undefined> {
  if (!(stored instanceof Uint8Array) || stored.byteLength > MAX_STORED_ENTRY_BYTES) {
    return undefined;
  }
  const bytes = await unseal(seal, stored);
  if (!bytes) return undefined;
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
    head.v !== 2 ||
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
