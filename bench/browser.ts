/**
 * The least the widget bench needs from a browser: pages and bundle files
 * served from one loopback origin, and Debian's Chromium through
 * playwright-core (never a downloaded browser).
 */

import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { type FetchHandler, serveFetchHandler } from '../server/serve-fetch-handler.js';

export interface Site {
  url: string;
  /** Serves `html` at /<name>.html and returns its address. */
  page(name: string, html: string): string;
  close(): Promise<void>;
}

/** A page made per request, with the headers its server adds (a `Link` preload, as nginx's `add_header`). */
export type MadePage = string | { html: string; headers: Record<string, string> };

export interface SiteOptions {
  /** Served under this path prefix (the token-keeping proxy on the page's origin). */
  mount?: { path: string; handler: FetchHandler };
  /** Pages made per request (a server include's page): their path -> the HTML, or it with response headers. */
  madePages?: Record<string, () => Promise<MadePage>>;
}

/**
 * Pages by name, and /widget/<file>.js from `bundleDir` with an ETag and
 * `Cache-Control: no-cache`, as a web server serves a static file that may
 * change: a repeat visit revalidates the bundle (a 304) rather than
 * downloading it again. Gzip to a browser that accepts it, as the intranet
 * example's nginx serves scripts (examples/intranet-nginx): the bytes on the
 * wire are the full bundle's budgeted gzip size, not the minified text.
 */
export async function startSite(bundleDir: string, options: SiteOptions = {}): Promise<Site> {
  const pages = new Map<string, string>();
  const gzipByEtag = new Map<string, Uint8Array<ArrayBuffer>>();
  const { mount } = options;
  const served = await serveFetchHandler(async (request) => {
    const path = new URL(request.url).pathname;
    if (mount && path.startsWith(`${mount.path}/`)) return mount.handler(request);
    const made = await options.madePages?.[path]?.();
    if (made !== undefined) {
      return typeof made === 'string'
        ? htmlResponse(request, made)
        : htmlResponse(request, made.html, made.headers);
    }
    const html = pages.get(path);
    if (html !== undefined) return htmlResponse(request, html);
    const script = /^\/(?:widget|assets)\/((?:standalone\/)?[a-z-]+\.js)$/.exec(path)?.[1];
    const file = script
      ? await readFile(`${bundleDir}/${script}`).catch(() => undefined)
      : undefined;
    if (!file) return new Response('not found', { status: 404 });
    const etag = `"${createHash('sha256').update(file).digest('base64url')}"`;
    const headers = {
      etag,
      'cache-control': 'no-cache',
      'content-type': 'text/javascript',
      vary: 'accept-encoding',
    };
    if (request.headers.get('if-none-match') === etag) {
      return new Response(null, { status: 304, headers });
    }
    if (!/\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')) {
      return new Response(file, { headers });
    }
    const gzipped = gzipByEtag.get(etag) ?? new Uint8Array(gzipSync(file, { level: 9 }));
    gzipByEtag.set(etag, gzipped);
    return new Response(gzipped, { headers: { ...headers, 'content-encoding': 'gzip' } });
  });
  return {
    url: served.url,
    page(name, html) {
      pages.set(`/${name}.html`, html);
      return `${served.url}/${name}.html`;
    },
    close: () => served.close(),
  };
}

/**
 * A page as nginx with `gzip on` sends it (text/html is always among its
 * gzip types): gzipped for a browser that accepts it, plain and bench pages alike.
 */
function htmlResponse(
  request: Request,
  html: string,
  added: Record<string, string> = {},
): Response {
  const headers = { ...added, 'content-type': 'text/html; charset=utf-8', vary: 'accept-encoding' };
  if (!/\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')) {
    return new Response(html, { headers });
  }
  return new Response(new Uint8Array(gzipSync(html, { level: 6 })), {
    headers: { ...headers, 'content-encoding': 'gzip' },
  });
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

/** Chromium's network emulation (CDP Network.emulateNetworkConditions); none on loopback. */
export interface Network {
  /** Round trip added to every request, ms. */
  latencyMs: number;
  /** Both directions, bits per second. */
  bitsPerSecond: number;
}

export interface Rendered {
  /** Navigation start to the first contentful paint (a skeleton, on a widget page), as reported once presented; NaN without one. */
  painted: number;
  /** Navigation start to the frame after the first figure (the page's firstAt, else renderedAt). */
  first: number;
  /** Navigation start to the frame after the last figure (the page's renderedAt). */
  all: number;
  /** Navigation start to the end of that frame's layout and paint (the page's paintedAt); NaN without it. */
  framed: number;
}

export async function emulate(context: BrowserContext, page: Page, network?: Network) {
  if (!network) return;
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: network.latencyMs,
    downloadThroughput: network.bitsPerSecond / 8,
    uploadThroughput: network.bitsPerSecond / 8,
  });
}

