/**
 * Whether a text is one JSON value (RFC 8259), checked by scanning it once
 * without building the value: the proxy only needs to know that an upstream
 * answer is JSON before caching it, and JSON.parse would allocate every object
 * of a 57 KB answer for nothing. Iterative, so nesting cannot overflow the stack.
 */

enum Char {
  Tab = 0x09,
  Newline = 0x0a,
  Return = 0x0d,
  Space = 0x20,
  Quote = 0x22,
  Plus = 0x2b,
  Comma = 0x2c,
  Minus = 0x2d,
  Dot = 0x2e,
  Zero = 0x30,
  Nine = 0x39,
  Colon = 0x3a,
  OpenBracket = 0x5b,
  Backslash = 0x5c,
  CloseBracket = 0x5d,
  LowerE = 0x65,
  UpperE = 0x45,
  OpenBrace = 0x7b,
  CloseBrace = 0x7d,
}

const LITERALS = ['true', 'false', 'null'];
const ESCAPES = new Set([0x22, 0x5c, 0x2f, 0x62, 0x66, 0x6e, 0x72, 0x74]);
const HEX = /^[0-9a-fA-F]{4}$/;
/** A run of string characters that need no attention (sticky; a plain class, so no backtracking). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: JSON strings may not hold raw control characters; the run stops at them.
const PLAIN = /[^"\\\u0000-\u001f]*/y;

export function isJsonText(text: string): boolean {
  const end = text.length;
  let at = 0;
  /** Open containers, innermost last: true for an object. */
  const open: boolean[] = [];

  const skipSpace = () => {
    for (;;) {
      const code = text.charCodeAt(at);
      if (code !== Char.Space && code !== Char.Newline && code !== Char.Return && code !== Char.Tab)
        return;
      at += 1;
    }
  };

  /** Past one string starting at `at` (a quote); false when it is not one. */
  const string = (): boolean => {
    at += 1;
    for (;;) {
      // Plain characters in one native step: strings are most of an answer.
      PLAIN.lastIndex = at;
      PLAIN.test(text);
      at = PLAIN.lastIndex;
      if (at >= end) return false;
      const code = text.charCodeAt(at);
      if (code === Char.Quote) {
        at += 1;
        return true;
      }
      if (code < 0x20) return false;
      if (code === Char.Backslash) {
        const next = text.charCodeAt(at + 1);
        if (next === 0x75) {
          if (!HEX.test(text.slice(at + 2, at + 6))) return false;
          at += 6;
        } else if (ESCAPES.has(next)) at += 2;
        else return false;
      } else at += 1;
    }
  };

  const digits = (): boolean => {
    const start = at;
    while (text.charCodeAt(at) >= Char.Zero && text.charCodeAt(at) <= Char.Nine) at += 1;
    return at > start;
  };

  const number = (): boolean => {
    if (text.charCodeAt(at) === Char.Minus) at += 1;
    if (text.charCodeAt(at) === Char.Zero) at += 1;
    else if (!digits()) return false;
    if (text.charCodeAt(at) === Char.Dot) {
      at += 1;
      if (!digits()) return false;
    }
    const code = text.charCodeAt(at);
    if (code === Char.LowerE || code === Char.UpperE) {
      at += 1;
      const sign = text.charCodeAt(at);
      if (sign === Char.Plus || sign === Char.Minus) at += 1;
      if (!digits()) return false;
    }
    return true;
  };

  for (;;) {
    // A value is expected here.
    skipSpace();
    const code = text.charCodeAt(at);
    if (code === Char.OpenBrace || code === Char.OpenBracket) {
      const isObject = code === Char.OpenBrace;
      at += 1;
      skipSpace();
      const close = isObject ? Char.CloseBrace : Char.CloseBracket;
      if (text.charCodeAt(at) === close) {
        at += 1;
      } else {
        open.push(isObject);
        if (isObject && !member()) return false;
        continue;
      }
    } else if (code === Char.Quote) {
      if (!string()) return false;
    } else if (code === Char.Minus || (code >= Char.Zero && code <= Char.Nine)) {
      if (!number()) return false;
    } else {
      const literal = LITERALS.find((word) => text.startsWith(word, at));
      if (literal === undefined) return false;
      at += literal.length;
    }
    // After a value: close containers, or go on with the next item.
    for (;;) {
      skipSpace();
      if (open.length === 0) return at === end;
      const isObject = open[open.length - 1]!;
      const next = text.charCodeAt(at);
      if (next === Char.Comma) {
        at += 1;
        if (isObject && !member()) return false;
        break;
      }
      if (next !== (isObject ? Char.CloseBrace : Char.CloseBracket)) return false;
      at += 1;
      open.pop();
    }
  }

  /** An object member's key and colon; the value follows. */
  function member(): boolean {
    skipSpace();
    if (text.charCodeAt(at) !== Char.Quote || !string()) return false;
    skipSpace();
    if (text.charCodeAt(at) !== Char.Colon) return false;
    at += 1;
    return true;
  }
}
