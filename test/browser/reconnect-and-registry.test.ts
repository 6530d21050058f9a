/**
 * The BUILT bundles in Chromium, through a real proxy in front of the
 * sandbox, as frameworks and pages use them: a widget moved while its
 * request is held back ends with its data and one event; configure() from
 * the full bundle reaches an element whose code came from its standalone
 * module (one connection registry per page, however the code was loaded).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { holdApi, waitForWidgets, watchConsole } from '../../support/browser/harness.js';
import { useHarness, useProxy } from './use-harness.js';
import { WIDGET_TAGS } from './widget-tags.js';

const harness = useHarness();
const proxy = useProxy(harness);

const documentOf = (head: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>reconnect</title>
<link rel="icon" href="/favicon.ico">${head}</head><body>${body}
<script>
  window.outcomes = [];
  for (const type of ['aivis-load', 'aivis-error']) {
    document.addEventListener(type, (event) => window.outcomes.push(type + ' ' + (event.detail.error?.code ?? '')), true);
  }
</script></body></html>`;

const outcomes = (page: Page) =>
  page.evaluate(() => (window as unknown as { outcomes: string[] }).outcomes);

const scoreShown = (page: Page) =>
  page
    .locator('aivis-visibility-score')
    .evaluate((node) => !!node.shadowRoot?.querySelector('[part~="score"]'));

describe('a widget moved while its request is in flight', () => {
  it('moved with appendChild into another container: shows its data and fires one event', async () => {
    const page = await harness.browser.newPage({ viewport: { width: 900, height: 900 } });
    const problems = watchConsole(page);
    const api = await holdApi(page);
    await page.goto(
      harness.page(
        'reconnect-move',
        documentOf(
          '<script type="module" src="/widget/aivis-widgets.js"></script>',
          `<div id="from"><aivis-visibility-score project="1001" base-url="${proxy.url}"></aivis-visibility-score></div><div id="to"></div>`,
        ),
      ),
    );
    await expect.poll(api.held).toBe(1);
    await page.evaluate(() => {
      document.getElementById('to')!.appendChild(document.querySelector('aivis-visibility-score')!);
    });
    api.release();
    await waitForWidgets(page, WIDGET_TAGS);
    expect(await scoreShown(page)).toBe(true);
    expect(await outcomes(page)).toEqual(['aivis-load ']);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('kept out of the page a while, then put back: asks again, shows its data, fires one event', async () => {
    const page = await harness.browser.newPage({ viewport: { width: 900, height: 900 } });
    const problems = watchConsole(page);
    const api = await holdApi(page);
    await page.goto(
      harness.page(
        'reconnect-keep-aside',
        documentOf(
          '<script type="module" src="/widget/aivis-widgets.js"></script>',
          `<aivis-visibility-score project="1001" base-url="${proxy.url}"></aivis-visibility-score>`,
        ),
      ),
    );
    await expect.poll(api.held).toBe(1);
    await page.evaluate(async () => {
      const widget = document.querySelector('aivis-visibility-score')!;
      const aside = document.createElement('div');
      aside.append(widget);
      await new Promise((resolve) => setTimeout(resolve, 20));
      document.body.append(widget);
    });
    api.release();
    await waitForWidgets(page, WIDGET_TAGS);
    expect(await scoreShown(page)).toBe(true);
    expect(await outcomes(page)).toEqual(['aivis-load ']);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('one connection registry across the full bundle and the standalone modules', () => {
  it('configure() imported from the full bundle reaches elements defined by their standalone modules', async () => {
    const page = await harness.browser.newPage({ viewport: { width: 900, height: 900 } });
    const problems = watchConsole(page);
    await page.goto(
      harness.page(
        'registry-standalone',
        documentOf(
          // The standalone modules run first, so the elements' classes are their own; two of
          // them, each with only its own endpoints, share the page's cache but not a client.
          '<script type="module" src="/widget/standalone/aivis-visibility-score.js"></script>' +
            '<script type="module" src="/widget/standalone/aivis-action-plan.js"></script>',
          `<aivis-visibility-score project="1001"></aivis-visibility-score>
<aivis-action-plan project="1001"></aivis-action-plan>
<script type="module">
  import { configure, AivisVisibilityScore } from '/widget/aivis-widgets.js';
  window.standaloneClass = customElements.get('aivis-visibility-score') !== AivisVisibilityScore;
  configure({ baseUrl: ${JSON.stringify(proxy.url)} });
</script>`,
        ),
      ),
    );
    await waitForWidgets(page, WIDGET_TAGS);
    expect(
      await page.evaluate(
        () => (window as unknown as { standaloneClass: boolean }).standaloneClass,
      ),
    ).toBe(true);
    expect(await scoreShown(page)).toBe(true);
    expect(await outcomes(page)).toEqual(['aivis-load ', 'aivis-load ']);
    expect(problems).toEqual([]);
    await page.close();
  });
});
