/**
 * The widget gallery of `npm start` in Chromium, against the running demo: a
 * dashboard that fills its rows, a true 240 px sidebar, a loading demo that
 * shows the skeleton on every visit, a page theme that follows the forced
 * one, and every state of every widget on the one page.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningDemo } from '../../start/demo.js';
import { launchChromium, requireBundle, watchConsole } from '../../support/browser/harness.js';
import { startTestDemo } from './demo-fixture.js';

let demo: RunningDemo;
let browser: Browser;

/**
 * The slow scenario's answers wait at this gate instead of a real delay:
 * open, they pass at once; the loading test closes it, sees the skeleton,
 * and opens it again.
 */
const slowGate = (() => {
  let open = true;
  const waiting: Array<() => void> = [];
  return {
    wait: (signal: AbortSignal): Promise<void> =>
      open
        ? Promise.resolve()
        : new Promise((resolve, reject) => {
            waiting.push(resolve);
            signal.addEventListener('abort', () => reject(signal.reason), { once: true });
          }),
    open(): void {
      open = true;
      for (const release of waiting.splice(0)) release();
    },
    close(): void {
      open = false;
    },
  };
})();
/** The widgets the gallery lists (the catalogue's gallery states, widget/catalog.ts), read from its dashboard. */
let TAGS: string[] = [];

beforeAll(async () => {
  requireBundle();
  demo = await startTestDemo({ slowWait: slowGate.wait, rateLimit: false });
  browser = await launchChromium();
  const page = await browser.newPage();
  await page.goto(`${demo.url}/gallery/`);
  TAGS = await page.$$eval('#dashboard [data-demo]', (widgets) =>
    widgets.map((widget) => widget.localName),
  );
  await page.close();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

async function openGallery(colorScheme: 'light' | 'dark' = 'light', width = 1280): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 }, colorScheme });
  await page.goto(`${demo.url}/gallery/`);
  await page.waitForFunction((tags) => tags.every((tag) => customElements.get(tag)), TAGS);
  return page;
}

/** Whether every widget inside `selector` has settled (left its loading state). */
const settled = (page: Page, selector: string) =>
  page.waitForFunction(
    (scope) =>
      [...document.querySelectorAll(`${scope} [data-demo]`)].every(
        (widget) =>
          widget.shadowRoot?.querySelector('[part~="base"]')?.getAttribute('aria-busy') === 'false',
      ),
    selector,
    { timeout: 20_000 },
  );

