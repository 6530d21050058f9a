/**
 * The one redaction rule (shared/http/redaction.ts) that the proxy, the core's
 * errors and the Sheets add-on all apply: every echoed form of the token goes.
 */
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AivisError, redactError } from '../../shared/http/errors.js';
import {
  containsSecret,
  REDACTED,
  redactSecret,
  redactSecretInJson,
} from '../../shared/http/redaction.js';
import { echoForms } from './token-echoes.js';

const TOKEN = 'aivis_test_entry';
const SLASHED = 'Ab9+/x_y.z~Q-==';

describe('redactSecret', () => {
  it.each(echoForms(TOKEN))('removes the %s form', (_form, echo) => {
    const text = `{"message":"unknown token ${echo} given"}`;
    const clean = redactSecret(text, TOKEN);
    expect(clean).not.toContain(echo);
    expect(clean).toContain(REDACTED);
    expect(containsSecret(clean, TOKEN)).toBe(false);
    expect(containsSecret(text, TOKEN)).toBe(true);
  });

  it.each(echoForms(SLASHED))(
    'removes the %s form of a token with / + = characters',
    (_f, echo) => {
      const clean = redactSecret(`before ${echo} after`, SLASHED);
      expect(clean).not.toContain(echo);
      expect(clean.startsWith('before ')).toBe(true);
    },
  );

  it('keeps a JSON body valid JSON', () => {
    for (const [, echo] of echoForms(TOKEN)) {
      const body = JSON.stringify({ name: `x ${JSON.parse(`"${echo.replace(/"/g, '\\"')}"`)} y` });
      expect(() => JSON.parse(redactSecret(body, TOKEN))).not.toThrow();
    }
  });

  it('leaves text without the token untouched, the same string', () => {
    const text = 'aivis_test_entr aivis test entry YWl2aXNf %61ivis';
    expect(redactSecret(text, TOKEN)).toBe(text);
  });

  it('removes only the verbatim form of a short secret', () => {
    expect(redactSecret('abc ABC', 'abc', '*')).toBe('* ABC');
  });

  it('never leaves a token that was embedded in random text', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.string(),
        fc.constantFrom(...echoForms(TOKEN)),
        (a, b, [, echo]) => {
          const clean = redactSecret(`${a}${echo}${b}`, TOKEN);
          expect(clean.toLowerCase()).not.toContain(TOKEN.toLowerCase());
          expect(clean).not.toContain(echo);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('redactSecretInJson', () => {
  it.each(echoForms(TOKEN))(
    'removes the %s form from decoded strings and keeps the JSON valid',
    (_f, echo) => {
      // The echo as the text of a value: JSON.stringify escapes any backslash in it.
      const body = JSON.stringify({ a: [`x ${echo} y`], [`k ${echo}`]: 1, n: { deep: echo } });
      const clean = redactSecretInJson(body, TOKEN);
      const parsed = JSON.parse(clean) as { a: string[]; n: { deep: string } };
      expect(JSON.stringify(parsed)).not.toContain(echo);
      expect(redactSecret(Object.keys(parsed).join(' '), TOKEN)).toBe(
        Object.keys(parsed).join(' '),
      );
      expect(parsed.a[0]).toMatch(/^x \S*\[redacted\]\S* y$/);
      expect(parsed.n.deep).toContain(REDACTED);
    },
  );

  it('cleans an own __proto__ key and deep nesting', () => {
    const body = `{"__proto__":"${TOKEN}","x":${'['.repeat(3000)}"${TOKEN.toUpperCase()}"${']'.repeat(3000)}}`;
    const clean = redactSecretInJson(body, TOKEN);
    expect(clean.toLowerCase()).not.toContain(TOKEN);
    expect(clean).toContain(`"__proto__":"${REDACTED}"`);
  });

  it('leaves no form of the token in any decoded string, whatever JSON escapes spell it (the shortcut for text without \\u or \\/ included)', () => {
    // JSON texts whose strings carry the token (in its echo forms) among other
    // text, each character written raw or as one of JSON's escapes: the
    // shortcut that returns text unchanged must never skip a token that only
    // decoding reveals.
    const escapeOf = (char: string, how: number): string => {
      const unicode = `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
      if (how === 1) return unicode;
      if (how === 2 && char === '/') return '\\/';
      if (char === '"' || char === '\\') return `\\${char}`;
      return char;
    };
    const jsonString = (text: string, hows: number[]) =>
      `"${[...text].map((char, index) => escapeOf(char, hows[index % hows.length]!)).join('')}"`;
    const piece = fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.constantFrom(...echoForms(TOKEN).map(([, echo]) => echo), TOKEN, TOKEN.toUpperCase()),
    );
    fc.assert(
      fc.property(
        fc.array(fc.array(piece, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 7 }),
        (values, hows) => {
          const strings = values.map((pieces) => jsonString(pieces.join(' '), hows));
          const body = `{${strings.map((text, index) => `"k${index}":${text}`).join(',')}}`;
          const clean = redactSecretInJson(body, TOKEN);
          const decoded = Object.values(JSON.parse(clean) as Record<string, string>);
          for (const text of decoded) expect(containsSecret(text, TOKEN), text).toBe(false);
          if (clean === body) {
            for (const text of Object.values(JSON.parse(body) as Record<string, string>))
              expect(containsSecret(text, TOKEN)).toBe(false);
          }
        },
      ),
      { numRuns: 300, seed: 7 },
    );
  });

  it('returns text without the token as it was, byte for byte', () => {
    const body = '{ "a" : [1, 2.50, "x"] }';
    expect(redactSecretInJson(body, TOKEN)).toBe(body);
  });
});

describe('redactError: every field of an error, in the one place errors are cleaned', () => {
  it.each(echoForms(TOKEN))('removes the %s form from each field', (_form, echo) => {
    const error = new AivisError({
      code: 'paid_plan_required',
      status: 403,
      message: `no plan for ${echo}`,
      errors: { [`k ${echo}`]: [`v ${echo}`], period: ['ok'] },
      plansUrl: `https://plans.example/?t=${echo}`,
      path: `a.${echo}`,
      request: { method: 'GET', url: `https://svc.example/api/v1/${echo}` },
    });
    const clean = redactError(error, TOKEN);
    expect(containsSecret(JSON.stringify(clean.toJSON()), TOKEN)).toBe(false);
    expect(clean.plansUrl).toBeUndefined();
    expect(clean.errors?.period).toEqual(['ok']);
    expect(clean.code).toBe('paid_plan_required');
  });

  it('keeps every field that does not hold the token', () => {
    const error = new AivisError({
      code: 'paid_plan_required',
      status: 403,
      message: 'Boom',
      errors: { period: ['bad'] },
      plansUrl: 'https://plans.example/',
      request: { method: 'GET', url: 'https://svc.example/api/v1/projects' },
    });
    expect(redactError(error, TOKEN).toJSON()).toEqual(error.toJSON());
  });
});
