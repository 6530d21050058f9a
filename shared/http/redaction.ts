/**
 * Removes a secret (the access token) from text that came from elsewhere: an
 * error message, an answer body, a header. A service, a proxy or a client
 * may echo the token not only verbatim but JSON-escaped (`\u0061`, `\/`),
 * percent-encoded (once or twice), as HTML numeric references, as hex, in
 * another letter case or base64-encoded (of its UTF-8 or UTF-16LE bytes); each
 * of those forms is as good as the token to whoever reads it. The list of
 * forms is in docs/security.md, "Token echoes".
 *
 * Plain ECMAScript (no TextEncoder, no btoa): the Apps Script bundle uses it too.
 */

/** The one placeholder for a removed secret, in every answer, message, cell and log line. */
export const REDACTED = '[redacted]';

/**
 * Below this length only the verbatim form is removed: matching short words
 * in any case or encoding would mangle ordinary text. Tokens are longer.
 */
const MIN_FUZZY_LENGTH = 8;
/** Longer secrets are matched verbatim only, so the patterns stay bounded. */
const MAX_FUZZY_LENGTH = 512;

interface Matchers {
  secret: string;
  /** Every character literal, %XX, \uXXXX or a JSON short escape; any letter case. */
  encoded: RegExp;
  /** The base64 and base64url runs that only the secret's bytes decide, at each alignment. */
  base64: RegExp;
}

let last: Matchers | undefined;

const UNICODE_OR_SLASH_ESCAPE = /\\[u/]/;

/** The text without any form of the secret; the same string when it holds none. */
export function redactSecret(
  text: string,
  secret: string | undefined,
  replacement: string = REDACTED,
): string {
  if (!secret || text === '') return text;
  let clean = text.includes(secret) ? text.split(secret).join(replacement) : text;
  if (secret.length < MIN_FUZZY_LENGTH || secret.length > MAX_FUZZY_LENGTH) return clean;
  const matchers = matchersFor(secret);
  matchers.encoded.lastIndex = 0;
  if (matchers.encoded.test(clean)) clean = clean.replace(matchers.encoded, replacement);
  matchers.base64.lastIndex = 0;
  if (matchers.base64.test(clean)) clean = clean.replace(matchers.base64, replacement);
  return clean;
}

/**
 * For a JSON text: the secret is removed from every decoded string (keys
 * too), so an escape like `\u0061` can neither hide it nor be cut in half,
 * and the result is still the same JSON. Text that does not parse is redacted
 * as plain text; text without the secret comes back as it was.
 */
export function redactSecretInJson(
  text: string,
  secret: string | undefined,
  replacement: string = REDACTED,
): string {
  if (!secret) return text;
  // The text's own forms already cover \" \\ and the control escapes (see charForms); only
  // \u and \/ can spell a form that shows in the decoded strings alone.
  if (!UNICODE_OR_SLASH_ESCAPE.test(text) && !containsSecret(text, secret)) return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return redactSecret(text, secret, replacement);
  }
  let changed = false;
  const clean = (value: string) => {
    const redacted = redactSecret(value, secret, replacement);
    if (redacted !== value) changed = true;
    return redacted;
  };
  if (typeof parsed === 'string') {
    const cleanText = clean(parsed);
    return changed ? JSON.stringify(cleanText) : text;
  }
  // Iterative, so nesting depth cannot overflow the stack.
  const stack: unknown[] = [parsed];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i += 1) {
        const item: unknown = node[i];
        if (typeof item === 'string') node[i] = clean(item);
        else if (typeof item === 'object' && item !== null) stack.push(item);
      }
    } else if (typeof node === 'object' && node !== null) {
      const record = node as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        const item = record[key];
        const cleanKey = clean(key);
        const cleanItem = typeof item === 'string' ? clean(item) : item;
        if (cleanKey !== key) delete record[key];
        // defineProperty: a key such as __proto__ is an own property of parsed JSON.
        if (cleanKey !== key || cleanItem !== item) {
          Object.defineProperty(record, cleanKey, {
            value: cleanItem,
            writable: true,
            enumerable: true,
            configurable: true,
          });
        }
        if (typeof item === 'object' && item !== null) stack.push(item);
      }
    }
  }
  return changed ? JSON.stringify(parsed) : text;
}

/** Whether the text holds the secret in any of the forms redactSecret removes. */
export function containsSecret(text: string, secret: string | undefined): boolean {
  return secret !== undefined && secret !== '' && redactSecret(text, secret, '') !== text;
}

