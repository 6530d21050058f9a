/**
 * docs/loading.md's server-rendered page, read out of the doc: its include
 * lines filled from the proxy's /cards as nginx's `ssi on` fills them, on a
 * site that serves the BUILT bundle and the proxy on one origin with a
 * strict Content-Security-Policy (style-src 'self', Trusted Types). Fetched
 * as a browser with JavaScript off (the figures are in the HTML), and with
 * the bundle (it takes the cards over: no violation, no request for an
 * answer a card holds, no layout shift).
 */
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxyConfig } from '../../proxy/config.js';
import { createProxyHandler } from '../../proxy/handler.js';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.js';
import { type ServedHandler, serveFetchHandler } from '../../server/serve-fetch-handler.js';
import { launchChromium, requireBundle } from '../../support/browser/harness.js';
import { serverCardsDocPage, withIncludes } from '../../support/browser/loading-doc.js';

const TOKEN = 'aivis_test_entry';
const PROXY_PATH = '/aivis-proxy';
const DOC_SITE = 'https://intranet.example';
const TAGS = ['aivis-visibility-score', 'aivis-competitor-ranking', 'aivis-action-plan'];
const STRICT_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self'",
  "require-trusted-types-for 'script'",
  'trusted-types lit-html',
].join('; ');

let sandbox: RunningSandbox;
let site: ServedHandler;
let browser: Browser;
/** Every path under the proxy the browser asked for (the includes are the server's, not listed). */
const browserAsked: string[] = [];

beforeAll(async () => {
  const bundleDir = dirname(requireBundle());
  sandbox = await startSandbox({ rateLimit: false });
  const proxy = createProxyHandler(
    proxyConfig({ baseUrl: sandbox.baseUrl, token: TOKEN, basePath: PROXY_PATH }),
  );
  site = await serveFetchHandler(async (request) => {
    const { pathname, search, origin } = new URL(request.url);
    if (pathname.startsWith(`${PROXY_PATH}/`)) {
      browserAsked.push(`${pathname}${search}`);
      return proxy(request);
    }
    if (pathname === '/cards.html') {
      // The server's includes: subrequests to the proxy, before the page leaves.
      const page = await withIncludes(
        serverCardsDocPage().replaceAll(DOC_SITE, origin),
        async (path) => (await proxy(new Request(`${origin}${path}`))).text(),
      );
      return new Response(page, {
        headers: { 'content-type': 'text/html', 'content-security-policy': STRICT_CSP },
      });
    }
    const script = /^\/assets\/([a-z-]+(?:\.[a-z-]+)?\.js)$/.exec(pathname)?.[1];
    const file = script && (await readFile(`${bundleDir}/${script}`).catch(() => undefined));
    if (file) return new Response(file, { headers: { 'content-type': 'text/javascript' } });
    return new Response('not found', { status: 404 });
  });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await sandbox?.close();
});

/** Each card's shadow-root text and how wide its bars are against their tracks. */
const readCards = (tags: string[]) => `(${JSON.stringify(tags)}).map((tag) => {
  const card = document.querySelector(tag);
  const root = card && card.shadowRoot;
  return {
    tag,
    text: root ? root.textContent.replace(/\\s+/g, ' ') : '',
    links: root ? root.querySelectorAll('link[rel="stylesheet"]').length : -1,
    sections: root ? root.querySelectorAll('[part~="base"]').length : -1,
    adopted: root ? root.adoptedStyleSheets.length : -1,
    bars: root ? [...root.querySelectorAll('[part~="bar"]')].map((bar) => ({
      intended: Number(bar.getAttribute('data-width')),
      covered: bar.getBoundingClientRect().width / bar.parentElement.getBoundingClientRect().width * 100,
    })) : [],
  };
})`;

interface CardReading {
  tag: string;
  text: string;
  links: number;
  sections: number;
  adopted: number;
  bars: Array<{ intended: number; covered: number }>;
}

