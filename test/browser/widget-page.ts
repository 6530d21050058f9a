/** A test page of widget markup in the harness's Chromium, and what its widgets show. */
import type { Page } from 'playwright-core';
import {
  type Harness,
  pageHtml,
  waitForWidgets,
  watchConsole,
} from '../../support/browser/harness.js';
import { WIDGET_TAGS } from './widget-tags.js';

export interface WidgetPage {
  page: Page;
  /** Console errors and page errors, from the first moment. */
  problems: string[];
  /** Messages of the dialogs the page opened (each dismissed): hostile values must open none. */
  dialogs: string[];
}

/**
 * Opens `body` (widget markup) on the harness's site, the built bundle
 * configured for the sandbox with the entry token, and resolves once `ready`
 * says the page is done (by default: every widget has left its loading state).
 */
export async function openWidgetPage(
  harness: Harness,
  name: string,
  body: string,
  options: {
    colorScheme?: 'light' | 'dark';
    width?: number;
    ready?: (page: Page) => Promise<void>;
  } = {},
): Promise<WidgetPage> {
  const page = await harness.browser.newPage({
    viewport: { width: options.width ?? 1000, height: 900 },
    colorScheme: options.colorScheme ?? 'light',
  });
  const problems = watchConsole(page);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const url = harness.page(
    name,
    pageHtml({ body, baseUrl: harness.sandbox.baseUrl, token: 'aivis_test_entry' }),
  );
  await page.goto(url);
  await (options.ready ?? ((opened) => waitForWidgets(opened, WIDGET_TAGS)))(page);
  return { page, problems, dialogs };
}

/** Text of the parts named `partName` in the element matching `selector`, whitespace collapsed. */
export function partText(page: Page, selector: string, partName: string): Promise<string[]> {
  return page.evaluate(
    ([sel, name]) =>
      [
        ...(document.querySelector(sel!)?.shadowRoot?.querySelectorAll(`[part~="${name}"]`) ?? []),
      ].map((node) => (node.textContent ?? '').replace(/\s+/g, ' ').trim()),
    [selector, partName],
  );
}
