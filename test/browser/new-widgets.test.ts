/**
 * The elements (trend, AI traffic, citations, search
 * opportunities, dashboard) from the BUILT bundle in Chromium against the
 * sandbox: each shows the API's own figures for projects 1001, 1002 and
 * 1003, unconnected sources and short histories explain themselves, hostile
 * values stay inert, and axe finds nothing serious in light or dark.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  ARTIFACTS,
  fetchJson,
  seriousAxeViolations,
  waitForWidgets,
} from '../../support/browser/harness.js';
import { shadowContent } from './shadow-content.js';
import { useHarness } from './use-harness.js';
import { openWidgetPage, partText } from './widget-page.js';
import { WIDGET_TAGS } from './widget-tags.js';

const NEW_WIDGETS =
  'aivis-visibility-trend, aivis-ai-traffic, aivis-citations, aivis-search-opportunities';

const harness = useHarness();

/** Every widget has left its loading state, and every traffic widget has its daily series (a second request). */
async function waitForAll(page: Page): Promise<void> {
  await waitForWidgets(page, WIDGET_TAGS);
  await page.waitForFunction(() => {
    const dashboards = [...document.querySelectorAll('aivis-dashboard')].map((d) => d.shadowRoot!);
    return [document, ...dashboards]
      .flatMap((root) => [...root.querySelectorAll('aivis-ai-traffic')])
      .every((traffic) => !traffic.shadowRoot?.textContent?.includes('Loading the daily series'));
  });
}

