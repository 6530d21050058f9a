/**
 * The BUILT bundle on a page served with the strict Content-Security-Policy
 * (and Trusted Types) an intranet may run: every widget in every state it
 * can reach through the proxy renders completely, bars with their widths
 * measured on screen, with no securitypolicyviolation event and no console
 * error.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS, fetchJson, waitForWidgets } from '../../support/browser/harness.js';
import { openSupportingRows } from './supporting-rows.js';
import { useHarness, useProxy } from './use-harness.js';
import { CARD_TAGS, standaloneScripts, WIDGET_TAGS } from './widget-tags.js';

const harness = useHarness();
const proxy = useProxy(harness);

const strictPolicy = (connectSrc: string) =>
  [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `connect-src ${connectSrc}`,
    "img-src 'self'",
    "require-trusted-types-for 'script'",
    'trusted-types lit-html',
  ].join('; ');

/** No inline script or style anywhere: the page is markup and one script file. */
function strictPage(
  body: string,
  scripts = '<script type="module" src="/widget/aivis-widgets.js"></script>',
): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>strict CSP</title>
<link rel="icon" href="/favicon.ico">
${scripts}</head><body>${body}</body></html>`;
}

/** Every state reachable through the proxy: data, fallback, needs_data, errors, unconnected. */
const ALL_STATES = `
<aivis-provider base-url="PROXY">
  <aivis-visibility-score project="1001"></aivis-visibility-score>
  <aivis-competitor-ranking project="1001" limit="5" include-highlights></aivis-competitor-ranking>
  <aivis-action-plan project="1001"></aivis-action-plan>
  <aivis-visibility-score project="1003" period="last_year" theme="dark"></aivis-visibility-score>
  <aivis-competitor-ranking project="1002" limit="3" theme="dark"></aivis-competitor-ranking>
  <aivis-action-plan project="1002"></aivis-action-plan>
  <aivis-action-plan project="1003" audience="sales"></aivis-action-plan>
  <aivis-visibility-score project="9999"></aivis-visibility-score>
  <aivis-competitor-ranking project="abc"></aivis-competitor-ranking>
