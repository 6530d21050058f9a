/**
 * The token scrubbing every answer passes through: whatever upstream or a
 * client echoed, no form of the token leaves the proxy (shared/http/redaction.ts).
 */
import { redactSecret, redactSecretInJson } from '../shared/http/redaction.js';

/** Replaces every form of the token in a text (shared/http/redaction.ts). */
export function scrubText(text: string, token: string): string {
  return redactSecret(text, token);
}

/**
 * The same bytes unless they contain the token in some form. A JSON body is
 * cleaned string by string, so it stays the same JSON.
 */
export function scrubBytes(
  bytes: Uint8Array<ArrayBuffer>,
  token: string,
  json = false,
): Uint8Array<ArrayBuffer> {
  return scrubBody(bytes, token, json).bytes;
}

/**
 * scrubBytes with the decoded clean text too: an upstream answer is decoded
 * once. `wellFormed` is false for bytes that are not UTF-8: their text has
 * U+FFFD in place of the bad bytes, so a scan of it would not judge the bytes.
 * A UTF-8 byte-order mark is dropped from the bytes as from the text, so what
 * is served is what the text says (JSON.parse of text that starts with one fails).
 */
export function scrubBody(
  bytes: Uint8Array<ArrayBuffer>,
  token: string,
  json: boolean,
): { bytes: Uint8Array<ArrayBuffer>; text: string; wellFormed: boolean } {
  const plain = hasByteOrderMark(bytes) ? bytes.subarray(3) : bytes;
  let text: string;
  let wellFormed = true;
  try {
    text = strictDecoder.decode(plain);
  } catch {
    text = decoder.decode(plain);
    wellFormed = false;
  }
  const clean = json ? redactSecretInJson(text, token) : redactSecret(text, token);
  return clean === text
    ? { bytes: plain, text, wellFormed }
    : { bytes: new TextEncoder().encode(clean), text: clean, wellFormed };
}

const hasByteOrderMark = (bytes: Uint8Array): boolean =>
  bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;

// ignoreBOM: the mark is removed above, once; a second one is text, and not JSON.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The last line of defence: a header value or a body that still holds the
 * token (a 422 echoing a query value, an upstream answer quoting it) loses it.
 */
export async function scrubResponse(response: Response, token: string): Promise<Response> {
  let headers: Headers | undefined;
  response.headers.forEach((value, name) => {
    const clean = redactSecret(value, token);
    if (clean !== value) {
      headers ??= new Headers(response.headers);
      headers.set(name, clean);
    }
  });
  if (response.body === null) {
    return headers ? new Response(response.body, { status: response.status, headers }) : response;
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  const clean = scrubBytes(bytes, token);
  return new Response(clean, { status: response.status, headers: headers ?? response.headers });
}
