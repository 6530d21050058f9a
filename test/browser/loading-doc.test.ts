/**
 * docs/loading.md's page, read out of the page itself, on a site that
 * serves the built bundle at the page's script address and the token-keeping
 * proxy at /aivis-proxy; only the site's address is substituted. Its preload
 * lines must start every widget's request with the HTML, before the bundle
 * has arrived, and the widgets must take those answers instead of asking
 * again; preloadLinks() must write exactly the page's lines.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxyConfig } from '../../proxy/config.js';
import { createProxyHandler } from '../../proxy/handler.js';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.js';
import { type ServedHandler, serveFetchHandler } from '../../server/serve-fetch-handler.js';
import {
  launchChromium,
  requireBundle,
  waitForWidgets,
  watchConsole,
} from '../../support/browser/harness.js';
import { docPageOn } from '../../support/browser/loading-doc.js';
import { expectApiFigures } from './api-figures.js';
import { WIDGET_TAGS } from './widget-tags.js';

const TOKEN = 'aivis_test_entry';
const PROXY_PATH = '/aivis-proxy';
const PRELOAD_LINE = /^\s*(<link rel="preload" as="fetch"[^\n]*>)$/gm;

let sandbox: RunningSandbox;
let site: ServedHandler;
let browser: Browser;
const pages = new Map<string, { html: string; headers: Record<string, string> }>();
/** Every path under the proxy the site was asked for, in order. */
const proxyPaths: string[] = [];
/** Resolved whenever the proxy is asked something: the bundle's gate listens. */
let proxyAsked = () => {};
/**
 * While set, the bundle is held until the proxy has been asked this many
 * distinct paths since `from`, or at most `timeoutMs` (then bundleReleasedEarly says so).
 */
let holdBundleUntil: { paths: number; timeoutMs: number; from: number } | undefined;
let bundleReleasedEarly = false;
/** While set, the bundle is held until the test releases it. */
let bundleRelease: Promise<void> | undefined;

