import { describe, expect, it } from 'vitest';
import { minifyLitTemplates } from '../../scripts/minify-lit-templates.js';

describe('minifyLitTemplates', () => {
  it('collapses whitespace in the static parts of css`` and html`` templates', () => {
    const code = 'const s = css`\n  :host {\n    display: block;\n  }\n`;';
    expect(minifyLitTemplates(code)).toBe('const s = css` :host{display:block;}`;');
  });

  it('in css`` keeps the space before a colon (a descendant selector) and inside values', () => {
    const code =
      'css`\n  .error :last-child,\n  a {\n    margin: calc(var(--x, 1px) / 2) auto;\n  }\n`';
    expect(minifyLitTemplates(code)).toBe(
      'css` .error :last-child,a{margin:calc(var(--x,1px) / 2) auto;}`',
    );
  });

  it('copies expressions verbatim: strings, untagged templates and nested braces keep their spaces', () => {
    const code =
      // biome-ignore lint/suspicious/noTemplateCurlyInString: JavaScript source as test data
      'html`<p>\n  ${cond ? html`<b>  ${\'two  spaces\'}  </b>` : { a: `x  y` }.a}\n  ${"q  q"}</p>`';
    expect(minifyLitTemplates(code)).toBe(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: JavaScript source as test data
      'html`<p> ${cond ? html`<b> ${\'two  spaces\'} </b>` : { a: `x  y` }.a} ${"q  q"}</p>`',
    );
  });

  it('in html`` drops the space before > and quotes around plain values, inside tags only', () => {
    const code =
      // biome-ignore lint/suspicious/noTemplateCurlyInString: JavaScript source as test data
      'html`<p class="meta" title="two words" data-x=\'a-1\'\n  >a="b" > c</p\n  ><i id="${id}" part="x"${y} lang="en">`';
    expect(minifyLitTemplates(code)).toBe(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: JavaScript source as test data
      'html`<p class=meta title="two words" data-x=a-1>a="b" > c</p><i id="${id}" part="x"${y} lang=en>`',
    );
  });

  it('leaves untagged templates and escaped backticks alone', () => {
    expect(minifyLitTemplates('const t = `a   b`;')).toBe('const t = `a   b`;');
    expect(minifyLitTemplates('html`a \\`  b`')).toBe('html`a \\` b`');
  });

  it('fails loudly on a template it cannot follow instead of emitting broken code', () => {
    expect(() => minifyLitTemplates('html`never closed')).toThrow(/unterminated/);
  });
});
