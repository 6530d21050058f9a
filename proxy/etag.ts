/** Validators of cached answers: the ETag and the If-None-Match comparison (RFC 9110 8.8.3, 13.1.2). */

import { sha256 } from './digest.js';

/** Quoted base64url SHA-256 of the body: a strong validator (RFC 9110 8.8.3). */
export async function strongEtag(body: Uint8Array): Promise<string> {
  const digest = await sha256(body);
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return `"${btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}"`;
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2): W/ prefixes are ignored. */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (ifNoneMatch === null) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch
    .split(',')
    .map((part) => part.trim())
    .some((candidate) => candidate === '*' || candidate.replace(/^W\//, '') === bare);
}
