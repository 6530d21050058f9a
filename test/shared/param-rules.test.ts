import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENDPOINT_NAMES, ENDPOINTS } from '../../shared/api/endpoints.js';
import {
  boolParam,
  isCalendarDate,
  type ParamRule,
  readParam,
  writeParam,
} from '../../shared/api/param-rules.js';
import { validateParams } from '../../shared/api/validate.js';
import { MAX_ID } from '../../shared/api/vocabulary.js';

/** Every rule of the endpoint table, so each property runs against the real rules. */
const allRules: Array<[string, string, ParamRule]> = ENDPOINT_NAMES.flatMap((name) =>
  Object.entries(ENDPOINTS[name].params as Record<string, ParamRule>).map(
    ([param, rule]): [string, string, ParamRule] => [name, param, rule],
  ),
);

describe('parameter rules', () => {
  it('accept every in-range integer, as number and as text, and reject out-of-range ones with the range in the message', () => {
    for (const [, param, rule] of allRules) {
      if (rule.kind !== 'int') continue;
      fc.assert(
        fc.property(fc.integer({ min: rule.min, max: rule.max }), (value) => {
          expect(readParam(rule, value)).toEqual({ ok: true, value });
          expect(readParam(rule, String(value))).toEqual({ ok: true, value });
        }),
        { numRuns: 50 },
      );
      fc.assert(
        fc.property(
          // fast-check integers stop at 2^31-1: above that, a double beyond the range stands in.
          rule.max < MAX_ID
            ? fc.oneof(fc.integer({ max: rule.min - 1 }), fc.integer({ min: rule.max + 1 }))
            : fc.oneof(fc.integer({ max: rule.min - 1 }), fc.constant(rule.max + 1)),
          (value) => {
            const result = readParam(rule, value);
            expect(result.ok, `${param}=${value}`).toBe(false);
            if (!result.ok) expect(result.message).toContain(`from ${rule.min} to ${rule.max}`);
          },
        ),
        { numRuns: 50 },
      );
      expect(readParam(rule, '2.5').ok).toBe(false);
      expect(readParam(rule, 'ten').ok).toBe(false);
    }
  });

  it('accept exactly the enum values and name them when rejecting', () => {
    for (const [, , rule] of allRules) {
      if (rule.kind !== 'enum') continue;
      for (const value of rule.values) expect(readParam(rule, value)).toEqual({ ok: true, value });
      fc.assert(
        fc.property(fc.string(), (text) => {
          fc.pre(!(rule.values as readonly string[]).includes(text.trim()));
          const result = readParam(rule, text);
          expect(result.ok).toBe(false);
          if (!result.ok) for (const value of rule.values) expect(result.message).toContain(value);
        }),
        { numRuns: 50 },
      );
    }
  });

  it('read booleans as true, false, 1 or 0 only (data-api 1)', () => {
    const rule: ParamRule = boolParam('flag');
    expect(readParam(rule, 'true')).toEqual({ ok: true, value: true });
    expect(readParam(rule, '1')).toEqual({ ok: true, value: true });
    expect(readParam(rule, 'false')).toEqual({ ok: true, value: false });
    expect(readParam(rule, '0')).toEqual({ ok: true, value: false });
    expect(readParam(rule, true)).toEqual({ ok: true, value: true });
    for (const bad of ['yes', 'no', '2', 'on', 'T']) expect(readParam(rule, bad).ok).toBe(false);
    expect(writeParam(rule, true)).toBe('true');
  });

  it('accept only real calendar dates as YYYY-MM-DD', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }),
        (date) => {
          expect(isCalendarDate(date.toISOString().slice(0, 10))).toBe(true);
        },
      ),
    );
    for (const bad of [
      '2026-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-04-31',
      '26-01-01',
      '2026-1-1',
      '2026-01-01T00:00:00Z',
    ]) {
      expect(isCalendarDate(bad), bad).toBe(false);
    }
    expect(isCalendarDate('2024-02-29')).toBe(true);
  });

  it('read comma lists of known values in the table order, trimming spaces and dropping repeats, and name an unknown item', () => {
    const include = ENDPOINTS.summary.params.include;
    fc.assert(
      fc.property(fc.subarray([...include.values], { minLength: 1 }), (blocks) => {
        const result = readParam(include, blocks.join(' , '));
        expect(result).toEqual({ ok: true, value: blocks });
        expect(writeParam(include, blocks)).toBe(blocks.join(','));
      }),
    );
    const reversed = [...include.values].reverse();
    expect(readParam(include, reversed.join(','))).toEqual({
      ok: true,
      value: [...include.values],
    });
    const bad = readParam(include, 'profile,scores');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.message).toContain("'scores'");
  });

  it('round-trip every valid value through its query-string text', () => {
    for (const [, , rule] of allRules) {
      const sample =
        rule.kind === 'enum'
          ? rule.values[0]
          : rule.kind === 'int' || rule.kind === 'number'
            ? rule.max
            : rule.kind === 'bool'
              ? false
              : rule.kind === 'date'
                ? '2026-01-31'
                : rule.kind === 'list'
                  ? [rule.values[0]]
                  : 'ab';
      const read = readParam(rule, writeParam(rule, sample));
      expect(read).toEqual({ ok: true, value: sample });
    }
  });
});

