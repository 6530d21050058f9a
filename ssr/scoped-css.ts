/**
 * An element's stylesheet scoped to its own shadow host, so that every
 * card's styles fit in one stylesheet that each card's shadow root links:
 * one request for a page of cards instead of one per element (a browser
 * opens six connections to a host, and each stylesheet linked in a shadow
 * root holds back the page until it arrives: docs/loading.md, "Cards from
 * the server"). Each selector gets `:host(<tag>)`, the same for every rule
 * of one element, so the order of its own rules is unchanged and no other
 * element's rule reaches it. Reads the cards' own CSS (no nesting; at-rules
 * @media, @container, @supports scoped inside, @keyframes kept as they are).
 */

/** Blocks whose rules are scoped; any other at-rule's block (@keyframes, @font-face) is kept. */
const GROUPING = /^@(?:media|container|supports|layer)\b/;
/** Nesting of grouping rules, bounded: the cards' CSS nests two deep. */
const MAX_DEPTH = 8;

/** The end of the block opened at `open` (its `}`), skipping nested blocks. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let at = open; at < css.length; at += 1) {
    if (css[at] === '{') depth += 1;
    else if (css[at] === '}' && --depth === 0) return at;
  }
  return css.length;
}

/** The selector list split at its top-level commas. */
function selectors(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let at = 0; at < list.length; at += 1) {
    const char = list[at];
    if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (char === ',' && depth === 0) {
      parts.push(list.slice(start, at));
      start = at + 1;
    }
  }
  parts.push(list.slice(start));
  return parts.map((part) => part.trim()).filter(Boolean);
}

/** One selector within `tag`'s shadow root, scoped to that host. */
export function scopedSelector(selector: string, tag: string): string {
  if (selector.startsWith(':host(')) {
    let depth = 0;
    let close = -1;
    for (let at = 5; at < selector.length; at += 1) {
      if (selector[at] === '(') depth += 1;
      else if (selector[at] === ')' && --depth === 0) {
        close = at;
        break;
      }
    }
    const inner = selector.slice(6, close).trim();
    const compound = /^[a-z*]/i.test(inner) ? `:is(${inner})` : inner;
    return `:host(${tag}${compound})${selector.slice(close + 1)}`;
  }
  if (selector.startsWith(':host')) return `:host(${tag})${selector.slice(5)}`;
  return `:host(${tag}) ${selector}`;
}

function scopeRules(css: string, tag: string, depth: number): string {
  if (depth > MAX_DEPTH) throw new Error('The stylesheet nests too deeply');
  let out = '';
  let at = 0;
  while (at < css.length) {
    const open = css.indexOf('{', at);
    if (open === -1) break;
    const prelude = css.slice(at, open).trim();
    const close = blockEnd(css, open);
    const body = css.slice(open + 1, close);
    if (prelude.startsWith('@')) {
      out += GROUPING.test(prelude)
        ? `${prelude}{${scopeRules(body, tag, depth + 1)}}\n`
        : `${prelude}{${body}}\n`;
    } else {
      out += `${selectors(prelude)
        .map((one) => scopedSelector(one, tag))
        .join(',')}{${body.trim()}}\n`;
    }
    at = close + 1;
  }
  return out;
}

/** `css` (an element's own, comments allowed) with every rule scoped to the host `tag`. */
export function scopedToHost(css: string, tag: string): string {
  return scopeRules(css.replace(/\/\*[\s\S]*?\*\//g, ''), tag, 0);
}
