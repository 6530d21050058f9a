import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stripDocs } from '../../scripts/strip-docs.js';

describe('stripDocs', () => {
  it('removes every documentation string of the endpoint table and nothing else', () => {
    const source = readFileSync('shared/api/endpoints.ts', 'utf8');
    const stripped = stripDocs(source, 'endpoints.ts');
    expect(stripped).not.toContain('Rows per page');
    expect(stripped).not.toContain('Include the answer text');
    // Rules and messages stay: ranges, enums and the cross-parameter messages.
    expect(stripped).toContain('is required when dataset=detail');
    expect(stripped).toContain('LIMITS.pageSize.max');
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
