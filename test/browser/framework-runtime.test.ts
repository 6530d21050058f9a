/**
 * The BUILT full bundle inside real framework runtimes in Chromium (Vue 3 and
 * Preact, from the repository's own packages, no build step): the widgets
 * render the API's figures, the framework's own event binding receives
 * aivis-load, and what those frameworks do to elements while a request is in
 * flight (a keyed reorder, Vue's <KeepAlive> putting a component aside and
 * back) ends with every widget's data and one event each (docs/widgets.md,
 * "Frameworks").
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { holdApi, waitForWidgets, watchConsole } from '../../support/browser/harness.js';
import { useHarness, useProxy } from './use-harness.js';
import { WIDGET_TAGS } from './widget-tags.js';

const harness = useHarness();
const proxy = useProxy(harness);

const NODE_MODULES = fileURLToPath(new URL('../../node_modules/', import.meta.url));
/** The frameworks' browser builds, served to the page under /vendor/. */
const VENDOR: Record<string, string> = {
  '/vendor/vue.js': 'vue/dist/vue.esm-browser.prod.js',
  '/vendor/preact.js': 'preact/dist/preact.mjs',
};

async function openWithVendor(page: Page, name: string, body: string): Promise<void> {
  await page.route(
    (url) => Object.hasOwn(VENDOR, url.pathname),
    (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/javascript',
        body: readFileSync(`${NODE_MODULES}${VENDOR[new URL(route.request().url()).pathname]}`),
      }),
  );
  await page.goto(
    harness.page(
      name,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${name}</title>
<link rel="icon" href="/favicon.ico">
<script type="module" src="/widget/aivis-widgets.js"></script></head><body><div id="app"></div>
<script>
  // How often the framework took a widget out of the page (a move or a KeepAlive), so the
  // test knows the framework really did what it is meant to survive.
  window.removals = 0;
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.removedNodes) if (node.localName?.startsWith('aivis-')) window.removals += 1;
  }).observe(document.getElementById('app'), { childList: true, subtree: true });
</script>
${body}</body></html>`,
    ),
  );
}

/** Each widget on the page: its tag and whether its main figure is drawn. */
const figuresShown = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('aivis-visibility-score, aivis-competitor-ranking')).map(
      (widget) => ({
        tag: widget.localName,
        shown: !!widget.shadowRoot?.querySelector(
          widget.localName === 'aivis-visibility-score' ? '[part~="score"]' : '[part~="label"]',
        ),
      }),
    ),
  );

const removals = (page: Page) =>
  page.evaluate(() => (window as unknown as { removals: number }).removals);

const loads = (page: Page) =>
  page.evaluate(() => [...(window as unknown as { loads: string[] }).loads].sort());

describe('Vue 3', () => {
  it('binds @aivis-load, and a keyed reorder and a KeepAlive round trip while loading end with the data', async () => {
    const page = await harness.browser.newPage({ viewport: { width: 900, height: 1200 } });
    const problems = watchConsole(page);
    const api = await holdApi(page);
    await openWithVendor(
      page,
      'framework-vue',
      `<script type="module">
import { createApp, h, KeepAlive, ref } from '/vendor/vue.js';
window.loads = [];
const Card = {
  props: ['tag'],
  setup(props) {
    return () => h(props.tag, {
      project: '1001',
      'base-url': ${JSON.stringify(proxy.url)},
      onAivisLoad: (event) => window.loads.push(props.tag + ' ' + typeof event.detail.data),
    });
  },
};
const order = ref(['aivis-visibility-score', 'aivis-competitor-ranking']);
const shown = ref(true);
const app = createApp({
  setup: () => () => [
    ...order.value.map((tag) => h(Card, { key: tag, tag })),
    h(KeepAlive, null, [shown.value ? h(Card, { key: 'kept', tag: 'aivis-visibility-score' }) : h('p', 'aside')]),
  ],
});
app.config.compilerOptions.isCustomElement = (tag) => tag.startsWith('aivis-');
app.mount('#app');
window.reorder = () => { order.value = [...order.value].reverse(); };
window.toggle = () => { shown.value = !shown.value; };
</script>`,
    );
    // Two distinct queries (the two score cards share one), held back.
    await expect.poll(api.held).toBeGreaterThanOrEqual(2);
    await page.evaluate(async () => {
      const w = window as unknown as { reorder(): void; toggle(): void };
      w.reorder();
      w.toggle();
      await new Promise((resolve) => setTimeout(resolve, 30));
      w.toggle();
    });
    // The reorder moved a card and KeepAlive put one aside: both while their requests were held.
    expect(await removals(page)).toBeGreaterThanOrEqual(2);
    api.release();
    await waitForWidgets(page, WIDGET_TAGS);
    expect(await figuresShown(page)).toEqual([
      { tag: 'aivis-competitor-ranking', shown: true },
      { tag: 'aivis-visibility-score', shown: true },
      { tag: 'aivis-visibility-score', shown: true },
    ]);
    expect(await loads(page)).toEqual([
      'aivis-competitor-ranking object',
      'aivis-visibility-score object',
      'aivis-visibility-score object',
    ]);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('Preact', () => {
  it('binds onaivis-load, and a keyed reorder while loading ends with the data', async () => {
    const page = await harness.browser.newPage({ viewport: { width: 900, height: 1200 } });
    const problems = watchConsole(page);
    const api = await holdApi(page);
    await openWithVendor(
      page,
      'framework-preact',
      `<script type="module">
import { h, render } from '/vendor/preact.js';
window.loads = [];
const card = (tag) => h(tag, {
  key: tag,
  project: '1001',
  'base-url': ${JSON.stringify(proxy.url)},
  'onaivis-load': (event) => window.loads.push(tag + ' ' + typeof event.detail.data),
});
const draw = (order) => render(h('div', null, order.map(card)), document.getElementById('app'));
const order = ['aivis-visibility-score', 'aivis-competitor-ranking'];
draw(order);
window.reorder = () => draw([...order].reverse());
</script>`,
    );
    await expect.poll(api.held).toBe(2);
    await page.evaluate(() => (window as unknown as { reorder(): void }).reorder());
    expect(await removals(page)).toBeGreaterThanOrEqual(1);
    api.release();
    await waitForWidgets(page, WIDGET_TAGS);
    expect(await figuresShown(page)).toEqual([
      { tag: 'aivis-competitor-ranking', shown: true },
      { tag: 'aivis-visibility-score', shown: true },
    ]);
    expect(await loads(page)).toEqual([
      'aivis-competitor-ranking object',
      'aivis-visibility-score object',
    ]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
