/** Forms in which a service or a client may echo a token, for the redaction suites. */
import { Buffer } from 'node:buffer';

/** The echo forms an attack run got through the proxy, plus mixes of them. */
export function echoForms(token: string): Array<[string, string]> {
  const jsonEscaped = Array.from(
    token,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  ).join('');
  const percent = Array.from(
    token,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  ).join('');
  return [
    ['verbatim', token],
    ['upper case', token.toUpperCase()],
    ['JSON \\u escapes', jsonEscaped],
    ['JSON escapes, upper-case hex', jsonEscaped.toUpperCase().replace(/\\U/g, '\\u')],
    ['percent-encoded', percent],
    ['percent-encoded, lower-case hex', percent.toLowerCase()],
    ['encodeURIComponent', encodeURIComponent(token)],
    [
      'half percent-encoded',
      Array.from(token, (c, i) => (i % 2 ? encodeURIComponent(c) : c)).join(''),
    ],
    ['base64', Buffer.from(token).toString('base64')],
    ['base64url', Buffer.from(token).toString('base64url')],
    ['base64 inside a sentence', Buffer.from(`Bearer ${token} ok`).toString('base64')],
    ['base64 at offset 1', Buffer.from(`x${token}`).toString('base64')],
    ['base64 at offset 2', Buffer.from(`xy${token}`).toString('base64')],
    ['JSON.stringify', JSON.stringify(token).slice(1, -1)],
    // Forms a third attack run got through.
    ['hex', Buffer.from(token).toString('hex')],
    ['hex, upper case', Buffer.from(token).toString('hex').toUpperCase()],
    ['percent-encoded twice', encodeURIComponent(percent)],
    ['HTML decimal entities', Array.from(token, (char) => `&#${char.charCodeAt(0)};`).join('')],
    [
      'HTML hex entities',
      Array.from(token, (char) => `&#x${char.charCodeAt(0).toString(16)};`).join(''),
    ],
    ['base64 of UTF-16LE', Buffer.from(token, 'utf16le').toString('base64')],
    ['base64 of UTF-16LE at offset 1', Buffer.from(`x${token}`, 'utf16le').toString('base64')],
  ];
}
