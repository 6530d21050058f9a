/**
 * On the BUILT bundle in Chromium: no part of any widget, in
 * any state, leaves its card at container widths from 240 to 1400 px, light
 * and dark (a wide table scrolls inside its own scroll container), and the
 * action plan's compact default keeps 5 actions within a screen at 260 px.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, fetchJson, pageHtml, waitForWidgets } from '../../support/browser/harness.js';
import { openEverything, openStates, overflowAt, planHeightAt, STATES } from './fit.js';
import { useHarness } from './use-harness.js';
import { WIDGET_TAGS } from './widget-tags.js';

const WIDTHS = [240, 320, 390, 600, 900, 1400] as const;

const harness = useHarness();
/** Every state as it first shows (disclosures closed). */
let collapsed: Page;
/** Every state with every disclosure and the supporting rows open. */
let page: Page;

beforeAll(async () => {
  collapsed = await openStates(harness, 'fit-collapsed', 1400);
  page = await openStates(harness, 'fit', 1400);
  await openEverything(page);
}, 60_000);
afterAll(async () => {
  await collapsed?.close();
  await page?.close();
});

describe('every widget fits every container', () => {
  it('holds every state the fit page means to show', async () => {
    const shown = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[data-state]')].map((widget) => {
        const root = widget.shadowRoot!;
        return {
          state: widget.dataset.state!,
          error: root.querySelector('[part~="error"]')?.getAttribute('data-code') ?? null,
          loading: root.querySelector('[part~="skeleton"]') !== null,
          tables: root.querySelectorAll('table').length,
          notice: root.querySelector('[part~="notice"]')?.textContent ?? null,
        };
      }),
    );
    expect(shown.map((each) => each.state)).toEqual(STATES.map(([state]) => state));
    const byState = new Map(shown.map((each) => [each.state, each]));
    for (const tag of ['aivis-visibility-score', 'aivis-competitor-ranking', 'aivis-action-plan']) {
      expect(byState.get(`${tag} loading`)!.loading).toBe(true);
      expect(byState.get(`${tag} paid plan`)!.error).toBe('paid_plan_required');
      expect(byState.get(`${tag} expired`)!.error).toBe('unauthenticated');
      // Between its countdowns a rate-limited widget is loading again.
      const limited = byState.get(`${tag} rate limited`)!;
      expect(limited.error === 'rate_limited' || limited.loading).toBe(true);
      expect(byState.get(`${tag} not found`)!.error).toBe('not_found');
      expect(byState.get(`${tag} invalid`)!.error).toBe('validation_failed');
    }
    expect(byState.get('plan rows open')!.tables).toBeGreaterThan(1);
    // The portfolio of the sandbox's entry account: one table of its projects.
    expect(byState.get('portfolio data')!.tables).toBe(1);
    // Its refusals say so in its notice, with the service's reason.
    expect(byState.get('aivis-portfolio expired')!.notice).toMatch(/could not be read/);
    expect(byState.get('aivis-portfolio expired')!.tables).toBe(0);
    expect(byState.get('aivis-portfolio loading')!.tables).toBe(0);
  });

  for (const scheme of ['light', 'dark'] as const) {
    for (const width of WIDTHS) {
      it(`overflows nowhere at ${width} px (${scheme}), collapsed and with everything open`, async () => {
        await collapsed.emulateMedia({ colorScheme: scheme });
        expect(await overflowAt(collapsed, width)).toEqual([]);
        await page.emulateMedia({ colorScheme: scheme });
        expect(await overflowAt(page, width)).toEqual([]);
      });
    }
  }

  it('lets a wide supporting-rows table scroll inside its own container at 240 px', async () => {
    await overflowAt(page, 240);
    const scrolls = await page.evaluate(() =>
      [...document.querySelectorAll('[data-open-rows]')].flatMap((widget) =>
        [...widget.shadowRoot!.querySelectorAll<HTMLElement>('.scroll')].map(
          (scroll) => scroll.scrollWidth > scroll.clientWidth,
        ),
      ),
    );
    expect(scrolls).toContain(true);
  });
});

describe('one formatting voice', () => {
  it('uses a system font stack on a page that sets no font, the page font otherwise', async () => {
    const fonts = await page.evaluate(
      () =>
        getComputedStyle(
          document.querySelector('[data-state]')!.shadowRoot!.querySelector('[part~="base"]')!,
        ).fontFamily,
    );
    expect(fonts).toMatch(/^system-ui/);
    const styled = await harness.browser.newPage();
    await styled.goto(
      harness.page(
        'styled-font',
        pageHtml({
          body: '<aivis-visibility-score project="1001"></aivis-visibility-score>',
          baseUrl: harness.sandbox.baseUrl,
          token: 'aivis_test_entry',
        }),
      ),
    );
    await waitForWidgets(styled, WIDGET_TAGS);
    const inherited = await styled.evaluate(
      () =>
        getComputedStyle(
          document
            .querySelector('aivis-visibility-score')!
            .shadowRoot!.querySelector('[part~="base"]')!,
        ).fontFamily,
    );
    expect(inherited).toBe('sans-serif');
    await styled.close();
  });

  it('lays every platform and every brand of a widget out alike', async () => {
    await overflowAt(page, 900);
    const layouts = await page.evaluate(() =>
      [
        ...document.querySelectorAll('[data-state^="score data"], [data-state^="ranking data"]'),
      ].flatMap((widget) =>
        [...widget.shadowRoot!.querySelectorAll<HTMLElement>('.label')].map((label) => {
          const figures = label.querySelector('.numbers')!.getBoundingClientRect();
          const name = label.firstElementChild!.getBoundingClientRect();
          return `${widget.getAttribute('data-state')}: ${figures.top >= name.bottom - 1 ? 'stacked' : 'inline'}`;
        }),
      ),
    );
    expect(layouts.length).toBeGreaterThan(5);
    // Within a widget, every row alike (the score card puts figures in their own column when wide).
    const byWidget = new Map<string, Set<string>>();
    for (const layout of layouts) {
      const [state, kind] = layout.split(': ') as [string, string];
      byWidget.set(state, (byWidget.get(state) ?? new Set()).add(kind));
    }
    for (const kinds of byWidget.values()) expect(kinds.size).toBe(1);
  });
});

describe('the action plan at 260 px', () => {
  it('shows 5 actions compactly (number, title, owner, next step) within 900 px', async () => {
    const plan = (await fetchJson(harness.sandbox.baseUrl, '/projects/1001/action-plan')) as {
      actions: Array<{ owner: string }>;
    };
    expect(plan.actions).toHaveLength(5);
    const compact = await openStates(harness, 'plan-260', 300, [
      ['plan', '<aivis-action-plan project="1001"></aivis-action-plan>'],
    ]);
    const height = await planHeightAt(compact, 260);
    await compact
      .locator('aivis-action-plan')
      .screenshot({ path: `${ARTIFACTS}/action-plan-260px-after.png` });
    expect(height).toBeLessThanOrEqual(900);
    const summaries = await compact.evaluate(() =>
      [...document.querySelector('aivis-action-plan')!.shadowRoot!.querySelectorAll('summary')].map(
        (summary) => ({
          text: summary.textContent!.replace(/\s+/g, ' ').trim(),
          lines: Math.round(
            summary.getBoundingClientRect().height /
              parseFloat(getComputedStyle(summary).lineHeight),
          ),
        }),
      ),
    );
    expect(summaries.map((summary) => summary.text.split(' · ')[0])).toEqual(
      plan.actions.map((action) => action.owner),
    );
    for (const summary of summaries) expect(summary.lines).toBe(1);
    await compact.close();
  });
});
