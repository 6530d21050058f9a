/**
 * <aivis-provider> whatever the order: the BUILT bundle in Chromium, with the
 * provider pointing at a real token-keeping proxy (its own origin, CORS) in
 * front of the sandbox. Every way a page can define, upgrade, add, wrap or
 * reconfigure the elements must end with every widget showing the API's
 * figures, and the page's own origin must never be asked for /api/ (no
 * request goes out before the connection is final).
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type RunningProxy,
  startProxy,
  waitForWidgets,
  watchConsole,
} from '../../support/browser/harness.js';
import {
  expectedFigures,
  expectFigures,
  type Figures,
  WIDGETS,
  waitForOutcome,
} from './figures.js';
import { useHarness, useProxy } from './use-harness.js';
import { WIDGET_TAGS } from './widget-tags.js';

const harness = useHarness();
const proxy = useProxy(harness);
const otherProxy = useProxy(harness);
let expected: Figures;

beforeAll(async () => {
  expected = await expectedFigures(harness.sandbox.baseUrl);
});

const BUNDLE = '/widget/aivis-widgets.js';
const TAGS = 'aivis-visibility-score, aivis-competitor-ranking, aivis-action-plan';

function documentOf(parts: { head?: string; body: string }): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>provider order</title>
<link rel="icon" href="/favicon.ico">${parts.head ?? ''}</head><body>${parts.body}</body></html>`;
}

/** The README's shape: one provider with the proxy's address around the widgets. */
const provided = (url: string, inner = WIDGETS) =>
  `<aivis-provider base-url="${url}">${inner}</aivis-provider>`;

/** Each case: how the page is written, given the proxy's address and the site's. */
const CASES: Record<
  string,
  (proxyUrl: string, siteUrl: string) => { head?: string; body: string }
