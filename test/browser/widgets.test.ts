/**
 * The BUILT bundle (dist/widget/aivis-widgets.js) in Debian's Chromium
 * against a sandbox started here: figures, request counts, hostile values,
 * accessibility in light and dark, console cleanliness, screenshots.
 */
import { describe, expect, it } from 'vitest';
import { FORMULA_BRAND, IMG_ONERROR } from '../../sandbox/data/hostile.js';
import {
  ARTIFACTS,
  fetchJson,
  seriousAxeViolations,
  waitForWidgets,
} from '../../support/browser/harness.js';
import { shadowContent } from './shadow-content.js';
import { openSupportingRows } from './supporting-rows.js';
import { useHarness } from './use-harness.js';
import { openWidgetPage, partText } from './widget-page.js';
import { CARD_TAGS, standaloneScripts } from './widget-tags.js';

const harness = useHarness();

const DASHBOARD = `
<aivis-visibility-score project="1001"></aivis-visibility-score>
<aivis-competitor-ranking project="1001" limit="5"></aivis-competitor-ranking>
<aivis-action-plan project="1001"></aivis-action-plan>`;

const apiGets = () => harness.sandbox.requestLog.filter((entry) => entry.method === 'GET');

const openPage = (
  name: string,
  body: string,
  colorScheme: 'light' | 'dark' = 'light',
  options: Parameters<typeof openWidgetPage>[3] = {},
) => openWidgetPage(harness, name, body, { colorScheme, ...options });

