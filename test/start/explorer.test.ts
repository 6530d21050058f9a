/**
 * The explorer of `npm start` in Chromium, against the running demo: styled
 * controls, the answer brought into view, status by colour and words, the
 * response headers, inline validation, the table view with its CSV, and the
 * switch to the scenario accounts; light and dark.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCsv } from '../../shared/table/csv.js';
import { toTable } from '../../shared/table/normalize.js';
import type { RunningDemo } from '../../start/demo.js';
import { fetchJson, launchChromium, watchConsole } from '../../support/browser/harness.js';
import { startTestDemo } from './demo-fixture.js';

let demo: RunningDemo;
let browser: Browser;

beforeAll(async () => {
  demo = await startTestDemo();
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

async function openExplorer(colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme });
  await page.goto(`${demo.url}/`);
  await page.waitForSelector('#projects button');
  return page;
}

async function send(page: Page): Promise<void> {
  await page.click('#request-form button[type="submit"]');
  await page.waitForFunction(
    () => !['idle', 'loading'].includes(document.getElementById('status')?.dataset.state ?? ''),
  );
}

const statusOf = (page: Page) =>
  page.$eval('#status', (node) => ({
    text: node.textContent ?? '',
    state: (node as HTMLElement).dataset.state,
    background: getComputedStyle(node).backgroundColor,
  }));

describe('explorer', () => {
  it('styles its controls and keeps the endpoint select to a readable width', async () => {
    const page = await openExplorer();
    const looks = await page.evaluate(() => {
      const select = document.getElementById('endpoint') as HTMLSelectElement;
      const button = document.querySelector('#request-form button[type="submit"]') as HTMLElement;
      const plain = document.body.appendChild(document.createElement('button'));
      plain.setAttribute('style', 'all: revert');
      const defaults = getComputedStyle(plain).backgroundColor;
      plain.remove();
      return {
        selectWidth: select.getBoundingClientRect().width,
        selectAppearance: getComputedStyle(select).appearance,
        selectRadius: getComputedStyle(select).borderTopLeftRadius,
        buttonBackground: getComputedStyle(button).backgroundColor,
        defaults,
      };
    });
    expect(looks.selectWidth).toBeLessThanOrEqual(420);
    expect(looks.selectAppearance).toBe('none');
    expect(looks.selectRadius).not.toBe('0px');
    expect(looks.buttonBackground).not.toBe(looks.defaults);
    await page.close();
  });

  it('brings the response into view after Send and shows status, cache and rate-limit headers', async () => {
    const page = await openExplorer();
    const problems = watchConsole(page);
    await page.click('#projects button');
    await page.selectOption('#endpoint', 'competitors');
    expect(
      await page.$eval('#response', (node) => node.getBoundingClientRect().top > innerHeight),
    ).toBe(true);
    await send(page);
    // The panel's top and its status line are on screen, not below the fold.
    await page.waitForFunction(() => {
      const top = document.getElementById('response')?.getBoundingClientRect().top ?? -1;
      const status = document.getElementById('status')?.getBoundingClientRect();
      return top >= 0 && status !== undefined && status.bottom <= innerHeight;
    });
    const ok = await statusOf(page);
    expect(ok.text).toBe('200 OK');
    expect(ok.state).toBe('success');
    const headers = await page.$$eval('#key-headers div', (pairs) =>
      Object.fromEntries(
        pairs.map((pair) => [
          pair.querySelector('dt')?.textContent,
          pair.querySelector('dd')?.textContent,
        ]),
      ),
    );
    expect(headers['x-aivis-cache']).toMatch(/^(MISS|HIT|STALE|BYPASS|REVALIDATED)/);
    expect(headers['x-ratelimit-limit']).toBe('120');
    expect(Number(headers['x-ratelimit-remaining'])).toBeLessThan(120);
    expect(await page.textContent('#request-url')).toBe(
      `GET ${demo.url}/accounts/showcase/api/v1/projects/3001/competitors`,
    );

    // A 404 says so in words and in another colour.
    await page.fill('#param-project', '9999');
    await send(page);
    const missing = await statusOf(page);
    expect(missing.text).toBe('404 Not Found');
    expect(missing.state).toBe('client-error');
    expect(missing.background).not.toBe(ok.background);
    expect(await page.textContent('#status-detail')).toContain('not_found');
    expect(problems.filter((text) => !text.includes('404'))).toEqual([]);
    await page.close();
  });

  it('marks invalid fields inline, sends nothing and clears the previous URL', async () => {
    const page = await openExplorer();
    await page.click('#projects button');
    await page.selectOption('#endpoint', 'answers');
    await send(page);
    expect(await page.textContent('#request-url')).not.toBe('');
    await page.fill('#param-limit', '500');
    await page.click('#request-form button[type="submit"]');
    await page.waitForSelector('#status[data-state="invalid"]');
    expect(await page.textContent('#error-limit')).toMatch(/1 to 100/);
    expect(await page.getAttribute('#param-limit', 'aria-invalid')).toBe('true');
    expect(await page.textContent('#request-url')).toBe('');
    expect(await page.$$eval('#key-headers div', (pairs) => pairs.length)).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('param-limit');
    await page.close();
  });

  it('shows any answer as the core table and downloads the same table as CSV', async () => {
    const page = await openExplorer();
    await page.click('#projects button');
    await page.selectOption('#endpoint', 'answers');
    await page.fill('#param-limit', '7');
    await send(page);
    await page.check('#view-table');
    expect(await page.isVisible('#table-view table')).toBe(true);
    expect(await page.isVisible('#json')).toBe(false);
    const body = await fetchJson(
      demo.sandboxUrl,
      '/projects/3001/answers?limit=7',
      'aivis_test_showcase',
    );
    const table = toTable('answers', { project: 3001, limit: 7 }, body);
    const shown = await page.$$eval('#table-view thead th', (cells) =>
      cells.map((cell) => cell.textContent),
    );
    expect(shown).toEqual(table.columns);
    expect(await page.$$eval('#table-view tbody tr', (rows) => rows.length)).toBe(7);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#csv')]);
    expect(download.suggestedFilename()).toBe('answers-3001.csv');
    const csv = await readFile((await download.path()) as string, 'utf8');
    expect(csv).toBe(toCsv(table));
    await page.close();
  });

  it('opens on the showcase account with its project 3001 chosen', async () => {
    const page = await openExplorer();
    expect(await page.inputValue('#account')).toBe('/accounts/showcase');
    await page.selectOption('#endpoint', 'competitors');
    await page.waitForFunction(
      () => (document.getElementById('param-project') as HTMLInputElement | null)?.value === '3001',
    );
    expect(await page.textContent('#projects button[aria-pressed="true"]')).toContain(
      'Northwind Outdoor',
    );
    await page.close();
  });

  it('shows no empty Parameters box, and keeps a long text to a short row until opened', async () => {
    const page = await openExplorer();
    await page.selectOption('#endpoint', 'projects');
    expect(await page.isVisible('#params')).toBe(false);
    await page.selectOption('#account', '');
    await page.waitForFunction(() =>
      document.querySelector('#projects button')?.textContent?.startsWith('1001'),
    );
    await page.selectOption('#endpoint', 'answers');
    expect(await page.isVisible('#params')).toBe(true);
    await page.check('#param-include_answer_text');
    await page.fill('#param-limit', '5');
    await send(page);
    await page.click('#view-table');
    const tallest = await page.$$eval('#table-view tbody tr', (rows) =>
      Math.max(...rows.map((row) => row.getBoundingClientRect().height)),
    );
    // 1001 plants a 2,500-character quote and a longer answer text (sandbox/data/hostile.ts).
    expect(await page.locator('#table-view details.clamped').count()).toBeGreaterThan(0);
    // Unclamped, the row stood about 1,300 px tall.
    expect(tallest).toBeLessThan(240);
    await page.close();
  });

  it('switches between the demo account and each scenario account', async () => {
    const page = await openExplorer();
    const accounts = await page.$$eval('#account option', (options) =>
      options.map((option) => (option as HTMLOptionElement).value),
    );
    expect(accounts).toEqual(
      expect.arrayContaining(['', '/accounts/pro', '/scenarios/expired', '/scenarios/free']),
    );
    await page.selectOption('#account', '/accounts/pro');
    await page.waitForFunction(() =>
      document.querySelector('#projects button')?.textContent?.startsWith('2001'),
    );
    await page.selectOption('#account', '/scenarios/expired');
    await page.waitForSelector('#projects li.error');
    await page.selectOption('#endpoint', 'projects');
    await send(page);
    expect((await statusOf(page)).text).toBe('401 Unauthorized');
    expect(await page.textContent('#request-url')).toBe(
      `GET ${demo.url}/scenarios/expired/api/v1/projects`,
    );
    const html = await page.content();
    expect(html).not.toContain('aivis_test_');
    await page.close();
  });

  it('follows a dark colour scheme', async () => {
    const luminance = async (scheme: 'light' | 'dark') => {
      const page = await openExplorer(scheme);
      const rgb = await page.evaluate(
        () => getComputedStyle(document.documentElement).backgroundColor,
      );
      await page.close();
      const [r = 0, g = 0, b = 0] = (rgb.match(/\d+/g) ?? []).map(Number);
      return (r + g + b) / 3;
    };
    expect(await luminance('light')).toBeGreaterThan(200);
    expect(await luminance('dark')).toBeLessThan(60);
  });

  it('shows no Download CSV button before an answer to download', async () => {
    const page = await openExplorer();
    expect(await page.isVisible('#csv')).toBe(false);
    await page.click('#projects button');
    await page.selectOption('#endpoint', 'competitors');
    await send(page);
    await page.click('#view-table');
    expect(await page.isVisible('#csv')).toBe(true);
    await page.close();
  });

  it("after an account switch, Send asks for that account's project, not the old one's", async () => {
    const page = await openExplorer();
    await page.selectOption('#endpoint', 'competitors');
    await page.click('#projects button');
    expect(await page.inputValue('#param-project')).toBe('3001');
    const pro = await page.$eval(
      '#account',
      (select) =>
        [...(select as HTMLSelectElement).options].find((option) => option.text.startsWith('Pro'))!
          .value,
    );
    await page.selectOption('#account', pro);
    await page.waitForFunction(() =>
      document.querySelector('#projects button')?.textContent?.startsWith('2001'),
    );
    await page.waitForFunction(
      () => (document.getElementById('param-project') as HTMLInputElement).value === '2001',
    );
    await send(page);
    expect((await statusOf(page)).text).toMatch(/^200/);
    await page.close();
  });

  it('at 390 px the table keeps names whole, one line per word at most, and scrolls instead', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${demo.url}/`);
    await page.waitForSelector('#projects button');
    await page.click('#projects button');
    await page.selectOption('#endpoint', 'competitors');
    await send(page);
    await page.click('#view-table');
    const cells = await page.$$eval('#table-view td', (nodes) =>
      nodes.map((node) => {
        const text = node.textContent ?? '';
        const range = document.createRange();
        range.selectNodeContents(node);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        return { text, lines: lines.size, words: text.split(/\s+/).filter(Boolean).length };
      }),
    );
    const names = cells.filter((cell) => /^[A-Z][a-z]+ [A-Z][a-z]+$/.test(cell.text));
    expect(names.length).toBeGreaterThan(2);
    for (const cell of names) expect(cell.lines, cell.text).toBeLessThanOrEqual(cell.words);
    await page.close();
  });
});
