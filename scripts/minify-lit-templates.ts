/**
 * A Vite plugin that collapses whitespace in the static parts of Lit's css``
 * and html`` templates (indentation and line breaks the minifier keeps,
 * because template text is data to it). Expressions inside `${...}` are
 * copied untouched, so strings in them keep their spaces. Runs of whitespace
 * become one space, which HTML and CSS read the same outside <pre> and
 * quoted CSS strings; the widgets have neither with repeated spaces. In
 * css`` the spaces around { } ; , and after a colon go too (never the space
 * before a colon: `.a :hover` is a descendant selector, `.a:hover` is not).
 */
import type { Plugin } from 'vite';

const TAGS = /\b(css|html)`/g;

/** Index just past the template literal that starts after `start` (the opening backtick). */
type Kind = 'css' | 'html' | undefined;

const compact = (text: string, kind: Kind): string => {
  if (!kind) return text;
  const collapsed = text.replace(/\s+/g, ' ');
  return kind === 'css' ? collapsed.replace(/ ?([{};,]) ?/g, '$1').replace(/: /g, ':') : collapsed;
};

function copyTemplate(source: string, start: number, out: string[], kind: Kind): number {
  let i = start;
  let text = '';
  const flush = () => {
    out.push(compact(text, kind));
    text = '';
  };
  while (i < source.length) {
    const char = source[i]!;
    if (char === '\\') {
      text += source.slice(i, i + 2);
      i += 2;
    } else if (char === '`') {
      flush();
      out.push('`');
      return i + 1;
    } else if (char === '$' && source[i + 1] === '{') {
      flush();
      out.push('${');
      i = copyExpression(source, i + 2, out);
    } else {
      text += char;
      i++;
    }
  }
  throw new Error('minify-lit-templates: unterminated template literal');
}

/** Copies a `${...}` expression verbatim, following nested braces, strings and templates. */
function copyExpression(source: string, start: number, out: string[]): number {
  let depth = 1;
  let i = start;
  while (i < source.length) {
    const char = source[i]!;
    if (char === '`') {
      out.push('`');
      // Nested templates are copied verbatim too unless they are tagged css/html.
      const tag = /\b(css|html)$/.exec(source.slice(Math.max(0, i - 4), i))?.[1] as Kind;
      i = copyTemplate(source, i + 1, out, tag);
      continue;
    }
    if (char === "'" || char === '"') {
      const end = endOfString(source, i, char);
      out.push(source.slice(i, end));
      i = end;
      continue;
    }
    if (char === '{') depth++;
    if (char === '}' && --depth === 0) {
      out.push('}');
      return i + 1;
    }
    out.push(char);
    i++;
  }
  throw new Error('minify-lit-templates: unterminated ${ expression');
}

function endOfString(source: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < source.length && source[i] !== quote) i += source[i] === '\\' ? 2 : 1;
  return i + 1;
}

export function minifyLitTemplates(code: string): string {
  const out: string[] = [];
  let last = 0;
  TAGS.lastIndex = 0;
  for (let match = TAGS.exec(code); match; match = TAGS.exec(code)) {
    const open = match.index + match[0].length;
    out.push(code.slice(last, open));
    last = copyTemplate(code, open, out, match[1] as Kind);
    TAGS.lastIndex = last;
  }
  out.push(code.slice(last));
  return out.join('');
}

export function minifyLitTemplatesPlugin(): Plugin {
  return {
    name: 'aivis-minify-lit-templates',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/widget\/.*\.ts$/.test(id) || !/\b(css|html)`/.test(code)) return undefined;
      return { code: minifyLitTemplates(code), map: null };
    },
  };
}