describe('built bundle in Chromium', () => {
  it('shows the figures the API returns, with one request per distinct URL for a page of duplicates', async () => {
    const before = apiGets().length;
    const { page, problems } = await openPage(
      'dashboard',
      `${DASHBOARD}
      <aivis-visibility-score project="1001"></aivis-visibility-score>
      <aivis-visibility-score project="1001"></aivis-visibility-score>
      <aivis-competitor-ranking project="1001" limit="5"></aivis-competitor-ranking>`,
    );
    // 3 distinct widgets + 3 duplicates -> 3 requests.
    expect(apiGets().length - before).toBe(3);

    const summary = (await fetchJson(
      harness.sandbox.baseUrl,
      '/projects/1001?include=ai_visibility,connections',
    )) as { ai_visibility: { score: number; share_of_voice: number } };
    const [score] = await partText(page, 'aivis-visibility-score', 'score');
    expect(score).toContain(summary.ai_visibility.score.toFixed(1));
    const [sov] = await partText(page, 'aivis-visibility-score', 'share-of-voice');
    expect(sov).toContain(`${summary.ai_visibility.share_of_voice}%`);

    const ranking = (await fetchJson(
      harness.sandbox.baseUrl,
      '/projects/1001/competitors?limit=5',
    )) as { competitors: Array<{ name: string }> };
    const labels = await partText(page, 'aivis-competitor-ranking', 'label');
    expect(labels).toEqual(ranking.competitors.map((row) => row.name));

    const plan = (await fetchJson(harness.sandbox.baseUrl, '/projects/1001/action-plan')) as {
      actions: Array<{ title: string }>;
    };
    const titles = await partText(page, 'aivis-action-plan', 'label');
    expect(titles).toEqual(plan.actions.map((action) => action.title.replace(/\s+/g, ' ').trim()));

    expect(problems).toEqual([]);
    await page.close();
  });

  it('renders the hostile values of project 1001 as text and runs nothing', async () => {
    const { page, problems, dialogs } = await openPage(
      'hostile',
      `<aivis-competitor-ranking project="1001" limit="50" include-highlights></aivis-competitor-ranking>
       <aivis-action-plan project="1001"></aivis-action-plan>`,
    );
    // Open every action's supporting rows (they hold hostile quotes and a javascript: URL).
    await openSupportingRows(page);
    for (const details of ['aivis-competitor-ranking']) {
      await page.evaluate((sel) => {
        for (const d of document.querySelector(sel)!.shadowRoot!.querySelectorAll('details'))
          d.open = true;
      }, details);
    }
    const found = await shadowContent(page, 'aivis-competitor-ranking, aivis-action-plan');
    expect(found.injected).toBe(0);
    expect(found.hrefs.length).toBeGreaterThan(0);
    for (const href of found.hrefs) expect(href).toMatch(/^https?:\/\//);
    expect(found.text).toContain(FORMULA_BRAND);
    expect(found.text).toContain(IMG_ONERROR);
    expect(dialogs).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`has no serious or critical axe violations in the ${theme} theme (data and error states)`, async () => {
      const { page } = await openPage(
        `axe-${theme}`,
        `<aivis-visibility-score project="1001" theme="${theme}"></aivis-visibility-score>
         <aivis-competitor-ranking project="1001" limit="5" include-highlights theme="${theme}"></aivis-competitor-ranking>
         <aivis-action-plan project="1002" theme="${theme}"></aivis-action-plan>
         <aivis-visibility-score project="1003" period="last_year" theme="${theme}"></aivis-visibility-score>
         <aivis-visibility-score project="1001" token="aivis_test_free" theme="${theme}"></aivis-visibility-score>
         <aivis-action-plan project="1001" audience="sales" theme="${theme}"></aivis-action-plan>`,
        theme,
      );
      await page.evaluate(() => {
        const plan = document.querySelector('aivis-action-plan')!.shadowRoot!;
        plan.querySelector<HTMLButtonElement>('button[aria-expanded]')?.click();
      });
      await page.waitForFunction(
        () =>
          document.querySelector('aivis-action-plan')!.shadowRoot!.querySelector('table') !== null,
      );
      expect(await seriousAxeViolations(page)).toEqual([]);

      const background = await page.evaluate(() => {
        const base = document
          .querySelector('aivis-visibility-score')!
          .shadowRoot!.querySelector('[part~="base"]')!;
        return getComputedStyle(base).backgroundColor;
      });
      expect(background).toBe(theme === 'dark' ? 'rgb(22, 24, 29)' : 'rgb(255, 255, 255)');

      const tags = ['aivis-visibility-score', 'aivis-competitor-ranking', 'aivis-action-plan'];
      for (const tag of tags) {
        await page
          .locator(tag)
          .first()
          .screenshot({ path: `${ARTIFACTS}/${tag}-${theme}.png` });
      }
      await page
        .locator('aivis-visibility-score')
        .nth(2)
        .screenshot({ path: `${ARTIFACTS}/error-paid-plan-${theme}.png` });
      await page.close();
    });
  }

  it('follows prefers-color-scheme when theme is auto', async () => {
    const { page } = await openPage(
      'auto',
      '<aivis-visibility-score project="1001"></aivis-visibility-score>',
      'dark',
    );
    const background = await page.evaluate(() => {
      const base = document
        .querySelector('aivis-visibility-score')!
        .shadowRoot!.querySelector('[part~="base"]')!;
      return getComputedStyle(base).backgroundColor;
    });
    expect(background).toBe('rgb(22, 24, 29)');
    await page.close();
  });

  it('fits a 240 px sidebar without horizontal overflow', async () => {
    const { page } = await openPage('narrow', `<div style="width:240px">${DASHBOARD}</div>`);
    const overflow = await page.evaluate(() =>
      [
        ...document.querySelectorAll(
          'aivis-visibility-score, aivis-competitor-ranking, aivis-action-plan',
        ),
      ].map((element) => {
        const base = element.shadowRoot!.querySelector<HTMLElement>('[part~="base"]')!;
        return base.scrollWidth - base.clientWidth;
      }),
    );
    expect(overflow).toEqual([0, 0, 0]);
    await page
      .locator('aivis-visibility-score')
      .screenshot({ path: `${ARTIFACTS}/aivis-visibility-score-240px.png` });
    await page.close();
  });

  it('reaches the pager buttons with the keyboard', async () => {
    const { page } = await openPage(
      'keyboard',
      '<aivis-competitor-ranking project="1001" limit="5"></aivis-competitor-ranking>',
    );
    const focused: string[] = [];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      focused.push(
        await page.evaluate(() => {
          const active = document.querySelector('aivis-competitor-ranking')?.shadowRoot
            ?.activeElement;
          return active ? `${active.localName}:${(active.textContent ?? '').trim()}` : '';
        }),
      );
    }
    expect(focused.some((entry) => entry.startsWith('button') && entry.includes('Next'))).toBe(
      true,
    );
    await page.close();
  });
});

describe.each(['light', 'dark'] as const)('every element that reads data, %s theme', (theme) => {
  it('takes the theme on its card and has no serious or critical axe violations', async () => {
    // From the catalogue: a new element is in this test at once (the portfolio with its own script).
    const { page } = await openPage(
      `themes-${theme}`,
      `${standaloneScripts()}
      ${CARD_TAGS.map((tag) => `<${tag} project="1001" theme="${theme}"></${tag}>`).join('\n')}`,
      theme === 'dark' ? 'light' : 'dark',
      {
        ready: (page) => waitForWidgets(page, CARD_TAGS, 20_000),
      },
    );
    const backgrounds = await page.evaluate(
      (tags) =>
        tags.map((tag) => {
          const base = document.querySelector(tag)!.shadowRoot!.querySelector('[part~="base"]')!;
          return `${tag} ${getComputedStyle(base).backgroundColor}`;
        }),
      CARD_TAGS,
    );
    // The theme attribute wins over the page's colour scheme (set to the other one here).
    const expected = theme === 'dark' ? 'rgb(22, 24, 29)' : 'rgb(255, 255, 255)';
    expect(backgrounds).toEqual(CARD_TAGS.map((tag) => `${tag} ${expected}`));
    expect(CARD_TAGS).toContain('aivis-portfolio');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page
      .locator('aivis-portfolio')
      .screenshot({ path: `${ARTIFACTS}/portfolio-${theme}.png` });
    await page.close();
  });
});
