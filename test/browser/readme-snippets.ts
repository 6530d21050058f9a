/**
 * The code blocks of the widgets page (docs/widgets.md), so tests run what a
 * user copies instead of a copy of it. The snippets use https://intranet.example
 * as the site; a test substitutes only that base URL.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PAGE = fileURLToPath(new URL('../../docs/widgets.md', import.meta.url));
/** The site the README's snippets point at. */
export const README_SITE = 'https://intranet.example';
/** Where the snippets find the token-keeping proxy on that site (its BASE_PATH). */
export const README_PROXY_PATH = '/aivis-proxy';

export interface CodeBlock {
  lang: string;
  code: string;
}

/** Every fenced code block of the widgets page. */
export function widgetSectionBlocks(page = readFileSync(PAGE, 'utf8')): CodeBlock[] {
  return [...page.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((match) => ({
    lang: match[1]!,
    code: match[2]!,
  }));
}

/** The one block of a language whose text contains `marker`; fails loudly if there is none or several. */
export function widgetSnippet(lang: string, marker: string): string {
  const found = widgetSectionBlocks().filter(
    (block) => block.lang === lang && block.code.includes(marker),
  );
  if (found.length !== 1) {
    throw new Error(
      `expected one \`\`\`${lang} block containing ${JSON.stringify(marker)} in docs/widgets.md, found ${found.length}`,
    );
  }
  return found[0]!.code;
}

/** Replaces the README's site (and nothing else) by `baseUrl`; insists that it occurs. */
export function withSite(code: string, baseUrl: string): string {
  if (!code.includes(README_SITE)) throw new Error(`the snippet does not mention ${README_SITE}`);
  return code.replaceAll(README_SITE, baseUrl);
}