/**
 * Before the page's own scripts: window.renderedAt, as the pages set it,
 * also resolves window.renderedPromise. Waiting on that through CDP costs
 * the page nothing; Playwright's waitForFunction would compile its injected
 * script (about 13 ms in a fresh renderer, seen in bench/widget-trace.ts)
 * on the page's main thread right after the load event, which is in the
 * middle of a widget page's first render but idle time on the plain page.
 */
const RENDERED_PROMISE = `(() => {
  let resolve;
  const promise = new Promise((done) => { resolve = done; });
  let at;
  Object.defineProperty(window, 'renderedPromise', { value: promise });
  Object.defineProperty(window, 'renderedAt', {
    configurable: true,
    get: () => at,
    set: (value) => { at = value; resolve({ first: window.firstAt ?? value, all: value }); },
  });
})();`;

const RENDER_TIMEOUT_MS = 30_000;

/**
 * window.paintedAt, which the pages set from a task posted in the frame that
 * holds the last figure: it runs once that frame's layout and paint are done.
 */
const PAINTED_AT = `new Promise((resolve) => {
  let tries = 0;
  const check = () => {
    if (window.paintedAt !== undefined || ++tries > 500) resolve(window.paintedAt ?? Number.NaN);
    else setTimeout(check, 10);
  };
  check();
})`;

/** The first contentful paint's time once reported (NaN if none within 5 s); a string: run as written. */
const FIRST_CONTENTFUL_PAINT = `new Promise((resolve) => {
  const settle = (entries) => {
    const paint = entries.find((entry) => entry.name === 'first-contentful-paint');
    if (paint) resolve(paint.startTime);
  };
  new PerformanceObserver((list) => settle(list.getEntries())).observe({ type: 'paint', buffered: true });
  setTimeout(() => resolve(Number.NaN), 5000);
})`;

/** Registers RENDERED_PROMISE for every page this context opens. */
export async function watchRendered(context: BrowserContext): Promise<void> {
  await context.addInitScript(RENDERED_PROMISE);
}

export async function waitRendered(context: BrowserContext, page: Page): Promise<Rendered> {
  const cdp = await context.newCDPSession(page);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${page.url()}: no renderedAt within ${RENDER_TIMEOUT_MS} ms`)),
      RENDER_TIMEOUT_MS,
    );
  });
  try {
    const answer = (await Promise.race([
      cdp.send('Runtime.evaluate', {
        expression: 'window.renderedPromise',
        awaitPromise: true,
        returnByValue: true,
      }),
      timeout,
    ])) as { result: { value?: Rendered }; exceptionDetails?: unknown };
    if (!answer.result.value) throw new Error(`${page.url()}: renderedAt never set`);
    // Read after the figures, so the reading costs the page nothing it measures; waited for,
    // since a paint is reported once it has been presented, which can be after the figures' frame began.
    const painted = (await page.evaluate(FIRST_CONTENTFUL_PAINT)) as number;
    const framed = (await page.evaluate(PAINTED_AT)) as number;
    return { ...answer.result.value, painted, framed };
  } finally {
    clearTimeout(timer);
    await cdp.detach().catch(() => undefined);
  }
}

/**
 * Navigation start until the page sets window.renderedAt, in a fresh
 * context: a first visit, or after `visitedBefore` was loaded once in the
 * same context, filling the browser's cache (`url` itself: a repeat visit,
 * the page then opened again in a new tab, the second load's times; the
 * cards' stylesheet: a visit after any earlier page of cards).
 */
export async function timeToRendered(
  browser: Browser,
  url: string,
  network?: Network,
  visitedBefore?: string,
): Promise<Rendered> {
  const context = await browser.newContext();
  try {
    await watchRendered(context);
    if (visitedBefore) {
      const first = await context.newPage();
      await first.goto(visitedBefore);
      if (visitedBefore === url) await waitRendered(context, first);
      await first.close();
    }
    const page = await context.newPage();
    await emulate(context, page, network);
    await page.goto(url);
    return await waitRendered(context, page);
  } finally {
    await context.close();
  }
}
