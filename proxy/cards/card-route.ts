/**
 * The cards' addresses under the proxy (docs/widgets.md, "Cards from the
 * proxy"): a fragment to include, a whole page to frame, a picture, and each
 * card's stylesheet. Only the shape of the path is read here; the element and
 * its attributes are checked where the card is made (ssr/card-request.ts).
 */
export type CardForm = 'fragment' | 'embed' | 'svg' | 'stylesheet';

export interface CardRoute {
  kind: 'card';
  form: CardForm;
  /** The element's tag as the path names it (unchecked). */
  tag: string;
  /** The attributes, as the query gives them (unchecked). */
  query: string;
}

export const CARDS_PREFIX = '/cards/';
export const EMBED_PREFIX = '/embed/';
/** An element's name: what a custom element's tag may be, bounded. */
const TAG = /^[a-z][a-z0-9]*(?:-[a-z0-9]+){1,8}$/;
const FORMS_BY_SUFFIX: ReadonlyArray<readonly [string, CardForm]> = [
  ['.svg', 'svg'],
  ['.css', 'stylesheet'],
];

/** The card route `path` (under BASE_PATH) names, or undefined for any other path. */
export function cardRoute(
  path: string,
  search: string,
): CardRoute | { kind: 'card_unknown' } | undefined {
  const embed = path.startsWith(EMBED_PREFIX);
  if (!embed && !path.startsWith(CARDS_PREFIX)) return undefined;
  let name = path.slice((embed ? EMBED_PREFIX : CARDS_PREFIX).length);
  let form: CardForm = embed ? 'embed' : 'fragment';
  if (!embed) {
    for (const [suffix, named] of FORMS_BY_SUFFIX) {
      if (name.endsWith(suffix)) {
        name = name.slice(0, -suffix.length);
        form = named;
        break;
      }
    }
  }
  if (!TAG.test(name) || name.length > 64) return { kind: 'card_unknown' };
  return {
    kind: 'card',
    form,
    tag: name,
    query: search.startsWith('?') ? search.slice(1) : search,
  };
}