describe('gallery', () => {
  it('lists every widget of the bundle', () => {
    expect(TAGS).toEqual(
      expect.arrayContaining([
        'aivis-visibility-score',
        'aivis-competitor-ranking',
        'aivis-action-plan',
      ]),
    );
  });

  it('fills every row of the dashboard, on a desktop and on a phone', async () => {
    for (const width of [1280, 390]) {
      const page = await openGallery('light', width);
      const gaps = await page.$eval('#dashboard', (grid) => {
        const right = grid.getBoundingClientRect().right;
        const rows = new Map<number, number>();
        for (const cell of grid.children) {
          const box = cell.getBoundingClientRect();
          rows.set(Math.round(box.top), Math.max(rows.get(Math.round(box.top)) ?? 0, box.right));
        }
        return [...rows.values()].map((rowRight) => Math.round(right - rowRight));
      });
      expect(gaps.length, `rows at ${width} px`).toBeGreaterThan(1);
      expect(gaps, `space left at the end of each row at ${width} px`).toEqual(gaps.map(() => 0));
      await page.close();
    }
  });

  it('shows the sidebar widgets at exactly 240 px', async () => {
    const page = await openGallery();
    const widths = await page.$$eval('#sidebar [data-demo]', (widgets) =>
      widgets.map((widget) => widget.getBoundingClientRect().width),
    );
    expect(widths.length).toBeGreaterThan(0);
    expect(widths).toEqual(widths.map(() => 240));
    await page.close();
  });

  it('shows the loading skeleton on every visit, not a cached answer on the second', async () => {
    slowGate.close();
    const page = await openGallery();
    try {
      const slowSection = 'section[data-state="slow"]';
      for (const visit of [1, 2]) {
        slowGate.close();
        if (visit === 2) await page.reload();
        const busy = await page.waitForFunction((scope) => {
          const widgets = [...document.querySelectorAll(`${scope} [data-demo]`)];
          const states = widgets.map((widget) =>
            widget.shadowRoot?.querySelector('[part~="base"]')?.getAttribute('aria-busy'),
          );
          return states.length > 0 && states.every((state) => state !== undefined) && states;
        }, slowSection);
        expect(await busy.jsonValue(), `visit ${visit}`).toEqual(TAGS.map(() => 'true'));
        slowGate.open();
        await settled(page, slowSection);
      }
    } finally {
      // A failure here must not leave the later tests' slow widgets waiting.
      slowGate.open();
    }
    await page.close();
    // Neither the proxy nor the browser may keep the slow answer: the second request waits too.
    for (const ask of [1, 2]) {
      const answer = await fetch(`${demo.url}/scenarios/slow/api/v1/projects/1001`);
      await answer.body?.cancel();
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-aivis-cache'), `request ${ask}`).not.toMatch(/HIT|STALE/);
      expect(answer.headers.get('cache-control') ?? '').not.toMatch(
        /max-age=[1-9]|stale-while-revalidate=[1-9]/,
      );
    }
  });

  it('makes the whole page light when Light is forced on a dark system, and dark the other way', async () => {
    const page = await openGallery('dark');
    const background = () =>
      page.evaluate(() => {
        const [r = 0, g = 0, b = 0] = (
          getComputedStyle(document.documentElement).backgroundColor.match(/\d+/g) ?? []
        ).map(Number);
        return (r + g + b) / 3;
      });
    expect(await background()).toBeLessThan(60);
    await page.check('input[name="theme"][value="light"]');
    expect(await background()).toBeGreaterThan(200);
    expect(
      await page.$$eval('[data-demo]', (widgets) =>
        widgets.every((widget) => widget.getAttribute('theme') === 'light'),
      ),
    ).toBe(true);
    await page.close();

    const light = await openGallery('light');
    await light.check('input[name="theme"][value="dark"]');
    const dark = await light.evaluate(() => getComputedStyle(document.body).color);
    expect(dark).not.toBe('rgb(26, 29, 33)');
    await light.close();
  });

  it('shows every widget in every state, the errors of each scenario account included', async () => {
    const page = await openGallery();
    const problems = watchConsole(page);
    const sections = await page.$$eval('#states > section', (nodes) =>
      nodes.map((node) => ({
        state: (node as HTMLElement).dataset.state,
        tags: [...node.querySelectorAll('[data-demo]')].map((widget) => widget.localName),
      })),
    );
    const states = sections.map((section) => section.state);
    expect(states).toEqual(
      expect.arrayContaining([
        '1002',
        '1003',
        'pro',
        'not-found',
        'expired',
        'revoked',
        'no-scope',
        'free',
        'server-error',
        'rate-limited',
        'slow',
        'invalid',
      ]),
    );
    for (const section of sections) expect(section.tags, section.state).toEqual(TAGS);

    const errorStates = ['not-found', 'expired', 'no-scope', 'free', 'server-error', 'invalid'];
    for (const state of errorStates) {
      const scope = `section[data-state="${state}"]`;
      await settled(page, scope);
      const codes = await page.$$eval(`${scope} [data-demo]`, (widgets) =>
        widgets.map(
          (widget) =>
            widget.shadowRoot?.querySelector('[part~="error"]')?.getAttribute('data-code') ?? null,
        ),
      );
      expect(
        codes.every((code) => code !== null),
        `${state}: ${codes.join(', ')}`,
      ).toBe(true);
    }
    // Errors are the widgets' states, not the page's failures: only the expected HTTP errors are logged.
    expect(problems.filter((text) => !/status of (401|403|404|429|500)/.test(text))).toEqual([]);
    await page.close();
  });
});
