/**
 * Each card's stylesheet, for the `<link rel="stylesheet">` of its
 * server-rendered shadow root: the element's own static styles (what the
 * bundle adopts), so a card looks the same before and after the bundle takes
 * it over, and one rule per whole percent for the bars, whose width the
 * browser sets through the CSSOM and a strict CSP forbids as a style
 * attribute (widget/internal/templates.ts, barRow).
 */
import { AivisDashboard, DASHBOARD_TAG, WIDGET_CLASSES, type WidgetTag } from './card-elements.js';
import { EMBED_STYLESHEET } from './embed-page.js';
import { scopedToHost } from './scoped-css.js';

const BAR_WIDTHS = Array.from(
  { length: 101 },
  (_, percent) => `.bar[data-width="${percent}"]{width:${percent}%}`,
).join('');

interface Styled {
  finalize(): void;
  elementStyles: ReadonlyArray<{ cssText?: string }>;
}

const made = new Map<string, string>();

/** The element's styles in the order it adopts them (its shared sheets, then its own). */
function stylesOf(tag: WidgetTag | typeof DASHBOARD_TAG): ReadonlyArray<{ cssText?: string }> {
  const element = (tag === DASHBOARD_TAG
    ? AivisDashboard
    : WIDGET_CLASSES[tag]) as unknown as Styled;
  element.finalize();
  return element.elementStyles;
}

/** The element's own styles, as the bundle adopts them. */
function ownStyles(tag: WidgetTag | typeof DASHBOARD_TAG): string {
  return stylesOf(tag)
    .map((style) => style.cssText ?? '')
    .join('\n');
}

/**
 * Every element's styles, each sheet once: a sheet several elements adopt
 * (the shared base, the table's) is scoped to all of them at once with
 * `:host(:is(<tags>))`, whose specificity is a single tag's, so each card's
 * rules match and cascade exactly as when scoped to it alone. Sheets are
 * written in the order first met; an element whose sheets that order would
 * put out of its own order gets its own copy of each, scoped to it alone.
 */
function everyElementsStyles(tags: ReadonlyArray<WidgetTag | typeof DASHBOARD_TAG>): string {
  type Tag = WidgetTag | typeof DASHBOARD_TAG;
  const users = new Map<{ cssText?: string }, Tag[]>();
  for (const tag of tags) {
    for (const style of stylesOf(tag)) users.set(style, [...(users.get(style) ?? []), tag]);
  }
  const order = [...users.keys()];
  const inOrder = (tag: Tag) =>
    stylesOf(tag).every(
      (style, index, all) => index === 0 || order.indexOf(all[index - 1]!) < order.indexOf(style),
    );
  const alone = tags.filter((tag) => !inOrder(tag));
  const shared = order.map((style) => {
    const sharing = users.get(style)!.filter((tag) => !alone.includes(tag));
    if (sharing.length === 0) return '';
    const host = sharing.length === 1 ? sharing[0]! : `:is(${sharing.join(',')})`;
    return scopedToHost(style.cssText ?? '', host);
  });
  return `${shared.join('')}${alone.map((tag) => scopedToHost(ownStyles(tag), tag)).join('')}`;
}

/** The stylesheet of `tag`'s server-rendered card (made once per tag). */
export function cardStylesheet(tag: WidgetTag | typeof DASHBOARD_TAG): string {
  let text = made.get(tag);
  if (text === undefined) {
    text = `${ownStyles(tag)}\n${BAR_WIDTHS}\n`;
    made.set(tag, text);
  }
  return text;
}

/** The name of the one stylesheet every card links (`/cards/aivis-cards.css`). */
export const CARDS_STYLESHEET = 'aivis-cards';
let every: string | undefined;

/**
 * Every card's styles in one stylesheet, each element's scoped to its own
 * host (scoped-css.ts), each sheet the elements share once, and the bars' widths once: what each server-rendered
 * shadow root links, so a page of cards or a dashboard asks for one
 * stylesheet (docs/loading.md, "Cards from the server"). The embed page's
 * own rules come first (they name :root, html and body, which no shadow
 * root holds), so an embed's head links the same stylesheet its cards do.
 */
export function cardsStylesheet(): string {
  every ??= `${EMBED_STYLESHEET}${everyElementsStyles([
    ...(Object.keys(WIDGET_CLASSES) as WidgetTag[]),
    DASHBOARD_TAG,
  ])}${BAR_WIDTHS}\n`;
  return every;
}
