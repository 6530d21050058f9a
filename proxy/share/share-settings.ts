/**
 * Readers of the client-link settings (docs/agencies.md#client-links): the
 * public address links are printed on, the signing secret, and the
 * white-label look of the client page. Each error names what to write and
 * never echoes a secret.
 */
import type { Fail } from '../setting-readers.js';

/** The signing key: long enough that guessing it is out of reach. */
export const MIN_SECRET_LENGTH = 32;
/** A logo inlined into every client page stays small. */
export const MAX_LOGO_BYTES = 64 * 1024;

export function readPublicUrl(text: string, fail: Fail): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail('must be an http(s) address such as https://reports.example.com');
  }
  if (!/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash) {
    fail('must be an http(s) address without credentials, query or fragment');
  }
  return url.href.replace(/\/+$/, '');
}

export function readShareSecret(text: string, fail: Fail): string {
  if (!new RegExp(`^[\\x21-\\x7e]{${MIN_SECRET_LENGTH},}$`).test(text)) {
    fail(
      `must be one word of at least ${MIN_SECRET_LENGTH} printable ASCII characters, e.g. the output of openssl rand -hex 32`,
    );
  }
  return text;
}

const LOGO = /^data:image\/(?:png|jpeg|webp|svg\+xml);base64,[A-Za-z0-9+/]+={0,2}$/;

export function readAgencyLogo(text: string, fail: Fail): string {
  if (text.length > Math.ceil((MAX_LOGO_BYTES * 4) / 3) + 40 || !LOGO.test(text)) {
    fail(
      `must be a data:image/png;base64,… URL (png, jpeg, webp or svg+xml) of at most ${MAX_LOGO_BYTES / 1024} KB, so client pages ask no other server`,
    );
  }
  return text;
}

export function readAgencyColor(text: string, fail: Fail): string {
  if (!/^#[0-9a-fA-F]{6}$/.test(text)) fail('must be a colour written #rrggbb');
  return text.toLowerCase();
}
