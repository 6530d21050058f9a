/**
 * Hostile text for the cards: every free-text string of an answer (names,
 * titles, questions, addresses) replaced by an attack, enum-like values and
 * dates left as they are so the answer still reads as the service's.
 */

export const HOSTILE_TEXTS: ReadonlyArray<readonly [string, string]> = [
  ['markup', '<img src=x onerror=alert(1)><script>alert(2)</script>"><b>bold</b>'],
  ['bidi', 'invoice\u202Efdp.exe \u2066isolate\u2069 \u200Fmark'],
  ['formula', '=HYPERLINK("http://evil.example","win")'],
  ['javascript link', 'javascript:alert(document.cookie)'],
];

/** Enum-like and machine values the elements read as vocabulary, not as text. */
const VOCABULARY = /^[a-z0-9_]+$|^\d{4}-\d{2}/;

export function hostile(value: unknown, text: string, key = '', depth = 0): unknown {
  if (depth > 32) return value;
  if (typeof value === 'string') {
    if (VOCABULARY.test(value) || key === 'next_request') return value;
    return /url|href|link/i.test(key) || /^https?:/.test(value) ? text : `${value} ${text}`;
  }
  if (Array.isArray(value)) return value.map((item) => hostile(item, text, key, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [name, hostile(item, text, name, depth + 1)]),
    );
  }
  return value;
}
