/** What hostile values could do inside the widgets' shadow roots, gathered for the suites' checks. */
import type { Page } from 'playwright-core';

export interface ShadowContent {
  /** Script, img, iframe and object elements: none may come from a value. */
  injected: number;
  /** Every link's target, to check each is http(s). */
  hrefs: string[];
  /** All the text, where hostile values must stand as text. */
  text: string;
  /** Whether a planted payload ran and set window.pwned. */
  pwned: boolean;
}

/** Reads the shadow roots of every element the selector matches. */
export function shadowContent(page: Page, selector: string): Promise<ShadowContent> {
  return page.evaluate((sel) => {
    const roots = [...document.querySelectorAll(sel)].map((element) => element.shadowRoot!);
    return {
      injected: roots.reduce(
        (sum, root) => sum + root.querySelectorAll('script, img, iframe, object').length,
        0,
      ),
      hrefs: roots.flatMap((root) =>
        [...root.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? ''),
      ),
      text: roots.map((root) => root.textContent ?? '').join(' '),
      pwned: (window as unknown as { pwned?: boolean }).pwned === true,
    };
  }, selector);
}
