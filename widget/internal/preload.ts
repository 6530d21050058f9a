/**
 * preloadLinks(): the `<link rel="preload" as="fetch" crossorigin>` lines
 * that let a page's HTML start every widget's request before the bundle has
 * even arrived (docs/loading.md). Run it once on the finished page (the
 * browser console, a build step) and paste its output into `<head>`. Each
 * widget's fetch() then takes the preloaded answer instead of asking again:
 * the browser matches a preload by its address, its CORS mode and its
 * credentials mode, which `crossorigin` makes those of fetch().
 */

/** How deep the walk goes into shadow roots (a dashboard's sections are one level down). */
const MAX_DEPTH = 4;
/** Elements looked at in all: a page is not walked without end. */
const MAX_ELEMENTS = 10_000;

interface Preloadable extends Element {
  preloadUrl(): string | undefined;
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The preload lines for the widgets in `root` (the document by default), one per distinct address. */
export function preloadLinks(root: ParentNode = document): string {
  const urls = new Set<string>();
  let seen = 0;
  const walk = (node: ParentNode, depth: number) => {
    for (const element of Array.from(node.querySelectorAll('*'))) {
      if (++seen > MAX_ELEMENTS) return;
      const url = (element as Partial<Preloadable>).preloadUrl?.();
      if (url) urls.add(url);
      if (element.shadowRoot && depth < MAX_DEPTH && element.localName.startsWith('aivis-')) {
        walk(element.shadowRoot, depth + 1);
      }
    }
  };
  walk(root, 0);
  return [...urls]
    .map((url) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(url)}">`)
    .join('\n');
}
