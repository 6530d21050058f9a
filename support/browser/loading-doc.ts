/**
 * docs/loading.md's page, read out of the doc itself, for the test that
 * runs it (test/browser/loading-doc.test.ts) and the widget bench, which
 * measures it: one reading, so neither can drift from the doc.
 */
import { readFileSync } from 'node:fs';

const DOC_SITE = 'https://intranet.example';

/**
 * A classic script for the top of <head>: window.firstAt on the frame after
 * the first widget's answer, window.renderedAt after the `count`-th (loads
 * and errors alike, so a failing section cannot hang the bench).
 */
export function watchWidgets(count: number): string {
  return `<script>
let settled = 0;
const settle = () => {
  settled += 1;
  if (settled === 1) requestAnimationFrame(() => { window.firstAt = performance.now(); });
  if (settled === ${count}) requestAnimationFrame(() => { window.renderedAt = performance.now(); setTimeout(() => { window.paintedAt = performance.now(); }); });
};
document.addEventListener('aivis-load', settle);
document.addEventListener('aivis-error', settle);
</script>`;
}

const SERVER_INCLUDE = /<!--# include virtual="([^"]+)" -->/g;

/** The html blocks of docs/loading.md that hold a whole page (its `<aivis-provider`). */
function docPages(): string[] {
  const doc = readFileSync(new URL('../../docs/loading.md', import.meta.url), 'utf8');
  return [...doc.matchAll(/^```html\n([\s\S]*?)^```$/gm)]
    .map((match) => match[1]!)
    .filter((code) => code.includes('<aivis-provider'));
}

function onePage(pages: string[], what: string): string {
  if (pages.length !== 1)
    throw new Error(`docs/loading.md: expected one ${what}, found ${pages.length}`);
  return pages[0]!;
}

/** docs/loading.md's page (the widgets drawn by the bundle). */
export function loadingDocPage(): string {
  return onePage(
    docPages().filter((page) => !page.match(SERVER_INCLUDE)),
    'page',
  );
}

/** docs/loading.md's page whose cards come from the proxy through server includes. */
export function serverCardsDocPage(): string {
  return onePage(
    docPages().filter((page) => page.match(SERVER_INCLUDE)),
    'server-rendered page',
  );
}

/**
 * The page as nginx's `ssi on` sends it: each include line replaced by what
 * `fetchPath` answers for its path (bounded: a page has a few).
 */
export async function withIncludes(
  page: string,
  fetchPath: (path: string) => Promise<string>,
): Promise<string> {
  const paths = [...page.matchAll(SERVER_INCLUDE)].slice(0, 32).map((match) => match[1]!);
  const bodies = await Promise.all(paths.map(fetchPath));
  let index = 0;
  return page.replace(SERVER_INCLUDE, () => bodies[index++] ?? '');
}

const STYLE_PRELOAD = /<link rel="preload" as="style" href="([^"]+)">/g;

/**
 * The `Link` response header that starts the page's preloaded stylesheets
 * with the page's first bytes, as examples/intranet-nginx's `add_header Link`
 * sends it (docs/loading.md, "Cards from the server"): the same addresses as
 * the page's own `<link rel="preload" as="style">` lines, path only (one origin).
 */
export function stylePreloadHeader(page: string): string {
  return [...page.matchAll(STYLE_PRELOAD)]
    .slice(0, 8)
    .map(
      (match) => `<${new URL(match[1]!, 'https://page.invalid').pathname}>; rel=preload; as=style`,
    )
    .join(', ');
}

/** docs/loading.md's page on `siteUrl`, watched for `count` widgets; the doc's site replaced, nothing else. */
export function docPageOn(siteUrl: string, count: number, page = loadingDocPage()): string {
  if (!page.includes(DOC_SITE)) throw new Error(`the page does not mention ${DOC_SITE}`);
  return page.replaceAll(DOC_SITE, siteUrl).replace('<head>', `<head>${watchWidgets(count)}`);
}
