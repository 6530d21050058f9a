/**
 * <aivis-visibility-trend history-since> in Chromium against the real proxy
 * (docs/widgets.md, "Months before the API's window"): a ledger filled by the
 * snapshot command over a time-travelled sandbox, the proxy serving its
 * series, and the sandbox moved on so that the ledger's days lie before the
 * API's window. A proxy without a ledger leaves the API's months and a note.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LedgerStore, openLedger } from '../../ledger/store.js';
import { proxyConfig } from '../../proxy/config.js';
import { createProxyHandler } from '../../proxy/handler.js';
import { isoOf } from '../../sandbox/data/calendar.js';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.js';
import { type ServedHandler, serveFetchHandler } from '../../server/serve-fetch-handler.js';
import {
  launchChromium,
  requireBundle,
  waitForWidgets,
  watchConsole,
} from '../../support/browser/harness.js';
import {
  dayAfterDefault,
  FakeClock,
  sandboxOn,
  snapshot,
  temporaryFolder,
} from '../ledger/fixtures.js';
import { WIDGET_TAGS } from './widget-tags.js';

const TOKEN = 'aivis_test_entry';
const temp = temporaryFolder();
/** The days the snapshot ran on, and the score the API gave on each. */
const ledgerDays: Array<{ day: string; score: number }> = [];
let store: LedgerStore;
let sandbox: RunningSandbox;
let site: ServedHandler;
let browser: Browser;

/** The first of the month two months after `day`: the API's one-month window starts after the ledger's days. */
const laterMonthStart = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  return isoOf(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 2, 1) / 86_400_000);
};

beforeAll(async () => {
  const ledger = join(temp.folder, 'trend.duckdb');
  const clock = new FakeClock();
  for (const offset of [1, 2]) {
    const day = dayAfterDefault(offset);
    const sandboxDay = sandboxOn(day, clock);
    const score = ((await sandboxDay.read('/projects/1001')).ai_visibility as { score: number })
      .score;
    ledgerDays.push({ day, score });
    clock.ms += 61_000;
    expect((await snapshot(sandboxDay, clock, ledger, { args: ['--project', '1001'] })).code).toBe(
      0,
    );
  }
  store = await openLedger(ledger);
  const today = laterMonthStart(ledgerDays[1]!.day);
  sandbox = await startSandbox({ rateLimit: false, now: `${today.slice(0, 8)}05` });
  const withLedger = createProxyHandler(
    proxyConfig({ baseUrl: sandbox.baseUrl, token: TOKEN, basePath: '/with-ledger' }),
    { ledger: store },
  );
  const without = createProxyHandler(
    proxyConfig({ baseUrl: sandbox.baseUrl, token: TOKEN, basePath: '/without' }),
  );
  const bundle = await readFile(requireBundle());
  site = await serveFetchHandler(async (request) => {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith('/with-ledger/')) return withLedger(request);
    if (pathname.startsWith('/without/')) return without(request);
    if (pathname.endsWith('/aivis-widgets.js'))
      return new Response(bundle, { headers: { 'content-type': 'text/javascript' } });
    const base = pathname === '/with.html' ? '/with-ledger' : '/without';
    return new Response(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>trend</title>
<link rel="icon" href="data:,"><script type="module" src="/aivis-widgets.js"></script></head>
<body><aivis-provider base-url="${site.url}${base}">
<aivis-visibility-trend project="1001" months="1" competitors="0" history-since="${ledgerDays[0]!.day}"></aivis-visibility-trend>
</aivis-provider></body></html>`,
      { headers: { 'content-type': 'text/html' } },
    );
  });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await sandbox?.close();
  await store?.close();
  temp.remove();
});

/** The trend card's ledger Details, table rows, error box and notes, read in the page. */
async function readTrend(path: string) {
  const page = await browser.newPage();
  const problems = watchConsole(page);
  try {
    await page.goto(`${site.url}${path}`);
    await waitForWidgets(page, WIDGET_TAGS);
    await page.waitForFunction(
      () => {
        const root = document.querySelector('aivis-visibility-trend')?.shadowRoot;
        return Boolean(
          root?.querySelector('[part~="ledger"]') ||
            /ledger/.test(root?.querySelector('[part~="meta"]')?.textContent ?? ''),
        );
      },
      undefined,
      { timeout: 15_000 },
    );
    const read = await page.evaluate(() => {
      const root = document.querySelector('aivis-visibility-trend')!.shadowRoot!;
      const clean = (node: Element | null | undefined) =>
        (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
      return {
        details: clean(root.querySelector('[part~="ledger"]')),
        meta: clean(root.querySelector('[part~="meta"]')),
        error: root.querySelector('[part~="error"]') !== null,
        rows: Array.from(root.querySelectorAll('tbody tr')).map((row) => clean(row)),
        ringed: root.querySelectorAll('circle.ledger').length,
      };
    });
    return { ...read, problems };
  } finally {
    await page.close();
  }
}

describe('<aivis-visibility-trend history-since> against the proxy’s ledger (Chromium)', () => {
  it('draws the snapshot’s days as the months before the API’s window, and names them', async () => {
    const trend = await readTrend('/with.html');
    const months = [...new Set(ledgerDays.map(({ day }) => day.slice(0, 7)))];
    expect(trend.error).toBe(false);
    expect(trend.ringed).toBe(months.length);
    const ledgerRows = trend.rows.filter((row) => row.includes('(ledger)'));
    expect(ledgerRows).toHaveLength(months.length);
    // Each month's figure is the mean of the scores the API gave on the snapshot's days.
    for (const [index, month] of months.entries()) {
      const scores = ledgerDays.filter(({ day }) => day.startsWith(month)).map((d) => d.score);
      const mean = Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 10) / 10;
      expect(ledgerRows[index]).toContain(`${mean.toFixed(1)}`.replace(/\.0$/, ''));
    }
    expect(trend.rows.length).toBeGreaterThan(months.length);
    expect(trend.details).toContain("proxy's ledger");
    expect(trend.problems).toEqual([]);
  });

  it('shows the API’s months and a quiet note when the proxy keeps no ledger', async () => {
    const trend = await readTrend('/without.html');
    expect(trend.error).toBe(false);
    expect(trend.details).toBe('');
    expect(trend.meta).toContain('keeps no ledger');
    expect(trend.rows.some((row) => row.includes('(ledger)'))).toBe(false);
    expect(trend.rows.length).toBeGreaterThan(0);
  });
});