async function heldBundle(): Promise<void> {
  if (bundleRelease) await bundleRelease;
  const hold = holdBundleUntil;
  if (hold === undefined) return;
  const deadline = Date.now() + hold.timeoutMs;
  while (new Set(proxyPaths.slice(hold.from)).size < hold.paths) {
    // A bounded wait for the next proxy request, so a missing one fails the test instead of hanging it.
    const left = deadline - Date.now();
    if (left <= 0) {
      bundleReleasedEarly = true;
      return;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, left);
      proxyAsked = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}

beforeAll(async () => {
  const bundle = await readFile(requireBundle());
  sandbox = await startSandbox({ rateLimit: false });
  const proxy = createProxyHandler(
    proxyConfig({ baseUrl: sandbox.baseUrl, token: TOKEN, basePath: PROXY_PATH }),
  );
  site = await serveFetchHandler(async (request) => {
    const { pathname, search } = new URL(request.url);
    if (pathname.startsWith(`${PROXY_PATH}/`)) {
      proxyPaths.push(`${pathname}${search}`);
      proxyAsked();
      return proxy(request);
    }
    if (pathname === '/assets/aivis-widgets.js') {
      await heldBundle();
      return new Response(bundle, { headers: { 'content-type': 'text/javascript' } });
    }
    const page = pages.get(pathname);
    if (page) {
      return new Response(page.html, { headers: { 'content-type': 'text/html', ...page.headers } });
    }
    return new Response(null, { status: pathname === '/favicon.ico' ? 204 : 404 });
  });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await sandbox?.close();
});

function serve(name: string, html: string, headers: Record<string, string> = {}): string {
  pages.set(`/${name}.html`, { html, headers });
  return `${site.url}/${name}.html`;
}

/** The page's own preload lines, as written in docs/loading.md (on this test's site). */
const docPreloadLines = () =>
  [...docPageOn(site.url, 3).matchAll(PRELOAD_LINE)].map((match) => match[1]!);

/** Opens `url`, collecting console errors and warnings about preloads (an unused or unmatched one). */
async function open(url: string): Promise<{ tab: Page; problems: string[] }> {
  const tab = await browser.newPage({ viewport: { width: 1000, height: 900 } });
  const problems = watchConsole(tab);
  tab.on('console', (message) => {
    if (message.type() === 'warning' && /preload/i.test(message.text())) {
      problems.push(message.text());
    }
  });
  await tab.goto(url);
  await waitForWidgets(tab, WIDGET_TAGS);
  return { tab, problems };
}

/**
 * What docs/loading.md tells the page's author to run in the console. A
 * string: a function's dynamic import() would be rewritten by the test's
 * own module loader.
 */
const preloadLinksOn = (tab: Page): Promise<string> =>
  tab.evaluate("import('/assets/aivis-widgets.js').then((bundle) => bundle.preloadLinks())");

describe("docs/loading.md's page", () => {
  it('has three preload lines for the three widgets it shows', () => {
    expect(docPreloadLines()).toHaveLength(3);
  });

  it("starts every widget's request with the HTML, before the bundle has arrived, and asks the proxy once per address", async () => {
    const from = proxyPaths.length;
    holdBundleUntil = { paths: docPreloadLines().length, timeoutMs: 10_000, from };
    bundleReleasedEarly = false;
    try {
      const { tab, problems } = await open(serve('loading', docPageOn(site.url, 3)));
      expect(bundleReleasedEarly).toBe(false);
      expect((await expectApiFigures(tab, sandbox.baseUrl)).sort()).toEqual([
        'aivis-action-plan',
        'aivis-competitor-ranking',
        'aivis-visibility-score',
      ]);
      const asked = proxyPaths.slice(from).filter((path) => path.includes('/api/'));
      expect(asked, asked.join('\n')).toHaveLength(3);
      expect(new Set(asked).size).toBe(3);
      expect(problems).toEqual([]);
      await tab.close();
    } finally {
      holdBundleUntil = undefined;
    }
  });

  it('without its preload lines, asks only once the bundle has run (the gate above would never open)', async () => {
    const from = proxyPaths.length;
    let release = () => {};
    bundleRelease = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      const page = docPageOn(site.url, 3).replace(PRELOAD_LINE, '');
      const tab = await browser.newPage();
      await tab.goto(serve('loading-without-preloads', page), { waitUntil: 'commit' });
      // The whole HTML parsed (a module script in <head> keeps the page from going further).
      await tab.waitForFunction(() => document.readyState === 'interactive');
      const beforeBundle = proxyPaths.slice(from).filter((path) => path.includes('/api/'));
      release();
      await waitForWidgets(tab, WIDGET_TAGS);
      expect(beforeBundle).toEqual([]);
      expect(proxyPaths.slice(from).filter((path) => path.includes('/api/'))).toHaveLength(3);
      await tab.close();
    } finally {
      release();
      bundleRelease = undefined;
    }
  });

  it('without preload lines, a widget inside the provider asks for its data before any widget renders', async () => {
    const page = docPageOn(site.url, 3).replace(PRELOAD_LINE, '');
    const tab = await browser.newPage();
    // Before any page script: the order of API fetch() calls and first renders into a widget's shadow root.
    await tab.addInitScript(`(() => {
      const order = (window.order = []);
      const fetchBefore = window.fetch.bind(window);
      window.fetch = (input, init) => {
        if (String(input).includes('/api/v1/')) order.push('fetch');
        return fetchBefore(input, init);
      };
      for (const method of ['insertBefore', 'appendChild']) {
        const before = Node.prototype[method];
        Node.prototype[method] = function (...args) {
          if (this instanceof ShadowRoot && this.host.localName !== 'aivis-provider') {
            order.push('render ' + this.host.localName);
          }
          return before.apply(this, args);
        };
      }
    })();`);
    await tab.goto(serve('loading-provider-first', page));
    await waitForWidgets(tab, WIDGET_TAGS);
    const order = (await tab.evaluate('window.order')) as string[];
    expect(order.indexOf('fetch')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('fetch')).toBeLessThan(
      order.findIndex((step) => step.startsWith('render')),
    );
    await tab.close();
  });

  it('gets its preload lines from preloadLinks(), exactly', async () => {
    const page = docPageOn(site.url, 3).replace(PRELOAD_LINE, '');
    const { tab } = await open(serve('loading-probe', page));
    const links = await preloadLinksOn(tab);
    expect(links.split('\n')).toEqual(docPreloadLines());
    await tab.close();
  });

  it('leaves out a widget that sends a token, and walks into a dashboard', async () => {
    const page = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<script type="module" src="/assets/aivis-widgets.js"></script></head><body>
<aivis-visibility-score project="1001" base-url="${sandbox.baseUrl}"></aivis-visibility-score>
<aivis-dashboard project="1002" base-url="${PROXY_PATH}" sections="score,plan"></aivis-dashboard>
<aivis-competitor-ranking project="1003" base-url="${PROXY_PATH}" limit="4"></aivis-competitor-ranking>
</body></html>`;
    const tab = await browser.newPage();
    await tab.goto(serve('loading-token', page));
    await tab.waitForFunction(() => customElements.get('aivis-dashboard') !== undefined);
    await tab.evaluate(async (token) => {
      const score = document.querySelector('aivis-visibility-score') as HTMLElement & {
        token?: string;
        updateComplete: Promise<unknown>;
      };
      score.token = token;
      await score.updateComplete;
      const dashboard = document.querySelector('aivis-dashboard') as HTMLElement & {
        updateComplete: Promise<unknown>;
      };
      await dashboard.updateComplete;
    }, TOKEN);
    const links = await preloadLinksOn(tab);
    // The ranking's `&` is written as an entity: the parser hands the browser the same address back.
    expect(links.split('\n').sort()).toEqual([
      `<link rel="preload" as="fetch" crossorigin href="${PROXY_PATH}/api/v1/projects/1002/action-plan">`,
      `<link rel="preload" as="fetch" crossorigin href="${PROXY_PATH}/api/v1/projects/1002?include=profile%2Cai_visibility">`,
      `<link rel="preload" as="fetch" crossorigin href="${PROXY_PATH}/api/v1/projects/1003/competitors?dataset=ranking&amp;limit=4">`,
    ]);
    await tab.close();
  });
});
