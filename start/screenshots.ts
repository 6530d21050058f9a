/**
 * `npm run screenshots`: starts the `npm start` demo on free ports, drives
 * Debian's Chromium through it and writes the README's pictures to docs/images/
 * (`--out <dir>` elsewhere, `--only explorer` for the explorer alone). Every
 * picture is cropped to the element it shows, so the PNGs stay small and
 * change only when that element does: the demo listens on fixed ports
 * (SCREENSHOT_PORT, default 8090, and the sandbox on the next one) so the URLs
 * in the pictures do not move, and the response time is hidden.
 */
import { mkdir, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type Browser, chromium, type Page } from 'playwright-core';
import { startDemo } from './demo.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'];
/** Waits on the page are bounded: a widget that never settles fails the run, it does not hang it. */
const SETTLE_MS = 20_000;
/** Pictures are cut off below this many CSS pixels, which keeps each PNG near 100 KiB. */
const MAX_HEIGHT = 900;
const MARGIN = 8;
const VIEWPORT = { width: 1000, height: 800 };

type ColorScheme = 'light' | 'dark';

async function openPage(browser: Browser, url: string, colorScheme: ColorScheme): Promise<Page> {
  const page = await browser.newPage({
    viewport: VIEWPORT,
    deviceScaleFactor: 1,
    colorScheme,
    reducedMotion: 'reduce',
  });
  await page.goto(url);
  return page;
}

/** The explorer: the form with an answer in table view, and a failed validation. */
/** What changes from run to run without the code changing. */
const UNSTABLE_CSS = '#status-detail { visibility: hidden; }';

/** A PNG of one element, cropped to it and to MAX_HEIGHT. */
async function shoot(page: Page, selector: string, file: string, maxHeight = MAX_HEIGHT) {
  const box = await page.$eval(selector, (node) => {
    const rect = node.getBoundingClientRect();
    return {
      x: rect.left + scrollX,
      y: rect.top + scrollY,
      width: rect.width,
      height: rect.height,
    };
  });
  await page.screenshot({
    path: file,
    fullPage: true,
    // A margin around the element, so its border and shadow are in the picture.
    clip: {
      x: Math.max(0, box.x - MARGIN),
      y: Math.max(0, box.y - MARGIN),
      width: box.width + 2 * MARGIN,
      height: Math.min(box.height, maxHeight) + 2 * MARGIN,
    },
    style: UNSTABLE_CSS,
    animations: 'disabled',
  });
}

async function explorerShots(browser: Browser, url: string, out: string): Promise<string[]> {
  const written: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    const page = await openPage(browser, `${url}/`, scheme);
    await page.waitForSelector('#projects button', { timeout: SETTLE_MS });
    await page.click('#projects button');
    await page.selectOption('#endpoint', 'competitors');
    await page.fill('#param-limit', '5');
    await page.click('#request-form [type="submit"]');
    await page.waitForSelector('#status:not(:empty):not([data-state="loading"])', {
      timeout: SETTLE_MS,
    });
    const tableView = await page.$('#view-table');
    if (tableView) await tableView.click();
    const file = `${out}/explorer-${scheme}.png`;
    // The form and the answer below it: taller than a widget picture.
    await shoot(page, 'main', file, 1_300);
    written.push(file);
    await page.close();
  }
  return written;
}

/** Each part of the gallery marked `data-shot="<name>"`, in both colour schemes. */
async function galleryShots(browser: Browser, url: string, out: string): Promise<string[]> {
  const written: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    const page = await openPage(browser, `${url}/gallery/`, scheme);
    const names = await page.$$eval('[data-shot]', (nodes) =>
      nodes.map((node) => node.getAttribute('data-shot') ?? ''),
    );
    for (const name of names) {
      const selector = `[data-shot="${name}"]`;
      await page.locator(selector).scrollIntoViewIfNeeded({ timeout: SETTLE_MS });
      // Every widget inside, and every part of it that loads on its own (a daily
      // series, supporting rows), has left its loading state: the skeleton is not the picture.
      await page.waitForFunction(
        (scope) => {
          // The widgets inside, and those inside their shadow roots (the one-tag dashboard's sections).
          // (A loop, not a named helper: the page gets this function's text alone.)
          const host = document.querySelector(scope);
          if (!host) return false;
          const widgets: Element[] = [];
          const roots: ParentNode[] = host.shadowRoot ? [host, host.shadowRoot] : [host];
          for (let index = 0; index < roots.length && index < 1_000; index++) {
            for (const node of roots[index]!.querySelectorAll('*')) {
              if (!node.localName.startsWith('aivis-') || !node.shadowRoot) continue;
              widgets.push(node);
              roots.push(node.shadowRoot);
            }
          }
          return widgets.every((node) => {
            const base = node.shadowRoot?.querySelector('[part~="base"]');
            return (
              (!base || base.getAttribute('aria-busy') === 'false') &&
              !node.shadowRoot?.querySelector('[aria-busy="true"]')
            );
          });
        },
        selector,
        { timeout: SETTLE_MS },
      );
      const file = `${out}/${name}-${scheme}.png`;
      await shoot(page, selector, file);
      written.push(file);
    }
    await page.close();
  }
  return written;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { out: { type: 'string' }, only: { type: 'string' } },
  });
  const out = values.out ?? `${ROOT}docs/images`;
  await mkdir(out, { recursive: true });
  const port = Number(process.env.SCREENSHOT_PORT ?? 8090);
  const demo = await startDemo({ port, sandboxPort: port + 1, quiet: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  try {
    const written = await explorerShots(browser, demo.url, out);
    if (values.only !== 'explorer') written.push(...(await galleryShots(browser, demo.url, out)));
    for (const file of written) {
      console.log(`${file.replace(ROOT, '')}  ${((await stat(file)).size / 1024).toFixed(1)} KiB`);
    }
  } finally {
    await browser.close();
    await demo.close();
  }
}

await main();
