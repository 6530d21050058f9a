/**
 * Each card's stylesheet, for the `<link rel="stylesheet">` of its
 * server-rendered shadow root: the element's own static styles (what the
 * bundle adopts), so a card looks the same before and after the bundle takes
 * it over, and one rule per whole percent for the bars, whose width the
 * browser sets through the CSSOM and a strict CSP forbids as a style
 * attribute (widget/internal/templates.ts, barRow).
 */
import { AivisDashboard, DASHBOARD_TAG, WIDGET_CLASSES, type WidgetTag } from './card-elements.js';

const BAR_WIDTHS = Array.from(
  { length: 101 },
  (_, percent) => `.bar[data-width="${percent}"]{width:${percent}%}`,
).join('');

interface Styled {
  finalize(): void;
  elementStyles: ReadonlyArray<{ cssText?: string }>;
}

const made = new Map<string, string>();

/** The stylesheet of `tag`'s server-rendered card (made once per tag). */
export function cardStylesheet(tag: WidgetTag | typeof DASHBOARD_TAG): string {
  let text = made.get(tag);
  if (text === undefined) {
    const element = (tag === DASHBOARD_TAG
      ? AivisDashboard
      : WIDGET_CLASSES[tag]) as unknown as Styled;
    element.finalize();
    text = `${element.elementStyles.map((style) => style.cssText ?? '').join('\n')}\n${BAR_WIDTHS}\n`;
    made.set(tag, text);
  }
  return text;
}
