/**
 * Real-browser harness: the sandbox, a static server for the BUILT bundle
 * and test pages, and Debian's Chromium through playwright-core.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page, type Route } from 'playwright-core';
import { proxyConfig } from '../../proxy/config.js';
import { createProxyHandler } from '../../proxy/handler.js';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.js';
import { type ServedHandler, serveFetchHandler } from '../../server/serve-fetch-handler.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BUNDLE_PATH = `${ROOT}dist/widget/aivis-widgets.js`;
export const ARTIFACTS = `${ROOT}test-artifacts/widgets`;
const AXE_PATH = `${ROOT}node_modules/axe-core/axe.min.js`;

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium, headless, with the flags every suite runs it with. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** The built widget bundle's path, once it is there; a suite that serves the bundle starts with this. */
export function requireBundle(): string {
  if (!existsSync(BUNDLE_PATH)) {
    throw new Error(
      `The widget bundle ${BUNDLE_PATH} is missing: run \`npm run build:widget\` first (npm test builds it before vitest runs).`,
    );
  }
  return BUNDLE_PATH;
}

export interface Harness {
  sandbox: RunningSandbox;
  site: ServedHandler;
  /** Every path the site (the pages' own origin) was asked for, in order. */
  siteRequests: string[];
  browser: Browser;
  /** Registers a test page at /pages/<name>.html, served with the given headers (e.g. a CSP). */
  page(name: string, body: string, headers?: Record<string, string>): string;
  close(): Promise<void>;
}

/** A token-keeping proxy in front of the harness's sandbox, on its own origin. */
export interface RunningProxy {
  url: string;
  /** Paths the proxy was asked for (preflights included), in order. */
  requests: string[];
  close(): Promise<void>;
}

/** Starts the real proxy handler over HTTP; `allowedOrigins` empty = no page may read it. */
export async function startProxy(
  harness: Harness,
  allowedOrigins: readonly string[] = [harness.site.url],
): Promise<RunningProxy> {
  const handler = createProxyHandler(
    proxyConfig({ baseUrl: harness.sandbox.baseUrl, token: 'aivis_test_entry', allowedOrigins }),
  );
  const requests: string[] = [];
  const served = await serveFetchHandler((request) => {
    const { pathname, search } = new URL(request.url);
    requests.push(`${request.method} ${pathname}${search}`);
    return handler(request);
  });
  return { url: served.url, requests, close: () => served.close() };
}

/** A page that loads the built bundle and configures it for the sandbox. */
export function pageHtml(options: {
  body: string;
  baseUrl: string;
  token?: string;
  head?: string;
}) {
  const settings = JSON.stringify({ baseUrl: options.baseUrl, token: options.token }).replace(
    /</g,
    '\\u003c',
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>aivis test page</title><link rel="icon" href="data:,">
<style>body{font-family:sans-serif;margin:16px;max-width:900px}</style>${options.head ?? ''}</head>
<body><main><h1>Widgets</h1>${options.body}</main>
<script type="module">
import { configure } from '/widget/aivis-widgets.js';
configure(${settings});
</script></body></html>`;
}

/** @param bundleDir where aivis-widgets.js is; default dist/widget (the bench passes a fresh build). */
export async function startHarness(bundleDir = `${ROOT}dist/widget`): Promise<Harness> {
  if (bundleDir === `${ROOT}dist/widget`) requireBundle();
  const sandbox = await startSandbox({ rateLimit: false });
  const pages = new Map<string, { body: string; headers: Record<string, string> }>();
  const siteRequests: string[] = [];
  const site = await serveFetchHandler(async (request) => {
    const { pathname, search } = new URL(request.url);
    siteRequests.push(`${pathname}${search}`);
    if (pathname.startsWith('/pages/')) {
      const page = pages.get(pathname.slice('/pages/'.length));
      if (page) {
        return new Response(page.body, {
          headers: { 'content-type': 'text/html', ...page.headers },
        });
      }
    }
    // A bundle, or a chunk it loads later beside it (aivis-widgets.explanations.js).
    const script = /^\/widget\/((?:standalone\/)?[a-z-]+(?:\.[a-z-]+)?\.js)$/.exec(pathname)?.[1];
    if (script) {
      const file = await readFile(`${bundleDir}/${script}`).catch(() => undefined);
      if (file) return new Response(file, { headers: { 'content-type': 'text/javascript' } });
    }
    if (pathname === '/favicon.ico') return new Response(null, { status: 204 });
    if (pathname === '/axe.min.js') {
      return new Response(await readFile(AXE_PATH), {
        headers: { 'content-type': 'text/javascript' },
      });
    }
    return new Response('not found', { status: 404 });
  });
  const browser = await launchChromium();
  return {
    sandbox,
    site,
    siteRequests,
    browser,
    page(name, body, headers = {}) {
      pages.set(`${name}.html`, { body, headers });
      return `${site.url}/pages/${name}.html`;
    },
    async close() {
      await browser.close();
      await site.close();
      await sandbox.close();
    },
  };
}

/** Collects console errors and page errors of a page. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/**
 * Waits until every widget on the page (a dashboard's sections too) has left
 * its loading state. `tags` are the widgets' tags, which the suites take from
 * the catalogue (test/browser/widget-tags.ts), so the harness keeps no list.
 */
export async function waitForWidgets(
  page: Page,
  tags: readonly string[],
  timeout = 15_000,
): Promise<void> {
  if (tags.length === 0)
    throw new Error('waitForWidgets needs the tags of the widgets to wait for');
  await page.waitForFunction(
    (selector) => {
      const roots: ParentNode[] = [document];
      for (const dashboard of Array.from(document.querySelectorAll('aivis-dashboard'))) {
        if (dashboard.shadowRoot) roots.push(dashboard.shadowRoot);
      }
      const widgets = roots.flatMap((root) => Array.from(root.querySelectorAll(selector)));
      return (
        widgets.length > 0 &&
        widgets.every((widget) => {
          const base = widget.shadowRoot?.querySelector('[part~="base"]');
          return base?.getAttribute('aria-busy') === 'false';
        })
      );
    },
    tags.join(', '),
    { timeout },
  );
}

/** axe-core's serious and critical violations on the page, as "rule: [targets]" lines. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ url: '/axe.min.js' });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: unknown,
            options: unknown,
          ) => Promise<{
            violations: Array<{ id: string; impact: string; nodes: Array<{ target: unknown }> }>;
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => node.target))}`,
      );
  });
}

export async function fetchJson(baseUrl: string, path: string, token = 'aivis_test_entry') {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return (await response.json()) as Record<string, unknown>;
}

/** Holds every Data API request of the page until the returned function is called. */
export async function holdApi(page: Page): Promise<{ held: () => number; release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = 0;
  await page.route(
    (url) => url.pathname.startsWith('/api/v1/'),
    async (route: Route) => {
      held += 1;
      await released;
      await route.continue();
    },
  );
  return { held: () => held, release };
}