const openPage = (name: string, body: string, colorScheme: 'light' | 'dark' = 'light') =>
  openWidgetPage(harness, name, body, { colorScheme, ready: waitForAll });

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
const percent = (value: number) =>
  new Intl.NumberFormat('en', {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(value / 100);
const integer = (value: number) => new Intl.NumberFormat('en').format(value);

interface History {
  history: Array<{ month: string; brands: Array<{ is_own_brand: boolean; visibility: number }> }>;
  latest_check_at?: string;
}

/** The API's newest complete month (the month of the latest check is complete only on its last day). */
function lastFullMonth(body: History) {
  const check = body.latest_check_at?.slice(0, 10) ?? '';
  return body.history.find((snapshot) => {
    if (!check.startsWith(snapshot.month)) return true;
    const [year, month] = snapshot.month.split('-').map(Number);
    return Number(check.slice(8)) === new Date(Date.UTC(year!, month!, 0)).getUTCDate();
  });
}

describe.each(['1001', '1002', '1003'])('project %s', (project) => {
  it("shows the API's figures in the trend, traffic, citations and opportunities", async () => {
    const { page, problems } = await openPage(
      `figures-${project}`,
      `<aivis-visibility-trend project="${project}"></aivis-visibility-trend>
       <aivis-ai-traffic project="${project}"></aivis-ai-traffic>
       <aivis-citations project="${project}"></aivis-citations>
       <aivis-search-opportunities project="${project}"></aivis-search-opportunities>
       <aivis-search-opportunities id="bing" project="${project}" source="bing"></aivis-search-opportunities>`,
    );
    const api = harness.sandbox.baseUrl;

    // Trend: the newest complete month's own-brand value, as the hidden table says it.
    const history = (await fetchJson(
      api,
      `/projects/${project}/competitors?dataset=history&limit=12`,
    )) as unknown as History;
    const full = lastFullMonth(history);
    const rows = await page.evaluate(() =>
      [
        ...document
          .querySelector('aivis-visibility-trend')!
          .shadowRoot!.querySelectorAll('[part~="table"] tbody tr'),
      ].map((row) => [...row.children].map((cell) => cell.textContent!.trim())),
    );
    const complete = rows.filter((row) => !row[0]!.includes('(partial)'));
    if (full) {
      const own = full.brands.find((brand) => brand.is_own_brand)!;
      expect(complete.at(-1)![1]).toBe(percent(own.visibility));
    } else {
      expect(complete).toEqual([]);
    }
    expect(rows).toHaveLength(history.history.length);

    // Traffic: the window's sessions, or the reason with what to connect.
    const traffic = (await fetchJson(api, `/projects/${project}/ai-traffic`)) as {
      available?: boolean;
      reason?: string;
      totals?: { sessions: number };
    };
    if (traffic.available === false) {
      const [notice] = await partText(page, 'aivis-ai-traffic', 'unavailable');
      expect(notice).toContain('GA4 is not connected to this project');
      expect(notice).toContain('connect Google Analytics to this project');
    } else {
      const [sessions] = await partText(page, 'aivis-ai-traffic', 'sessions');
      expect(sessions).toContain(integer(traffic.totals!.sessions));
    }

    // Citations: the top domain and its share.
    const citations = (await fetchJson(
      api,
      `/projects/${project}/citations?group_by=domain&limit=10`,
    )) as { domains: Array<{ domain: string; share: number }> };
    const labels = await partText(page, 'aivis-citations', 'label');
    const values = await partText(page, 'aivis-citations', 'value');
    expect(labels).toEqual(citations.domains.map((row) => collapse(row.domain)));
    expect(values[0]).toBe(percent(citations.domains[0]!.share));

    // Opportunities: the API's rows in order, for each source, or the explanation.
    for (const [selector, source] of [
      ['aivis-search-opportunities:not(#bing)', 'google'],
      ['#bing', 'bing'],
    ] as const) {
      const body = (await fetchJson(
        api,
        `/projects/${project}/search-performance?dataset=opportunities&source=${source}&limit=10`,
      )) as { available?: boolean; reason?: string; rows?: Array<{ query: string }> };
      if (body.available === false) {
        const [notice] = await partText(page, selector, 'unavailable');
        expect(notice).toContain(collapse(body.reason!).slice(0, 40));
      } else {
        expect(body.rows!.length).toBeGreaterThan(0);
        expect(await partText(page, selector, 'label')).toEqual(
          body.rows!.map((row) => collapse(row.query)),
        );
      }
    }
    await page.screenshot({ path: `${ARTIFACTS}/new-widgets-${project}.png`, fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('explanations', () => {
  it('an unconnected GA4 and Bing (1002) and a short history (1003) explain themselves', async () => {
    const { page } = await openPage(
      'explanations',
      `<aivis-ai-traffic project="1002"></aivis-ai-traffic>
       <aivis-search-opportunities project="1002" source="bing"></aivis-search-opportunities>
       <aivis-visibility-trend project="1003"></aivis-visibility-trend>`,
    );
    expect((await partText(page, 'aivis-ai-traffic', 'unavailable'))[0]).toMatch(
      /No Google Analytics data for this project\..*connect Google Analytics to this project/,
    );
    expect((await partText(page, 'aivis-search-opportunities', 'unavailable'))[0]).toMatch(
      /No Bing Webmaster Tools data.*connect Bing Webmaster Tools/,
    );
    const [notes] = await partText(page, 'aivis-visibility-trend', 'meta');
    expect(notes).toMatch(/is partial: checks up to/);
    expect(notes).toMatch(/History starts in October 2026: 2 months so far\./);
    await page.close();
  });

  it('traffic compares with the previous window when the stored series reaches back (1001, 30d)', async () => {
    const { page } = await openPage(
      'change',
      `<aivis-ai-traffic project="1001"></aivis-ai-traffic>`,
    );
    const daily = (await fetchJson(
      harness.sandbox.baseUrl,
      '/projects/1001/ai-traffic?dataset=daily&period=90d',
    )) as { rows: Array<{ sessions: number }> };
    const previous = daily.rows.slice(-60, -30).reduce((sum, row) => sum + row.sessions, 0);
    const [change] = await partText(page, 'aivis-ai-traffic', 'change');
    expect(change).toContain(`from ${integer(previous)} in the previous 30 days`);
    await page.close();
  });
});

describe('hostile values (project 1001)', () => {
  it('stay text: no markup, no javascript: links, no dialogs', async () => {
    const { page, problems, dialogs } = await openPage(
      'hostile-new',
      `<aivis-visibility-trend project="1001" competitors="5"></aivis-visibility-trend>
       <aivis-citations project="1001" group-by="url" limit="50"></aivis-citations>
       <aivis-citations project="1001" limit="50"></aivis-citations>
       <aivis-search-opportunities project="1001" limit="50"></aivis-search-opportunities>`,
    );
    const found = await shadowContent(page, NEW_WIDGETS);
    expect(found.injected).toBe(0);
    expect(found.hrefs.length).toBeGreaterThan(0);
    for (const href of found.hrefs) expect(href).toMatch(/^https?:\/\//);
    // The javascript: URL and the formula brand are there, as text.
    expect(found.text).toContain('javascript:alert(document.cookie)');
    expect(found.text).toContain('=HYPERLINK(');
    expect(dialogs).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('keyboard and pointer read-outs', () => {
  it('the trend reads out the focused point; arrow keys move along and across lines', async () => {
    const { page } = await openPage(
      'trend-keys',
      `<aivis-visibility-trend project="1001" competitors="1"></aivis-visibility-trend>`,
    );
    await page.keyboard.press('Tab');
    const readout = async () => (await partText(page, 'aivis-visibility-trend', 'readout'))[0];
    expect(await readout()).toMatch(/\(partial\) · Brightlane \(your brand\): [\d.]+%/);
    await page.keyboard.press('ArrowLeft');
    expect(await readout()).toMatch(/^October 2026 · Brightlane \(your brand\): [\d.]+%$/);
    await page.keyboard.press('ArrowDown');
    expect(await readout()).toMatch(/^October 2026 · Lumen Analytics: [\d.]+%$/);
    await page.close();
  });
});

describe('<aivis-visibility-score trend>', () => {
  it('adds a sparkline of the own brand from competitors history, only when asked', async () => {
    const before = harness.sandbox.requestLog.length;
    const { page, problems } = await openPage(
      'sparkline',
      `<aivis-visibility-score id="with" project="1001" trend></aivis-visibility-score>
       <aivis-visibility-score id="without" project="1003"></aivis-visibility-score>`,
    );
    await page.waitForFunction(
      () => !!document.querySelector('#with')!.shadowRoot!.querySelector('[part~="sparkline"]'),
    );
    // What the page asked for (before this test asks the API itself).
    const asked = harness.sandbox.requestLog
      .slice(before)
      .filter((entry) => entry.method === 'GET')
      .map((entry) => entry.path);
    const history = (await fetchJson(
      harness.sandbox.baseUrl,
      '/projects/1001/competitors?dataset=history&limit=12',
    )) as unknown as History;
    const newest = history.history[0]!.brands.find((brand) => brand.is_own_brand)!;
    const oldest = history.history.at(-1)!.brands.find((brand) => brand.is_own_brand)!;
    const label = await page.evaluate(() =>
      document
        .querySelector('#with')!
        .shadowRoot!.querySelector('[part~="sparkline"]')!
        .getAttribute('aria-label'),
    );
    expect(label).toBe(
      `Visibility by month: ${percent(oldest.visibility)} in December 2025, ${percent(newest.visibility)} in November 2026 (partial month)`,
    );
    const without = await page.evaluate(() =>
      document.querySelector('#without')!.shadowRoot!.querySelector('[part~="sparkline"]'),
    );
    expect(without).toBeNull();
    expect(asked.filter((path) => path === '/api/v1/projects/1001/competitors')).toHaveLength(1);
    expect(asked.filter((path) => path === '/api/v1/projects/1003/competitors')).toHaveLength(0);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('<aivis-dashboard>', () => {
  it('lays out its sections in 1, 2 or 3 columns by its own width, with one request per distinct query', async () => {
    const before = harness.sandbox.requestLog.length;
    const { page, problems } = await openPage(
      'dashboard-new',
      `<aivis-dashboard project="1001"></aivis-dashboard>
       <div id="sidebar" style="width:260px"><aivis-dashboard project="1001" sections="score,trend,nonsense"></aivis-dashboard></div>`,
    );
    const layout = await page.evaluate(() =>
      [...document.querySelectorAll('aivis-dashboard')].map((dashboard) => {
        const root = dashboard.shadowRoot!;
        const grid = root.querySelector('[part~="grid"]')!;
        return {
          columns: getComputedStyle(grid).gridTemplateColumns.split(' ').length,
          sections: [...grid.children].map((child) => child.localName),
          notice: root.querySelector('[part~="notice"]')?.textContent ?? '',
        };
      }),
    );
    expect(layout[0]!.sections).toEqual([
      'aivis-visibility-score',
      'aivis-visibility-trend',
      'aivis-competitor-ranking',
      'aivis-action-plan',
      'aivis-ai-traffic',
      'aivis-citations',
      'aivis-search-opportunities',
    ]);
    expect(layout[0]!.columns).toBe(2);
    expect(layout[1]!.columns).toBe(1);
    expect(layout[1]!.sections).toEqual(['aivis-visibility-score', 'aivis-visibility-trend']);
    expect(layout[1]!.notice).toContain('nonsense');
    // Two dashboards, one cache: the second's score and trend cost no request.
    const urls = harness.sandbox.requestLog
      .slice(before)
      .filter((entry) => entry.method === 'GET')
      .map((entry) => `${entry.path}?${entry.query}`);
    // 7 sections, the traffic's daily series (one more), and nothing for the second dashboard.
    expect(urls.length).toBe(8);
    expect(new Set(urls).size).toBe(urls.length);
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.evaluate(() => {
      document.querySelector('main')!.parentElement!.style.maxWidth = 'none';
      document.body.style.maxWidth = 'none';
    });
    const wide = await page.evaluate(
      () =>
        getComputedStyle(
          document.querySelector('aivis-dashboard')!.shadowRoot!.querySelector('[part~="grid"]')!,
        ).gridTemplateColumns.split(' ').length,
    );
    expect(wide).toBe(3);
    await page.screenshot({ path: `${ARTIFACTS}/dashboard.png`, fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe.each(['light', 'dark'] as const)('accessibility, %s theme', (theme) => {
  it('axe finds no serious or critical violation in the new elements and the dashboard', async () => {
    const { page } = await openPage(
      `axe-new-${theme}`,
      `<aivis-dashboard project="1001" theme="${theme}"></aivis-dashboard>
       <aivis-ai-traffic project="1002" theme="${theme}"></aivis-ai-traffic>
       <aivis-visibility-trend project="1003" theme="${theme}"></aivis-visibility-trend>
       <aivis-citations project="1001" group-by="url" theme="${theme}"></aivis-citations>
       <aivis-search-opportunities project="1001" source="bing" theme="${theme}"></aivis-search-opportunities>`,
      theme,
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.close();
  });
});