> = {
  'script in head (type=module)': (url) => ({
    head: `<script type="module" src="${BUNDLE}"></script>`,
    body: provided(url),
  }),
  'script in head (type=module async)': (url) => ({
    head: `<script type="module" async src="${BUNDLE}"></script>`,
    body: provided(url),
  }),
  'script in head (type=module defer)': (url) => ({
    head: `<script type="module" defer src="${BUNDLE}"></script>`,
    body: provided(url),
  }),
  'script in head (classic, import() at once, before the markup is parsed)': (url) => ({
    head: `<script>import('${BUNDLE}');</script>`,
    body: provided(url),
  }),
  'script in head (classic defer, import())': (url, site) => ({
    head: `<script defer src="data:text/javascript,import('${site}${BUNDLE}')"></script>`,
    body: provided(url),
  }),
  'script at the end of body (type=module)': (url) => ({
    body: `${provided(url)}<script type="module" src="${BUNDLE}"></script>`,
  }),
  'script at the end of body (type=module async)': (url) => ({
    body: `${provided(url)}<script type="module" async src="${BUNDLE}"></script>`,
  }),
  'script at the end of body (classic, import())': (url) => ({
    body: `${provided(url)}<script>import('${BUNDLE}');</script>`,
  }),
  'each widget in its own provider': (url) => ({
    head: `<script type="module" src="${BUNDLE}"></script>`,
    body: WIDGETS.trim()
      .split('\n')
      .map((widget) => provided(url, widget))
      .join('\n'),
  }),
  'standalone element bundles, the provider defined last': (url) => ({
    head: [
      '<script type="module" src="/widget/standalone/aivis-visibility-score.js"></script>',
      '<script type="module" src="/widget/standalone/aivis-competitor-ranking.js"></script>',
      '<script type="module" src="/widget/standalone/aivis-action-plan.js"></script>',
    ].join(''),
    // Defined only once the widgets have rendered their loading state.
    body: `${provided(url)}<script type="module">
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
      await import('/widget/standalone/aivis-provider.js');
    </script>`,
  }),
  'provider and widgets created by script after load (provider first)': (url) => ({
    head: `<script type="module" src="${BUNDLE}"></script>`,
    body: `<div id="app"></div><script>
      addEventListener('load', () => {
        const provider = document.createElement('aivis-provider');
        provider.setAttribute('base-url', ${JSON.stringify(url)});
        document.getElementById('app').append(provider);
        for (const [tag, attributes] of [
          ['aivis-visibility-score', { project: '1001' }],
          ['aivis-competitor-ranking', { project: '1001', limit: '5' }],
          ['aivis-action-plan', { project: '1001' }],
        ]) {
          const widget = document.createElement(tag);
          for (const [name, value] of Object.entries(attributes)) widget.setAttribute(name, value);
          provider.append(widget);
        }
      });
    </script>`,
  }),
  'provider and widgets inserted as HTML after load': (url) => ({
    head: `<script type="module" src="${BUNDLE}"></script>`,
    body: `<div id="app"></div><script>
      addEventListener('load', () => {
        document.getElementById('app').innerHTML = ${JSON.stringify(provided(url))};
      });
    </script>`,
  }),
  'widgets put into a detached provider, then the provider into the page': (url) => ({
    head: `<script type="module" src="${BUNDLE}"></script>`,
    body: `<div id="app"></div><script type="module">
      const provider = document.createElement('aivis-provider');
      provider.innerHTML = ${JSON.stringify(WIDGETS)};
      provider.setAttribute('base-url', ${JSON.stringify(url)});
      document.getElementById('app').append(provider);
    </script>`,
  }),
  'a provider wrapped around widgets already on the page': (url) => ({
    head: `<script type="module" src="${BUNDLE}"></script>`,
    body: `${WIDGETS}<script type="module">
      const widgets = [...document.querySelectorAll('${TAGS}')];
      const provider = document.createElement('aivis-provider');
      provider.setAttribute('base-url', ${JSON.stringify(url)});
      widgets[0].before(provider);
      provider.append(...widgets);
    </script>`,
  }),
  'configure() in a later module script, after the widgets rendered': (url) => ({
    head: `<script type="module" src="${BUNDLE}"></script>`,
    body: `${WIDGETS}<script type="module">
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
      const { configure } = await import('${BUNDLE}');
      configure({ baseUrl: ${JSON.stringify(url)} });
    </script>`,
  }),
  'configure() in an async module script': (url) => ({
    head: `<script type="module" async>
      import { configure } from '${BUNDLE}';
      configure({ baseUrl: ${JSON.stringify(url)} });
    </script>`,
    body: `<script type="module" src="${BUNDLE}"></script>${WIDGETS}`,
  }),
};

async function open(name: string, html: string): Promise<{ page: Page; problems: string[] }> {
  const page = await harness.browser.newPage({ viewport: { width: 1000, height: 900 } });
  const problems = watchConsole(page);
  await page.goto(harness.page(name, html));
  await page.waitForFunction(
    (tags) => document.readyState === 'complete' && document.querySelectorAll(tags).length === 3,
    TAGS,
  );
  await waitForOutcome(page);
  return { page, problems };
}

const apiGets = (server: RunningProxy, from: number) =>
  server.requests.slice(from).filter((line) => line.startsWith('GET /api/v1/'));

const apiRequestsToSite = (from: number) =>
  harness.siteRequests.slice(from).filter((path) => path.startsWith('/api/'));

