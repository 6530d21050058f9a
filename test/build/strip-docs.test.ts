import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stripDocs } from '../../scripts/strip-docs.js';

describe('stripDocs', () => {
  it('removes every documentation string of the endpoint table and nothing else', () => {
    const source = readFileSync('shared/api/endpoints.ts', 'utf8');
    const stripped = stripDocs(source, 'endpoints.ts');
    expect(stripped).not.toContain('Rows per page');
    expect(stripped).not.toContain('Include the answer text');
    // Rules and messages stay: ranges, enums and the cross-parameter rules and their hints
    // (their messages are derived from them in cross-rules.ts, which holds no doc()).
    expect(stripped).toContain(
      "requiredWhen: {\n          param: 'dataset',\n          values: ['detail'],",
    );
    expect(stripped).toContain("hint: 'give a brand name or a fragment of one'");
    expect(stripped).toContain('LIMITS.pageSize.max');
    const messages = readFileSync('shared/api/cross-rules.ts', 'utf8');
    expect(stripDocs(messages, 'cross-rules.ts')).toContain('is required when ${');
    expect(stripped.length).toBeLessThan(source.length);
  });

  it('handles quotes, template literals and trailing commas', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: JavaScript source as test data
    expect(stripDocs("f(doc('it\\'s'), doc(\"a\"), doc(`b ${c}`,\n))")).toBe("f('', '', '')");
  });

  it('refuses a doc() that wraps anything but a plain string literal', () => {
    expect(() => stripDocs('doc(text)')).toThrow(/plain string literal/);
  });
});