</aivis-provider>
<aivis-action-plan project="1001"></aivis-action-plan>`;

async function openStrict(name: string, body: string, scripts?: string) {
  // Reduced motion: bars change width with a transition otherwise, and are measured at once.
  const page = await harness.browser.newPage({
    viewport: { width: 1000, height: 900 },
    reducedMotion: 'reduce',
  });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // The browser logs every 4xx answer; the not-found state is one on purpose.
    const answer = message.location().url;
    if (/\/api\/v1\/projects\/9999\b/.test(answer) && /status of 404/.test(message.text())) return;
    problems.push(`${message.text()} ${answer}`);
  });
  // Installed by the browser before any page script, so the page's CSP does not apply to it.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
  const url = harness.page(name, strictPage(body, scripts), {
    'content-security-policy': strictPolicy(new URL(proxy.url).origin),
  });
  await page.goto(url);
  await page.waitForFunction(() => document.readyState === 'complete');
  await waitForWidgets(page, WIDGET_TAGS);
  return { page, problems };
}

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { violations: string[] }).violations);

/** Each bar's intended width (the API's percentage) and the share of its track it really covers. */
function measureBars(page: Page, tag: string) {
  return page.evaluate(
    (selector) =>
      [...document.querySelectorAll(selector)].map((widget) =>
        [...widget.shadowRoot!.querySelectorAll<HTMLElement>('[part~="bar"]')].map((bar) => {
          const track = bar.parentElement!.getBoundingClientRect();
          return {
            styled: bar.style.width,
            covered: (bar.getBoundingClientRect().width / track.width) * 100,
            trackWidth: track.width,
          };
        }),
      ),
    tag,
  );
}

function expectBars(
  bars: Array<{ styled: string; covered: number; trackWidth: number }>,
  percents: number[],
) {
  expect(bars.map((bar) => bar.styled)).toEqual(percents.map((percent) => `${percent}%`));
  for (const [i, bar] of bars.entries()) {
    expect(bar.trackWidth).toBeGreaterThan(50);
    // Within a pixel of the intended width.
    expect(Math.abs(bar.covered - percents[i]!)).toBeLessThan((100 / bar.trackWidth) * 1.01);
  }
  expect(percents.some((percent) => percent > 0)).toBe(true);
}

describe('strict Content-Security-Policy and Trusted Types', () => {
  it('every widget and state renders completely, bars at their widths, with zero violations', async () => {
    const { page, problems } = await openStrict(
      'strict-csp',
      ALL_STATES.replace('PROXY', proxy.url),
    );

    const summary = (await fetchJson(
      harness.sandbox.baseUrl,
      '/projects/1001?include=ai_visibility',
    )) as { ai_visibility: { mentions_by_platform: Array<{ mention_rate: number }> } };
    const [scoreBars] = await measureBars(page, 'aivis-visibility-score');
    expectBars(
      scoreBars!,
      summary.ai_visibility.mentions_by_platform.map((row) => row.mention_rate),
    );
    const ranking = (await fetchJson(
      harness.sandbox.baseUrl,
      '/projects/1001/competitors?limit=5&include_highlights=true',
    )) as { competitors: Array<{ visibility: number }> };
    const [rankingBars] = await measureBars(page, 'aivis-competitor-ranking');
    expectBars(
      rankingBars!,
      ranking.competitors.map((row) => row.visibility),
    );

    // Every state this page holds, by widget: data, fallback, statuses, errors, the notice.
    const states = await page.evaluate(() =>
      [
        ...document.querySelectorAll(
          'aivis-visibility-score, aivis-competitor-ranking, aivis-action-plan',
        ),
      ].map((widget) => {
        const root = widget.shadowRoot!;
        const error = root.querySelector('[part~="error"]')?.getAttribute('data-code');
        const notice = root.querySelector('[data-code="unconnected"]') ? 'unconnected' : undefined;
        const status = root.querySelector('[part~="status"]')?.getAttribute('data-status');
        const data =
          root.querySelector(
            '[part~="score"], [part~="list"], [part~="action"], [part~="empty"]',
          ) !== null;
        return error ?? notice ?? status ?? (data ? 'data' : 'nothing');
      }),
    );
    expect(states[0]).toBe('data');
    expect(states[1]).toBe('data');
    expect(states.slice(7)).toEqual(['not_found', 'validation_failed', 'unconnected']);
    expect(states.slice(0, 7)).not.toContain('nothing');
    const fallback = await page.evaluate(
      () =>
        document
          .querySelectorAll('aivis-visibility-score')[1]!
          .shadowRoot!.querySelector('[part~="fallback"]') !== null,
    );
    expect(fallback).toBe(true);

    // Supporting rows: every action's table, fetched and rendered under the policy.
    await openSupportingRows(page, 'table, [part~="error"]');
    // Paging keeps the bars drawn.
    await page.evaluate(() => {
      document
        .querySelector('aivis-competitor-ranking')!
        .shadowRoot!.querySelector<HTMLButtonElement>('[part~="next"]')
        ?.click();
    });
    await waitForWidgets(page, WIDGET_TAGS);
    const [pagedBars] = await measureBars(page, 'aivis-competitor-ranking');
    for (const bar of pagedBars!) {
      expect(Math.abs(bar.covered - Number.parseFloat(bar.styled))).toBeLessThan(
        (100 / bar.trackWidth) * 1.01,
      );
    }

    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}/strict-csp.png` });
    await page.close();
  });

  it('the charts and lists and the dashboard render under the policy with zero violations', async () => {
    const { page, problems } = await openStrict(
      'strict-csp-charts',
      `<aivis-provider base-url="${proxy.url}">
        <aivis-dashboard project="1001"></aivis-dashboard>
        <aivis-ai-traffic project="1002"></aivis-ai-traffic>
        <aivis-citations project="1001" group-by="url"></aivis-citations>
      </aivis-provider>`,
    );
    await page.waitForFunction(() => {
      const dashboard = document.querySelector('aivis-dashboard')!.shadowRoot!;
      const traffic = dashboard.querySelector('aivis-ai-traffic')?.shadowRoot;
      const trend = dashboard.querySelector('aivis-visibility-trend')?.shadowRoot;
      return (
        traffic?.querySelector('[part~="chart"] path.line') &&
        trend?.querySelectorAll('[part~="point"]').length
      );
    });
    // SVG geometry came through attributes: the lines have a length, the points a place.
    const drawn = await page.evaluate(() => {
      const dashboard = document.querySelector('aivis-dashboard')!.shadowRoot!;
      const trend = dashboard.querySelector('aivis-visibility-trend')!.shadowRoot!;
      const traffic = dashboard.querySelector('aivis-ai-traffic')!.shadowRoot!;
      const length = (root: ShadowRoot) =>
        [...root.querySelectorAll<SVGPathElement>('path.line')].map((path) =>
          path.getTotalLength(),
        );
      return {
        trendLines: length(trend),
        trafficLines: length(traffic),
        points: [...trend.querySelectorAll('circle')].filter(
          (circle) => circle.getBoundingClientRect().width > 0,
        ).length,
      };
    });
    expect(drawn.trendLines.length).toBeGreaterThan(1);
    for (const line of [...drawn.trendLines, ...drawn.trafficLines])
      expect(line).toBeGreaterThan(10);
    expect(drawn.points).toBeGreaterThan(12);
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}/strict-csp-charts.png`, fullPage: true });
    await page.close();
  });

  it('every element that reads data, the portfolio included, renders through the proxy with zero violations', async () => {
    // From the catalogue, so a new element is held to the policy at once. Each element's
    // standalone script: they share one runtime, so one Lit and one Trusted Types policy
    // (aivis-widgets.js beside a standalone element would make lit-html's policy twice).
    const { page, problems } = await openStrict(
      'strict-csp-catalogue',
      `<aivis-provider base-url="${proxy.url}">${CARD_TAGS.map(
        (tag) => `<${tag} project="1001"></${tag}>`,
      ).join('\n')}</aivis-provider>`,
      standaloneScripts(['aivis-provider', ...CARD_TAGS]),
    );
    await waitForWidgets(page, CARD_TAGS, 20_000);
    // The portfolio read every project the proxy serves: one row each.
    const projects = (await fetchJson(harness.sandbox.baseUrl, '/projects')) as {
      projects: unknown[];
    };
    const rows = await page.evaluate(
      () =>
        document.querySelector('aivis-portfolio')!.shadowRoot!.querySelectorAll('[part~="row"]')
          .length,
    );
    expect(projects.projects.length).toBeGreaterThan(1);
    expect(rows).toBe(projects.projects.length);
    expect(CARD_TAGS).toContain('aivis-portfolio');
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the policy is enforced on this page: a style attribute is refused and reported', async () => {
    const { page } = await openStrict(
      'strict-csp-control',
      `<aivis-provider base-url="${proxy.url}"><aivis-visibility-score project="1001"></aivis-visibility-score></aivis-provider>`,
    );
    const applied = await page.evaluate(() => {
      const probe = document.createElement('div');
      probe.setAttribute('style', 'width: 37px');
      document.body.append(probe);
      return probe.getBoundingClientRect().width;
    });
    expect(applied).not.toBe(37);
    await expect.poll(() => violations(page)).toHaveLength(1);
    await page.close();
  });
});