describe('docs/loading.md’s server-rendered page', () => {
  it('shows every figure with JavaScript off, bars at their widths, from the server’s stylesheet', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${site.url}/cards.html`);
      await page.waitForLoadState('load');
      const cards = (await page.evaluate(readCards(TAGS))) as CardReading[];
      const summary = await (
        await fetch(`${sandbox.baseUrl}/api/v1/projects/1001?include=profile,ai_visibility`, {
          headers: { Authorization: `Bearer ${TOKEN}` },
        })
      ).json();
      expect(cards[0]!.text).toContain(summary.profile.brand_name);
      expect(cards[0]!.text).toContain(`${summary.ai_visibility.score.toFixed(1)} out of 100`);
      for (const card of cards) {
        expect(card.links, card.tag).toBe(1);
        expect(card.text).not.toContain('Loading');
      }
      const bars = cards.flatMap((card) => card.bars);
      expect(bars.length).toBeGreaterThan(5);
      for (const bar of bars) expect(Math.abs(bar.covered - bar.intended)).toBeLessThan(1.5);
    } finally {
      await context.close();
    }
  });

  it('is taken over by the bundle: no CSP violation, no second request, no layout shift', async () => {
    const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
    try {
      await context.addInitScript(() => {
        const state = { violations: [] as string[], shift: 0, loads: 0 };
        (window as unknown as { seen: typeof state }).seen = state;
        document.addEventListener('securitypolicyviolation', (event) => {
          state.violations.push(`${event.violatedDirective} ${event.blockedURI}`);
        });
        document.addEventListener('aivis-load', () => {
          state.loads += 1;
        });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>) {
            state.shift += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      const from = browserAsked.length;
      await page.goto(`${site.url}/cards.html`);
      await page.waitForFunction(
        () => (window as unknown as { seen: { loads: number } }).seen.loads >= 3,
      );
      await page.waitForLoadState('networkidle');
      const seen = (await page.evaluate('window.seen')) as {
        violations: string[];
        shift: number;
      };
      expect(seen.violations).toEqual([]);
      expect(errors).toEqual([]);
      expect(seen.shift).toBe(0);
      // The answers came with the cards: the browser asked the proxy for stylesheets only.
      const asked = browserAsked.slice(from);
      expect(asked.filter((path) => path.includes('/api/'))).toEqual([]);
      expect(new Set(asked).size).toBe(asked.length);
      const cards = (await page.evaluate(readCards(TAGS))) as CardReading[];
      for (const card of cards) {
        // Lit's own rendering now: its constructed styles, no server stylesheet link.
        expect(card.adopted, card.tag).toBeGreaterThan(0);
        expect(card.links, card.tag).toBe(0);
        expect(card.sections, `${card.tag}: ${card.text.slice(0, 300)}`).toBe(1);
        expect(card.text).toContain('Brightlane');
      }
    } finally {
      await context.close();
    }
  });
});

describe('the dashboard’s embed, framed where no script runs', () => {
  it('shows every section’s figures with JavaScript off, styled by one stylesheet, under its own CSP', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy|Trusted Type/i.test(message.text()))
          violations.push(message.text());
      });
      const asked: string[] = [];
      page.on('request', (request) => asked.push(new URL(request.url()).pathname));
      await page.goto(`${site.url}${PROXY_PATH}/embed/aivis-dashboard?project=1001`);
      await page.waitForLoadState('load');
      const sections = (await page.evaluate(`(() => {
        const dashboard = document.querySelector('aivis-dashboard').shadowRoot;
        return [...dashboard.querySelectorAll('[part~="section"]')].map((card) => ({
          tag: card.localName,
          text: card.shadowRoot ? card.shadowRoot.textContent.replace(/\\s+/g, ' ') : '',
          bars: [...card.shadowRoot.querySelectorAll('[part~="bar"]')].map((bar) => ({
            intended: Number(bar.getAttribute('data-width')),
            covered: bar.getBoundingClientRect().width / bar.parentElement.getBoundingClientRect().width * 100,
          })),
        }));
      })()`)) as Array<{ tag: string; text: string; bars: CardReading['bars'] }>;
      expect(sections.length).toBeGreaterThanOrEqual(7);
      for (const section of sections) {
        expect(section.text, section.tag).toMatch(/\d/);
        expect(section.text, section.tag).not.toContain('Loading');
      }
      const bars = sections.flatMap((section) => section.bars);
      expect(bars.length).toBeGreaterThan(5);
      for (const bar of bars) expect(Math.abs(bar.covered - bar.intended)).toBeLessThan(1.5);
      // The page and one stylesheet, which its head and every card's shadow root share.
      expect(asked.filter((path) => path.endsWith('.css'))).toEqual([
        `${PROXY_PATH}/cards/aivis-cards.css`,
      ]);
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
