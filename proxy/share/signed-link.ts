/**
 * Client links (docs/agencies.md#client-links): the address a link is, how
 * it is signed and how it is read back from a request. Web-standard APIs
 * only (crypto.subtle), so Node, Bun and Workers read links alike.
 *
 *   /s/<id>.<signature>
 *
 * The address is bare: what the link shows (project, view, period, expiry,
 * label) is the link's record in the store, and the signature is an
 * HMAC-SHA256 under SHARE_SECRET over the id and every one of those fields.
 * A changed id or signature, or a record changed in the store by a writer
 * without the secret, fails the signature: no link at all (404), never
 * another project's data. The id is what `share revoke` names.
 */
import { REPORT_PERIODS, type ReportPeriod } from '../../shared/api/vocabulary.js';

/** What a link shows, all of it signed. */
export interface LinkFields {
  id: string;
  project: number;
  /** An element's tag, or aivis-dashboard. */
  view: string;
  period: ReportPeriod;
  /** Seconds since the epoch. */
  expires: number;
  label: string;
}

/** A link's address read from a request: which record, and the signature to hold it to. */
export interface LinkAddress {
  id: string;
  signature: Uint8Array<ArrayBuffer>;
}

export const SHARE_PREFIX = '/s/';
/** Ten letters of base32: 50 bits, far past guessing and short enough to type in `share revoke`. */
export const ID_PATTERN = /^[a-z2-7]{10}$/;
/** 32 bytes of HMAC-SHA256 in base64url. */
const ADDRESS_PATTERN = /^([a-z2-7]{10})\.([A-Za-z0-9_-]{43})$/;
const VIEW_PATTERN = /^aivis-[a-z]+(?:-[a-z]+){0,4}$/;

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

export function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey(
      'raw',
      encoder.encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    // One secret per process in practice; a few in tests.
    if (keys.size > 8) keys.clear();
    keys.set(secret, key);
  }
  return key;
}

/** The signed text: a version, then every field, as a JSON array so no field can bleed into the next. */
function signedText(fields: LinkFields): Uint8Array<ArrayBuffer> {
  return encoder.encode(
    JSON.stringify([
      'aivis-share-v2',
      fields.id,
      fields.project,
      fields.view,
      fields.period,
      fields.expires,
      fields.label,
    ]),
  );
}

export function newLinkId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return Array.from(bytes, (byte) => alphabet[byte & 31]).join('');
}

/** The path of a link, `/s/<id>.<signature>`, under BASE_PATH. */
export async function linkPath(fields: LinkFields, secret: string): Promise<string> {
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret), signedText(fields));
  return `${SHARE_PREFIX}${fields.id}.${base64url(new Uint8Array(signature))}`;
}

/**
 * The id and signature of `/s/<id>.<signature>`, or undefined for anything
 * else. `path` is under BASE_PATH; the query string plays no part (messaging
 * apps append their own parameters; none changes what a link shows).
 */
export function readLinkAddress(path: string): LinkAddress | undefined {
  if (!path.startsWith(SHARE_PREFIX) || path.length > SHARE_PREFIX.length + 54) return undefined;
  const match = ADDRESS_PATTERN.exec(path.slice(SHARE_PREFIX.length));
  if (!match) return undefined;
  const signature = fromBase64url(match[2]!);
  // Only the one spelling linkPath writes: the last letter's two spare bits must be zero.
  if (signature?.length !== 32 || base64url(signature) !== match[2]) return undefined;
  return { id: match[1]!, signature };
}

/** Whether the record read from a store is the one the address was signed for (constant-time). */
export async function signatureHolds(
  fields: LinkFields,
  address: LinkAddress,
  secret: string,
): Promise<boolean> {
  if (fields.id !== address.id) return false;
  return crypto.subtle.verify('HMAC', await hmacKey(secret), address.signature, signedText(fields));
}

export function isLinkView(view: string): boolean {
  return VIEW_PATTERN.test(view);
}

export function isReportPeriod(period: unknown): period is ReportPeriod {
  return (REPORT_PERIODS as readonly unknown[]).includes(period);
}

function base64url(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | undefined {
  try {
    const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}