describe('validateParams', () => {
  it('answers with the server-shaped errors object, one entry per bad parameter', () => {
    const result = validateParams('answers', {
      project: 1001,
      limit: 0,
      platform: 'bard',
      since: '2026-02-30',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(['limit', 'platform', 'since']);
    for (const messages of Object.values(result.errors)) {
      expect(Array.isArray(messages)).toBe(true);
      expect(messages.length).toBeGreaterThan(0);
    }
  });

  it('requires a project id on project endpoints and refuses one on /projects', () => {
    expect(validateParams('answers', {}).ok).toBe(false);
    expect(validateParams('answers', { project: 'abc' }).ok).toBe(false);
    expect(validateParams('answers', { project: 0 }).ok).toBe(false);
    expect(validateParams('projects', {}).ok).toBe(true);
    expect(validateParams('projects', { project: 1 }).ok).toBe(false);
  });

  it('rejects unknown parameters for clients and lists the allowed ones; the sandbox mode ignores them', () => {
    const strict = validateParams('citations', { project: 1, gruop_by: 'domain' });
    expect(strict.ok).toBe(false);
    if (!strict.ok) expect(strict.errors.gruop_by?.[0]).toContain('group_by');
    expect(
      validateParams('citations', { project: 1, gruop_by: 'domain' }, { unknownParams: 'ignore' })
        .ok,
    ).toBe(true);
  });

  it('treats empty values (empty spreadsheet cells) as absent', () => {
    expect(
      validateParams('answers', { project: 1001, platform: '', limit: null, period: undefined }).ok,
    ).toBe(true);
  });

  it('applies the cross-parameter rules of data-api 4', () => {
    const detail = validateParams('competitors', { project: 1, dataset: 'detail' });
    expect(!detail.ok && detail.errors.competitor).toBeTruthy();
    expect(
      validateParams('competitors', { project: 1, dataset: 'detail', competitor: 'acme' }).ok,
    ).toBe(true);

    // One limit range for every competitors dataset (what the OpenAPI document can express).
    for (const dataset of ['ranking', 'detail', 'history']) {
      const context = { project: 1, dataset, competitor: 'acme' };
      const above = validateParams('competitors', { ...context, limit: 51 });
      expect(!above.ok && above.errors.limit?.[0]).toContain('50');
      expect(validateParams('competitors', { ...context, limit: 50 }).ok).toBe(true);
    }

    const bing = validateParams('search-performance', {
      project: 1,
      source: 'bing',
      dataset: 'ai_question_queries',
    });
    expect(!bing.ok && bing.errors.dataset?.[0]).toContain('google');
    expect(
      validateParams('search-performance', { project: 1, dataset: 'ai_question_queries' }).ok,
    ).toBe(true);

    const range = validateParams('answers', {
      project: 1,
      since: '2026-05-02',
      until: '2026-05-01',
    });
    expect(!range.ok && range.errors.until).toBeTruthy();

    const domain = validateParams('citations', {
      project: 1,
      group_by: 'domain',
      platform: 'gemini',
    });
    expect(!domain.ok && domain.errors.platform).toBeTruthy();
  });

  it('enforces the documented ranges (data-api 8)', () => {
    const cases: Array<[Parameters<typeof validateParams>[0], string, number, number]> = [
      ['answers', 'limit', 1, 100],
      ['answers', 'max_answer_chars', 200, 20000],
      ['answers', 'prominence_max', 0, 3],
      ['action-plan', 'limit', 1, 10],
      ['competitors', 'highlights_per_platform', 1, 5],
    ];
    for (const [name, param, min, max] of cases) {
      expect(validateParams(name, { project: 1, [param]: min }).ok, `${param}=${min}`).toBe(true);
      expect(validateParams(name, { project: 1, [param]: max }).ok, `${param}=${max}`).toBe(true);
      expect(validateParams(name, { project: 1, [param]: min - 1 }).ok, `${param}=${min - 1}`).toBe(
        false,
      );
      expect(validateParams(name, { project: 1, [param]: max + 1 }).ok, `${param}=${max + 1}`).toBe(
        false,
      );
    }
  });
});
