/**
 * A Vite plugin that collapses whitespace in the static parts of Lit's css``,
 * html`` and svg`` templates (indentation and line breaks the minifier keeps,
 * because template text is data to it). Expressions inside `${...}` are
 * copied untouched, so strings in them keep their spaces. Runs of whitespace
 * become one space, which HTML and CSS read the same outside <pre> and
 * quoted CSS strings; the widgets have neither with repeated spaces. In
 * css`` the spaces around { } ; , and after a colon go too (never the space
 * before a colon: `.a :hover` is a descendant selector, `.a:hover` is not).
 * Inside the tags of html`` (followed across expressions) the space before
 * `>` goes, and quotes around a static attribute value of only letters,
 * digits, `_` and `-` (`class="base"` -> `class=base`), as HTML allows; text
 * between tags is never changed beyond the collapse.
 */
import type { Plugin } from 'vite';

const TAGS = /\b(css|html|svg)`/g;

/** svg`` templates are markup too: the html`` rules apply (Lit parses both with the HTML parser). */
const kindOf = (tag: string | undefined): Kind => (tag === 'svg' ? 'html' : (tag as Kind));

/** Index just past the template literal that starts after `start` (the opening backtick). */
type Kind = 'css' | 'html' | undefined;

/** Where an html`` template's static text stands: in text, in a tag, or in a quoted attribute value. */
interface HtmlState {
  inTag: boolean;
  quote: '"' | "'" | undefined;
}

/** A quoted value that may lose its quotes: letters, digits, _ and -, then the tag goes on or ends. */
const PLAIN_VALUE = /^(["'])([\w-]+)\1(?=[\s>])/;

function compactHtml(text: string, state: HtmlState): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (state.quote) {
      if (char === state.quote) state.quote = undefined;
      out += char;
      i++;
    } else if (!state.inTag) {
      if (char === '<' && /[a-zA-Z/]/.test(text[i + 1] ?? '')) state.inTag = true;
      out += char;
      i++;
    } else if (char === ' ' && text[i + 1] === '>') {
      i++;
    } else if ((char === '"' || char === "'") && out.endsWith('=')) {
      const plain = PLAIN_VALUE.exec(text.slice(i));
      if (plain) {
        out += plain[2];
        i += plain[0].length;
      } else {
        state.quote = char;
        out += char;
        i++;
      }
    } else {
      if (char === '>') state.inTag = false;
      out += char;
      i++;
    }
  }
  return out;
}

function compact(text: string, kind: Kind, html: HtmlState): string {
  if (!kind) return text;
  const collapsed = text.replace(/\s+/g, ' ');
  if (kind === 'html') return compactHtml(collapsed, html);
  return collapsed.replace(/ ?([{};,]) ?/g, '$1').replace(/: /g, ':');
}

function copyTemplate(source: string, start: number, out: string[], kind: Kind): number {
  let i = start;
  let text = '';
  const html: HtmlState = { inTag: false, quote: undefined };
  const flush = () => {
    out.push(compact(text, kind, html));
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
      const tag = /\b(css|html|svg)$/.exec(source.slice(Math.max(0, i - 4), i))?.[1];
      i = copyTemplate(source, i + 1, out, kindOf(tag));
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
    last = copyTemplate(code, open, out, kindOf(match[1]));
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
