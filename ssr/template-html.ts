/**
 * A Lit template as HTML text, for the server: the cards' one markup
 * (their elements' own templates, widget/) written out the way Lit's
 * client puts it in the DOM, so a server-rendered card and the card the
 * bundle draws are one definition (docs/loading.md, "Cards from the server").
 *
 * Every value is text: child values are escaped as text, attribute values as
 * attribute text, exactly as the client's text nodes and setAttribute keep
 * them inert. Property (`.x=`) and event (`@x=`) bindings have no HTML form
 * and are left out; a boolean binding (`?x=`) is the bare attribute or
 * nothing. Each template's static parts are parsed once (by its strings
 * array, which Lit keeps per call site).
 */

import { escapeHtml } from '../shared/escape-html.js';

/** The parts of a Lit TemplateResult the server reads (lit-html's own shape). */
interface TemplateLike {
  strings: readonly string[];
  values: readonly unknown[];
  _$litType$: number;
}

type Op =
  | { kind: 'static'; text: string }
  | { kind: 'child'; index: number }
  | {
      kind: 'attribute';
      prefix: '' | '.' | '?' | '@';
      name: string;
      /** Static text and value indexes in order: strings at even places, indexes at odd ones. */
      pieces: ReadonlyArray<string | number>;
    };

/** A character (private use) no template of ours contains: marks where a value goes while a template is parsed. */
const MARK = '\uE000';
const TAG_START = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)/y;
const ATTRIBUTE =
  /\s*([.?@]?[^\s"'>/=\uE000]+|\uE000)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]*)))?/y;
const TAG_END = /\s*(\/?)>/y;
const WHITESPACE = /[ \t\n\r\f]/;
const WHITESPACE_RUN = /[ \t\n\r\f]+/y;
/** Nesting of templates inside templates, bounded: the data decides how deep a value goes. */
const MAX_DEPTH = 64;

const compiled = new WeakMap<readonly string[], readonly Op[]>();

/** Markup this renderer already wrote (a section's whole card), placed as it is. */
export class WrittenHtml {
  constructor(readonly html: string) {}
}

const isTemplate = (value: unknown): value is TemplateLike =>
  typeof value === 'object' &&
  value !== null &&
  '_$litType$' in value &&
  Array.isArray((value as TemplateLike).strings);

/** Lit's `nothing` and `noChange` are symbols; anything symbolic renders as nothing. */
const isNothing = (value: unknown): boolean =>
  value === null || value === undefined || typeof value === 'symbol';

function compile(strings: readonly string[]): readonly Op[] {
  const source = strings.join(MARK);
  const ops: Op[] = [];
  let text = '';
  let index = 0;
  let at = 0;
  const flush = () => {
    if (text) ops.push({ kind: 'static', text });
    text = '';
  };
  while (at < source.length) {
    const char = source[at]!;
    if (char === MARK) {
      flush();
      ops.push({ kind: 'child', index: index++ });
      at += 1;
      continue;
    }
    if (source.startsWith('<!--', at)) {
      const end = source.indexOf('-->', at + 4);
      const stop = end === -1 ? source.length : end + 3;
      // Lit's marker comments hold no values: a comment's marks are skipped with it.
      index += source.slice(at, stop).split(MARK).length - 1;
      at = stop;
      continue;
    }
    TAG_START.lastIndex = at;
    const tag = char === '<' ? TAG_START.exec(source) : null;
    if (!tag) {
      // A run of the template's own indentation between tags is one character: the cards'
      // styles keep white-space normal or nowrap, where a run renders as one space, so the
      // card looks the same in fewer bytes (docs/loading.md, "Cards from the server").
      if (WHITESPACE.test(char)) {
        WHITESPACE_RUN.lastIndex = at;
        WHITESPACE_RUN.exec(source);
        text += char;
        at = WHITESPACE_RUN.lastIndex;
        continue;
      }
      text += char;
      at += 1;
      continue;
    }
    text += tag[0];
    at = TAG_START.lastIndex;
    for (;;) {
      TAG_END.lastIndex = at;
      const end = TAG_END.exec(source);
      if (end) {
        text += `${end[1]}>`;
        at = TAG_END.lastIndex;
        break;
      }
      ATTRIBUTE.lastIndex = at;
      const attribute = ATTRIBUTE.exec(source);
      if (!attribute || attribute[0] === '')
        throw new Error(`Unreadable template near: ${source.slice(at, at + 40)}`);
      at = ATTRIBUTE.lastIndex;
      const [, rawName, doubleQuoted, singleQuoted, bare] = attribute;
      const value = doubleQuoted ?? singleQuoted ?? bare;
      if (rawName === MARK) throw new Error('An element binding has no server form');
      if (value === undefined || !value.includes(MARK)) {
        if (rawName!.startsWith('.') || rawName!.startsWith('@')) continue;
        text += value === undefined ? ` ${rawName}` : ` ${rawName}="${value}"`;
        continue;
      }
      flush();
      const prefix = /^[.?@]/.test(rawName!) ? (rawName![0] as '.' | '?' | '@') : '';
      const pieces: Array<string | number> = [];
      value.split(MARK).forEach((part, place) => {
        if (place > 0) pieces.push(index++);
        pieces.push(part);
      });
      ops.push({ kind: 'attribute', prefix, name: rawName!.slice(prefix.length), pieces });
    }
  }
  flush();
  return ops;
}

function opsOf(strings: readonly string[]): readonly Op[] {
  let ops = compiled.get(strings);
  if (!ops) {
    ops = compile(strings);
    compiled.set(strings, ops);
  }
  return ops;
}

function writeAttribute(
  op: Extract<Op, { kind: 'attribute' }>,
  values: readonly unknown[],
): string {
  if (op.prefix === '.' || op.prefix === '@') return '';
  if (op.prefix === '?') {
    return values[op.pieces[1] as number] ? ` ${op.name}` : '';
  }
  // A lone `nothing` removes the attribute, as on the client.
  if (op.pieces.length === 3 && op.pieces[0] === '' && op.pieces[2] === '') {
    const only = values[op.pieces[1] as number];
    if (typeof only === 'symbol') return '';
  }
  let value = '';
  for (const piece of op.pieces) {
    if (typeof piece === 'string') value += piece;
    else {
      const bound = values[piece];
      value += isNothing(bound) ? '' : escapeHtml(String(bound));
    }
  }
  return ` ${op.name}="${value}"`;
}

/** Whether `out` (or, when empty, what came before it) ends in white space. */
const endsInSpace = (out: string, before: boolean): boolean =>
  out ? WHITESPACE.test(out[out.length - 1]!) : before;

/** `afterSpace`: what the caller wrote last ends in white space. */
function writeChild(value: unknown, depth: number, afterSpace: boolean): string {
  if (isNothing(value) || value === '') return '';
  if (isTemplate(value)) return writeTemplate(value, depth + 1, afterSpace);
  if (value instanceof WrittenHtml) return value.html;
  if (typeof value === 'object' && Symbol.iterator in (value as object)) {
    let out = '';
    for (const item of value as Iterable<unknown>)
      out += writeChild(item, depth, endsInSpace(out, afterSpace));
    return out;
  }
  if (typeof value === 'object' && value !== null && '_$litDirective$' in value) {
    throw new Error('A directive has no server form');
  }
  return escapeHtml(String(value));
}

function writeTemplate(result: TemplateLike, depth: number, afterSpace: boolean): string {
  if (depth > MAX_DEPTH) throw new Error('Templates nest too deeply');
  const { values } = result;
  let out = '';
  for (const op of opsOf(result.strings)) {
    if (op.kind === 'static') {
      // Two runs of indentation with an empty value between them are one run too.
      out +=
        WHITESPACE.test(op.text[0]!) && endsInSpace(out, afterSpace) ? op.text.slice(1) : op.text;
    } else if (op.kind === 'child')
      out += writeChild(values[op.index], depth, endsInSpace(out, afterSpace));
    else out += writeAttribute(op, values);
  }
  return out;
}

/** A Lit template (or any child value: text, a list, nothing) as HTML. */
export function templateHtml(value: unknown): string {
  return writeChild(value, 0, false);
}
