/**
 * SHA-256 from the platform (Web Crypto): Node 20+, workerd, Deno and Bun all
 * have `crypto.subtle`, and every caller is already async.
 */

const encoder = new TextEncoder();

/** The 32-byte digest of the bytes. */
export async function sha256(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
}

/**
 * A name for the parts that never shows them (a token among them): the first
 * `bytes` bytes of the SHA-256 of the parts, one per line, in hex.
 */
export async function hexDigest(parts: readonly string[], bytes = 16): Promise<string> {
  const digest = await sha256(encoder.encode(parts.join('\n')));
  return Array.from(digest.slice(0, bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
