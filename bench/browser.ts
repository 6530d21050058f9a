/**
 * The least the widget bench needs from a browser: pages and bundle files
 * served from one loopback origin, and Debian's Chromium through
 * playwright-core (never a downloaded browser).
 */

import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, chromium } from 'playwright-core';

export interface Site {
  url: string;
  /** Serves `html` at /<name>.html and returns its address. */
  page(name: string, html: string): string;
  close(): Promise<void>;
}

/** Pages by name, and /widget/<file>.js from `bundleDir`. */
export async function startSite(bundleDir: string): Promise<Site> {
  const pages = new Map<string, string>();
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const html = pages.get(path);
    if (html !== undefined) {
      response.writeHead(200, { 'content-type': 'text/html' }).end(html);
      return;
    }
    const script = /^\/widget\/((?:standalone\/)?[a-z-]+\.js)$/.exec(path)?.[1];
    const file = script
      ? await readFile(`${bundleDir}/${script}`).catch(() => undefined)
      : undefined;
    if (file) response.writeHead(200, { 'content-type': 'text/javascript' }).end(file);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    page(name, html) {
      pages.set(`/${name}.html`, html);
      return `${url}/${name}.html`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Milliseconds from navigation start until the page sets window.renderedAt, in a fresh context. */
export async function timeToRendered(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(
      () => (window as { renderedAt?: number }).renderedAt !== undefined,
      undefined,
      { timeout: 30_000 },
    );
    return await page.evaluate(() => (window as unknown as { renderedAt: number }).renderedAt);
  } finally {
    await context.close();
  }
}