/**
 * Any token of this service's shape (aivis_…), for text bound for a log where
 * the secret is not known in advance (the sandbox serves many tokens).
 */
const TOKEN_SHAPE = /aivis_[A-Za-z0-9_]+/g;

export function redactTokenShapes(text: string): string {
  return text.replace(TOKEN_SHAPE, REDACTED);
}

/** Query parameters whose value is a secret whatever it looks like (data-api 5: never sent in a query). */
const SECRET_QUERY_PARAMS = new Set([
  'token',
  'access_token',
  'api_key',
  'apikey',
  'key',
  'authorization',
]);

/** A query string for a log line: secret-named values and token-shaped text removed. */
export function redactQuery(params: Iterable<[string, string]>): string {
  const pairs: string[] = [];
  for (const [key, value] of params) {
    const shown = SECRET_QUERY_PARAMS.has(key.toLowerCase()) ? REDACTED : redactTokenShapes(value);
    pairs.push(`${formEncode(redactTokenShapes(key))}=${formEncode(shown)}`);
  }
  return pairs.join('&');
}

/** application/x-www-form-urlencoded, as URLSearchParams writes it (absent in Apps Script). */
function formEncode(text: string): string {
  return encodeURIComponent(text)
    .replace(/%20/g, '+')
    .replace(/[!'()~]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

function matchersFor(secret: string): Matchers {
  if (last?.secret === secret) return last;
  last = {
    secret,
    encoded: new RegExp(Array.from(secret, charForms).join(''), 'gi'),
    base64: new RegExp(
      [...base64Cores(utf8Bytes(secret)), ...base64Cores(utf16LeBytes(secret))]
        .map(escapeRegExp)
        .join('|'),
      'g',
    ),
  };
  return last;
}

/** The ways one character of the secret can be written in an echo. */
function charForms(char: string): string {
  const variants = new Set([char, char.toLowerCase(), char.toUpperCase()]);
  const forms = new Set<string>();
  for (const variant of variants) {
    forms.add(escapeRegExp(variant));
    const code = variant.codePointAt(0) ?? 0;
    if (code <= 0xffff) forms.add(`\\\\u${code.toString(16).padStart(4, '0')}`);
    for (const byte of utf8Bytes(variant)) forms.add(`%${byte.toString(16).padStart(2, '0')}`);
    const hex = utf8Bytes(variant).map((byte) => byte.toString(16).padStart(2, '0'));
    // Hex of the bytes (a hex dump, a digest-looking field) and percent-encoding applied twice.
    forms.add(hex.join(''));
    forms.add(hex.map((pair) => `%25${pair}`).join(''));
    // HTML numeric character references, decimal and hex, with or without leading zeros and `;`.
    forms.add(`&#0*${code};?`);
    forms.add(`&#x0*${code.toString(16)};?`);
  }
  if (char === '/') forms.add('\\\\/');
  if (char === '"') forms.add('\\\\"');
  if (char === '\\') forms.add('\\\\\\\\');
  return `(?:${[...forms].join('|')})`;
}

/**
 * Base64 of text that contains the secret shows the same characters for it
 * whatever comes before, at one of three alignments; the few characters at
 * either end also depend on neighbouring bytes and are left alone.
 */
function base64Cores(bytes: readonly number[]): string[] {
  const cores = new Set<string>();
  for (let offset = 0; offset < 3; offset += 1) {
    const padded = [...new Array<number>(offset).fill(0), ...bytes];
    const encoded = base64(padded);
    const first = Math.ceil((offset * 8) / 6);
    const end = Math.floor(((offset + bytes.length) * 8) / 6);
    const core = encoded.slice(first, end);
    if (core.length >= MIN_FUZZY_LENGTH) {
      cores.add(core);
      cores.add(core.replace(/\+/g, '-').replace(/\//g, '_'));
    }
  }
  return [...cores];
}

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function base64(bytes: readonly number[]): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const chunk = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let j = 0; j < chars; j += 1) out += BASE64_ALPHABET[(chunk >> (18 - 6 * j)) & 63];
  }
  return out;
}

/** UTF-16LE bytes (what Windows and .NET encode before base64). */
function utf16LeBytes(text: string): number[] {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i += 1)
    bytes.push(text.charCodeAt(i) & 255, text.charCodeAt(i) >> 8);
  return bytes;
}

function utf8Bytes(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
    else if (code < 0x10000)
      bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    else
      bytes.push(
        0xf0 | (code >> 18),
        0x80 | ((code >> 12) & 63),
        0x80 | ((code >> 6) & 63),
        0x80 | (code & 63),
      );
  }
  return bytes;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}
