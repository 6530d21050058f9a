/**
 * Service text bound for a terminal or a report a person reads: control
 * characters made visible, and cuts that never split a character. Plain
 * ECMAScript (no Intl.Segmenter): the Apps Script bundle uses it too.
 */

/**
 * C0 and C1 controls and DEL (ESC, CSI and OSC start the sequences that clear
 * a screen, set a title or, with OSC 52, write the clipboard), the bidi
 * overrides and isolates that reorder what a reader sees, and lone surrogates
 * (half a character, which a UTF-8 terminal or file cannot hold).
 */
const INVISIBLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this pattern's job.
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const SHORT: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * The text with each control character written out as its escape, the way
 * `git` and `ls` quote file names (`\x1b`, `\n`, `\u{202e}`): what it says
 * stays readable and nothing in it reaches the terminal as a command.
 */
export function showControls(text: string): string {
  return text.replace(INVISIBLE, (char) => {
    const code = char.charCodeAt(0);
    return SHORT[char] ?? (code <= 0xff ? `\\x${hex(code, 2)}` : `\\u{${hex(code, 4)}}`);
  });
}

/** At most `max` characters (code points) of the text: a surrogate pair is kept whole or left out. */
export function cutCodePoints(text: string, max: number): string {
  let end = 0;
  for (let count = 0; count < max && end < text.length; count += 1) {
    const code = text.charCodeAt(end);
    const next = text.charCodeAt(end + 1);
    end += code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
  }
  return text.slice(0, end);
}

/** Whether the text is well-formed UTF-16 (no lone surrogate, which encodeURIComponent refuses). */
export const isWellFormed = (text: string): boolean =>
  !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);

const hex = (code: number, width: number) => code.toString(16).padStart(width, '0');
