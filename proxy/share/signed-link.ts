/**
 * Client links (docs/agencies.md#client-links): what a link says, how it is
 * signed and how it is read back from a request. Web-standard APIs only
 * (crypto.subtle), so Node, Bun and Workers read links alike.
 *
 *   /s/<id>.<signature>?project=1001&view=aivis-dashboard&period=last_30_days&expires=1767225600
 *
 * The signature is an HMAC-SHA256 under SHARE_SECRET over every field, the id
 * included: change the project, the view, the period, the expiry, the id or
 * the signature, add or repeat a parameter, and the link is not ours (404),
 * never another project's data. The id is what `share revoke` names.
 */
import { REPORT_PERIODS, type ReportPeriod } from '../../shared/api/vocabulary.js';

export interface LinkFields {
  id: string;
  project: number;
  /** An element's tag, or aivis-dashboard. */
  view: string;
  period: ReportPeriod;
  /** Seconds since the epoch. */
  expires: number;
}

export const SHARE_PREFIX = '/s/';
/** Ten letters of base32: 50 bits, far past guessing and short enough to type in `share revoke`. */
export const ID_PATTERN = /^[a-z2-7]{10}$/;
const SIGNATURE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const VIEW_PATTERN = /^aivis-[a-z]+(?:-[a-z]+){0,4}$/;
const PROJECT_PATTERN = /^[1-9]\d{0,14}$/;
const EXPIRES_PATTERN = /^[1-9]\d{0,11}$/;
const FIELDS = ['project', 'view', 'period', 'expires'] as const;

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
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

/** The signed text: a version, then every field on its own line. */
function signedText(fields: LinkFields): Uint8Array<ArrayBuffer> {
  return encoder.encode(
    ['aivis-share-v1', fields.id, fields.project, fields.view, fields.period, fields.expires].join(
      '\n',
    ),
  );
}

export function newLinkId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return Array.from(bytes, (byte) => alphabet[byte & 31]).join('');
}

export async function linkPath(fields: LinkFields, secret: string): Promise<string> {
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret), signedText(fields));
  const query = new URLSearchParams({
    project: String(fields.project),
    view: fields.view,
    period: fields.period,
    expires: String(fields.expires),
  });
  return `${SHARE_PREFIX}${fields.id}.${base64url(new Uint8Array(signature))}?${query}`;
}

/**
 * The fields of a link whose signature holds, or undefined for anything else
 * (a malformed or tampered link looks like no link at all). `path` is under
 * BASE_PATH and starts with /s/.
 */
export async function readLink(
  path: string,
  search: string,
  secret: string,
): Promise<LinkFields | undefined> {
  const [id = '', signature = '', ...rest] = path.slice(SHARE_PREFIX.length).split('.');
  if (rest.length > 0 || !ID_PATTERN.test(id) || !SIGNATURE_PATTERN.test(signature))
    return undefined;
  if (search.length > 300) return undefined;
  const params = new URLSearchParams(search);
  const names = [...params.keys()];
  if (names.length !== FIELDS.length || FIELDS.some((name) => !names.includes(name)))
    return undefined;
  const project = params.get('project')!;
  const view = params.get('view')!;
  const period = params.get('period')!;
  const expires = params.get('expires')!;
  if (
    !PROJECT_PATTERN.test(project) ||
    !VIEW_PATTERN.test(view) ||
    !(REPORT_PERIODS as readonly string[]).includes(period) ||
    !EXPIRES_PATTERN.test(expires)
  ) {
    return undefined;
  }
  const fields: LinkFields = {
    id,
    project: Number(project),
    view,
    period: period as ReportPeriod,
    expires: Number(expires),
  };
  const bytes = fromBase64url(signature);
  if (!bytes) return undefined;
  // crypto.subtle.verify compares in constant time.
  const valid = await crypto.subtle.verify(
    'HMAC',
    await hmacKey(secret),
    bytes,
    signedText(fields),
  );
  return valid ? fields : undefined;
}

export function isLinkView(view: string): boolean {
  return VIEW_PATTERN.test(view);
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
