/** proxy/json-check.ts agrees with JSON.parse on what is JSON, without building the value. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isJsonText } from '../../proxy/json-check.js';

const parses = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

const CASES = [
  '',
  ' ',
  '1',
  '-0',
  '01',
  '1.',
  '.5',
  '1e5',
  '1E+5',
  '1e',
  'true',
  'tru',
  'nul',
  'null ',
  '"a"',
  '"\\u00zz"',
  '"\\u00e9"',
  '"\\x"',
  '"\t"',
  '{}',
  '[]',
  '[1,]',
  '{"a":1,}',
  '{"a" 1}',
  '{1:2}',
  '[1 2]',
  '[[[]]]',
  '{"a":[{"b":null}]}',
  ']',
  '[}',
  '{"a":1}}',
  '"\\/\\b\\f\\n\\r\\t\\"\\\\"',
  '-',
  '- 1',
  '[-]',
  '\u00a0 1',
  '1 2',
  'truex',
  '[true,]',
  '"\\u12"',
  '"a',
  '[',
  '{',
  '{"a":',
  '{"a"',
  '{"a":1 "b":2}',
  ' [ 1 , { "x" : [ ] } ] ',
  '\ufeff{}',
  'NaN',
  '-Infinity',
  '1.5e-3',
  '[0.0e00]',
  "'a'",
  '{"a":1,"a":2}',
];

describe('isJsonText', () => {
  it.each(CASES)('agrees with JSON.parse on %j', (text) => {
    expect(isJsonText(text)).toBe(parses(text));
  });

  it('accepts every JSON text and agrees with JSON.parse on damaged ones', () => {
    fc.assert(fc.property(fc.json(), (text) => isJsonText(text)));
    fc.assert(
      fc.property(fc.json(), fc.nat(), fc.string({ maxLength: 3 }), (text, at, insert) => {
        const cut = at % (text.length + 1);
        const damaged = text.slice(0, cut) + insert + text.slice(cut + 1);
        expect(isJsonText(damaged)).toBe(parses(damaged));
      }),
      { numRuns: 3_000 },
    );
  });

  it('checks deep nesting without overflowing the stack', () => {
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    expect(isJsonText(deep)).toBe(true);
    expect(isJsonText(`${deep}]`)).toBe(false);
  });
});