describe('every widget uses the provider whatever the order', () => {
  let count = 0;
  for (const [name, write] of Object.entries(CASES)) {
    it(name, async () => {
      const from = harness.siteRequests.length;
      const { page, problems } = await open(
        `order-${count++}`,
        documentOf(write(proxy.url, harness.site.url)),
      );
      await expectFigures(page, expected);
      expect(apiRequestsToSite(from)).toEqual([]);
      expect(problems).toEqual([]);
      await page.close();
    });
  }

  it("follows a provider's base-url changed at run time", async () => {
    const from = harness.siteRequests.length;
    const { page, problems } = await open(
      'order-runtime-base-url',
      documentOf({
        head: `<script type="module" src="${BUNDLE}"></script>`,
        body: provided(proxy.url),
      }),
    );
    const otherFrom = otherProxy.requests.length;
    await page.evaluate((url) => {
      document.querySelector('aivis-provider')!.setAttribute('base-url', url);
    }, otherProxy.url);
    await expect.poll(() => apiGets(otherProxy, otherFrom).length).toBe(3);
    await waitForWidgets(page, WIDGET_TAGS);
    const asked = apiGets(otherProxy, otherFrom);
    expect(asked.map((line) => line.split('?')[0]).sort()).toEqual([
      'GET /api/v1/projects/1001',
      'GET /api/v1/projects/1001/action-plan',
      'GET /api/v1/projects/1001/competitors',
    ]);
    await expectFigures(page, expected);
    expect(apiRequestsToSite(from)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('a provider whose base URL is set as a property before it is defined, over a page-wide configure()', async () => {
    const from = harness.siteRequests.length;
    const otherFrom = otherProxy.requests.length;
    const { page, problems } = await open(
      'order-property-before-definition',
      documentOf({
        // configure() names another proxy page-wide: a widget that read the
        // provider before the provider applied its property would go there.
        head: `<script type="module">
          import { configure } from '${BUNDLE}';
          configure({ baseUrl: ${JSON.stringify(otherProxy.url)} });
        </script>`,
        body: `<aivis-provider>${WIDGETS}</aivis-provider><script>
          document.querySelector('aivis-provider').baseUrl = ${JSON.stringify(proxy.url)};
        </script>`,
      }),
    );
    await expectFigures(page, expected);
    expect(apiGets(otherProxy, otherFrom)).toEqual([]);
    expect(apiRequestsToSite(from)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('follows configure() called again after the widgets rendered', async () => {
    const from = harness.siteRequests.length;
    const { page, problems } = await open(
      'order-configure-again',
      documentOf({
        body: `${WIDGETS}<script type="module">
          import { configure } from '${BUNDLE}';
          configure({ baseUrl: ${JSON.stringify(proxy.url)} });
        </script>`,
      }),
    );
    await expectFigures(page, expected);
    const otherFrom = otherProxy.requests.length;
    // A string, so the test runner does not rewrite the page's import().
    await page.evaluate(
      `import('${BUNDLE}').then(({ configure }) => configure({ baseUrl: '${otherProxy.url}' }))`,
    );
    await expect.poll(() => apiGets(otherProxy, otherFrom).length).toBe(3);
    await waitForWidgets(page, WIDGET_TAGS);
    await expectFigures(page, expected);
    expect(apiRequestsToSite(from)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('a widget sends nothing until its connection is named', () => {
  it('without base-url, provider or configure(): no request anywhere, and a notice once the page has loaded', async () => {
    const from = harness.siteRequests.length;
    const proxyFrom = proxy.requests.length;
    const page = await harness.browser.newPage();
    const problems = watchConsole(page);
    await page.goto(
      harness.page(
        'order-unnamed',
        documentOf({ head: `<script type="module" src="${BUNDLE}"></script>`, body: WIDGETS }),
      ),
    );
    await waitForWidgets(page, WIDGET_TAGS);
    const notices = await page.evaluate(
      (tags) =>
        [...document.querySelectorAll(tags)].map((widget) =>
          widget.shadowRoot?.querySelector('[part~="notice"]')?.getAttribute('data-code'),
        ),
      TAGS,
    );
    expect(notices).toEqual(['unconnected', 'unconnected', 'unconnected']);
    expect(apiRequestsToSite(from)).toEqual([]);
    expect(proxy.requests.length).toBe(proxyFrom);
    // Named later, they load.
    await page.evaluate(
      `import('${BUNDLE}').then(({ configure }) => configure({ baseUrl: '${proxy.url}' }))`,
    );
    await expect.poll(() => apiGets(proxy, proxyFrom).length).toBe(3);
    await waitForWidgets(page, WIDGET_TAGS);
    await expectFigures(page, expected);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('protocol-relative and other ambiguous base URLs', () => {
  const protocolRelative = () => proxy.url.replace(/^http:/, '');

  it('are another origin: no token goes there', async () => {
    const proxyFrom = proxy.requests.length;
    const page = await harness.browser.newPage();
    await page.goto(
      harness.page(
        'base-url-protocol-relative-token',
        documentOf({
          head: `<script type="module" src="${BUNDLE}"></script>`,
          body: `<aivis-visibility-score project="1001" base-url="${protocolRelative()}" token="aivis_test_entry"></aivis-visibility-score>
            <aivis-visibility-score project="1001" base-url="/\\${protocolRelative().slice(2)}" token="aivis_test_entry"></aivis-visibility-score>`,
        }),
      ),
    );
    await waitForWidgets(page, WIDGET_TAGS);
    const errors = await page.evaluate(() =>
      [...document.querySelectorAll('aivis-visibility-score')].map((widget) => {
        const box = widget.shadowRoot?.querySelector('[part~="error"]');
        return [box?.getAttribute('data-code'), box?.querySelector('code')?.textContent];
      }),
    );
    expect(errors).toEqual([
      ['validation_failed', 'base-url'],
      ['validation_failed', 'base-url'],
    ]);
    expect(proxy.requests.slice(proxyFrom)).toEqual([]);
    await page.close();
  });

  it('are resolved against the page: without a token they reach that origin', async () => {
    const from = harness.siteRequests.length;
    const page = await harness.browser.newPage();
    await page.goto(
      harness.page(
        'base-url-protocol-relative',
        documentOf({
          head: `<script type="module" src="${BUNDLE}"></script>`,
          body: provided(protocolRelative()),
        }),
      ),
    );
    await waitForWidgets(page, WIDGET_TAGS);
    await expectFigures(page, expected);
    expect(apiRequestsToSite(from)).toEqual([]);
    await page.close();
  });
});

describe('a cross-origin failure caused by CORS says so', () => {
  it("names ALLOWED_ORIGINS in the widget's Details; a server that is down stays 'could not be reached'", async () => {
    const closed = await startProxy(harness, []);
    const refusing = await startProxy(harness, []);
    await closed.close();
    const page = await harness.browser.newPage();
    await page.goto(
      harness.page(
        'cors-refused',
        documentOf({
          // The retries' backoff passes at once (configure()'s sleep): this is about the message.
          head: `<script type="module">
            import { configure } from '${BUNDLE}';
            configure({ sleep: () => Promise.resolve() });
          </script>`,
          body: `<aivis-visibility-score project="1001" base-url="${refusing.url}"></aivis-visibility-score>
            <aivis-visibility-score project="1001" base-url="${closed.url}"></aivis-visibility-score>`,
        }),
      ),
    );
    await waitForWidgets(page, WIDGET_TAGS);
    // The unreachable one retries by itself (at once here) until it offers Try again.
    await page.waitForFunction(
      () =>
        !!document
          .querySelectorAll('aivis-visibility-score')[1]
          ?.shadowRoot?.querySelector('[part~="retry"]'),
    );
    const boxes = await page.evaluate(() =>
      [...document.querySelectorAll('aivis-visibility-score')].map((widget) => {
        const box = widget.shadowRoot!.querySelector('[part~="error"]')!;
        return {
          code: box.getAttribute('data-code'),
          title: box.querySelector('.title')?.textContent?.trim(),
          details: box.querySelector('details')?.textContent?.replace(/\s+/g, ' ').trim() ?? '',
        };
      }),
    );
    await refusing.close();
    expect(boxes[0]!.code).toBe('network_error');
    // The viewer's sentence names who acts; the cause stays behind Details.
    expect(boxes[0]!.title).toBe(
      "This page is not allowed to load the data yet; the site's administrator needs to allow it.",
    );
    expect(boxes[0]!.details).toContain('The service refused this page (CORS).');
    expect(boxes[0]!.details).toContain(
      `The page's origin ${new URL(harness.site.url).origin} may be missing from ALLOWED_ORIGINS of the proxy at ${new URL(refusing.url).origin}.`,
    );
    // One account: a refusal, not also "could not reach".
    expect(boxes[0]!.details).not.toMatch(/could not reach/i);
    expect(boxes[1]!.code).toBe('network_error');
    expect(boxes[1]!.title).toBe(
      'The data service cannot be reached right now. Try again in a moment.',
    );
    expect(boxes[1]!.details).toContain('The service could not be reached.');
    expect(boxes[1]!.details).not.toContain('ALLOWED_ORIGINS');
    await page.close();
  });
});
