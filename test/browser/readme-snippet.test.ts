/**
 * README.md's script-tag snippet, read out of README.md itself, on a page of
 * its site: the built bundle at the snippet's script URL, the token-keeping
 * proxy at its base URL (same origin, as the README recommends), the sandbox
 * behind it. Only the site's base URL is substituted. Every widget in the
 * snippet must show the API's figures, wherever the script tag stands.
 */
import { mkdir, readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxyConfig } from '../../proxy/config.js';
import { createProxyHandler } from '../../proxy/handler.js';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.js';
import { type ServedHandler, serveFetchHandler } from '../../server/serve-fetch-handler.js';
import {
  ARTIFACTS,
  launchChromium,
  requireBundle,
  waitForWidgets,
  watchConsole,
} from '../../support/browser/harness.js';
import { expectApiFigures } from './api-figures.js';
import { README_PROXY_PATH, README_SITE, widgetSnippet, withSite } from './readme-snippets.js';
import { WIDGET_TAGS } from './widget-tags.js';

const TOKEN = 'aivis_test_entry';
const SCRIPT_TAG = /<script\b[^>]*><\/script>\n?/g;

let sandbox: RunningSandbox;
let site: ServedHandler;
let browser: Browser;
const pages = new Map<string, string>();
/** Every path the page's own origin was asked for. */
const sitePaths: string[] = [];

beforeAll(async () => {
  const bundlePath = requireBundle();
  sandbox = await startSandbox({ rateLimit: false });
  const proxy = createProxyHandler(
    proxyConfig({ baseUrl: sandbox.baseUrl, token: TOKEN, basePath: README_PROXY_PATH }),
  );
  const bundle = await readFile(bundlePath);
  site = await serveFetchHandler(async (request) => {
    const { pathname } = new URL(request.url);
    sitePaths.push(pathname);
    if (pathname.startsWith(`${README_PROXY_PATH}/`)) return proxy(request);
    if (pathname.endsWith('/aivis-widgets.js')) {
      return new Response(bundle, { headers: { 'content-type': 'text/javascript' } });
    }
    const page = pages.get(pathname);
    if (page) return new Response(page, { headers: { 'content-type': 'text/html' } });
    return new Response('not found', { status: 404 });
  });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await sandbox?.close();
});

/** The snippet on this test's site, split into its script tag(s) and its markup. */
function snippetParts() {
  const snippet = withSite(widgetSnippet('html', '<script'), site.url);
  const scripts = snippet.match(SCRIPT_TAG) ?? [];
  const markup = snippet.replace(SCRIPT_TAG, '');
  const tags = [...markup.matchAll(/<(aivis-[a-z-]+)/g)]
    .map((match) => match[1]!)
    .filter((tag) => tag !== 'aivis-provider');
  return { snippet, scripts: scripts.join(''), markup, tags };
}

function page(name: string, head: string, body: string): string {
  pages.set(
    `/${name}.html`,
    `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>intranet dashboard</title><link rel="icon" href="data:,">${head}</head>
<body><main>${body}</main></body></html>`,
  );
  return `${site.url}/${name}.html`;
}

describe("README's script-tag snippet", () => {
  it('is on the README site and loads the bundle through a script tag', () => {
    const { scripts, tags } = snippetParts();
    expect(scripts).toContain(`${site.url}/`);
    expect(scripts).not.toContain(README_SITE);
    expect(tags.length).toBeGreaterThan(0);
  });

  const placements = {
    'as written (script tag before the markup)': ({ snippet }: ReturnType<typeof snippetParts>) =>
      ['', snippet] as const,
    'with the script tag in <head>': ({ scripts, markup }: ReturnType<typeof snippetParts>) =>
      [scripts, markup] as const,
    'with the script tag after the markup': ({
      scripts,
      markup,
    }: ReturnType<typeof snippetParts>) => ['', `${markup}${scripts}`] as const,
  };

  for (const [placement, arrange] of Object.entries(placements)) {
    it(`shows the API's figures in every widget ${placement}, asking its own origin for no /api/`, async () => {
      const parts = snippetParts();
      const [head, body] = arrange(parts);
      const name = placement.replace(/\W+/g, '-');
      const before = sitePaths.length;
      const tab = await browser.newPage({ viewport: { width: 1000, height: 900 } });
      const problems = watchConsole(tab);
      await tab.goto(page(name, head, body));
      await waitForWidgets(tab, WIDGET_TAGS);
      expect((await expectApiFigures(tab, sandbox.baseUrl)).sort()).toEqual([...parts.tags].sort());
      const apiPaths = sitePaths.slice(before).filter((path) => path.includes('/api/'));
      expect(apiPaths.length).toBeGreaterThan(0);
      expect(apiPaths.filter((path) => !path.startsWith(`${README_PROXY_PATH}/api/`))).toEqual([]);
      expect(problems).toEqual([]);
      await mkdir(ARTIFACTS, { recursive: true });
      await tab.screenshot({ path: `${ARTIFACTS}/readme-snippet-${name}.png`, fullPage: true });
      await tab.close();
    });
  }
});
