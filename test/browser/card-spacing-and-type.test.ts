/**
 * What a reader sees of the cards' own layout on a plain page: stacked cards
 * keep a gap, the dashboard's heading is not the page's serif default, the AI
 * traffic headline keeps its number whole on a 390 px phone, and the Details
 * of an error are one size whichever card shows them.
 */
import { describe, expect, it } from 'vitest';
import { pageHtml, waitForWidgets } from '../../support/browser/harness.js';
import { useHarness } from './use-harness.js';
import { openWidgetPage } from './widget-page.js';
import { WIDGET_TAGS } from './widget-tags.js';

const harness = useHarness();

const TAGS = WIDGET_TAGS;

describe('cards on a plain page', () => {
  it('keeps a gap between cards stacked in the page flow, none after the last', async () => {
    const { page } = await openWidgetPage(
      harness,
      'stacked',
      `<aivis-provider>
        <aivis-visibility-score project="1001"></aivis-visibility-score>
        <aivis-competitor-ranking project="1001" limit="3"></aivis-competitor-ranking>
      </aivis-provider><p id="after">after</p>`,
    );
    const [score, ranking, after] = await page.evaluate(() =>
      ['aivis-visibility-score', 'aivis-competitor-ranking', '#after'].map((selector) => {
        const box = document.querySelector(selector)!.getBoundingClientRect();
        return { top: box.top, bottom: box.bottom };
      }),
    );
    expect(ranking!.top - score!.bottom).toBeGreaterThanOrEqual(12);
    // The last card adds nothing of its own: the paragraph's margin is the page's.
    expect(after!.top - ranking!.bottom).toBeLessThan(20);
    await page.close();
  });

  it("gives the dashboard's heading the system font on a page whose font is the serif default", async () => {
    const page = await harness.browser.newPage();
    await page.goto(
      harness.page(
        'dashboard-serif',
        pageHtml({
          body: '<aivis-dashboard project="1001" sections="score"></aivis-dashboard>',
          baseUrl: harness.sandbox.baseUrl,
          token: 'aivis_test_entry',
          head: '<style>body{font-family:serif}</style>',
        }),
      ),
    );
    await page.waitForFunction(
      () =>
        !!document.querySelector('aivis-dashboard')?.shadowRoot?.querySelector('[part~="heading"]'),
    );
    const fonts = await page.evaluate(() => {
      const dashboard = document.querySelector('aivis-dashboard')!;
      return {
        page: getComputedStyle(document.body).fontFamily,
        heading: getComputedStyle(dashboard.shadowRoot!.querySelector('[part~="heading"]')!)
          .fontFamily,
      };
    });
    expect(fonts.page).toBe('serif');
    expect(fonts.heading).toMatch(/^system-ui/);
    await page.close();
  });

  it('keeps the AI traffic headline number on one line at 390 px', async () => {
    const { page } = await openWidgetPage(
      harness,
      'traffic-phone',
      '<aivis-ai-traffic project="1001"></aivis-ai-traffic>',
      { width: 390 },
    );
    const number = await page.evaluate(() => {
      const value = document
        .querySelector('aivis-ai-traffic')!
        .shadowRoot!.querySelector('.total .value')!;
      const range = document.createRange();
      range.selectNodeContents(value);
      return {
        text: value.textContent?.trim(),
        lines: new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size,
      };
    });
    expect(number.text).toMatch(/^\d{1,3}(,\d{3})+$/);
    expect(number.lines).toBe(1);
    await page.close();
  });

  it("shows an error's Details in one size in every card", async () => {
    const { page } = await openWidgetPage(
      harness,
      'details-size',
      TAGS.map((tag) => `<${tag} project="9999"></${tag}>`).join('\n'),
      { ready: (opened) => waitForWidgets(opened, WIDGET_TAGS) },
    );
    const sizes = await page.evaluate((tags) => {
      return tags.map((tag) => {
        const details = document
          .querySelector(tag)!
          .shadowRoot!.querySelector('[part~="error"] details');
        if (!details) return `${tag}: no Details`;
        return `${getComputedStyle(details).fontSize} / ${getComputedStyle(details.querySelector('summary')!).fontSize}`;
      });
    }, TAGS);
    expect(new Set(sizes).size, sizes.join('\n')).toBe(1);
    expect(sizes[0]).toMatch(/px \/ /);
    await page.close();
  });
});
