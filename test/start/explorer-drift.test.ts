/**
 * The explorer's "Check the service's answers" in Chromium, through the
 * demo's proxy: nothing differs against the plain sandbox; against answers
 * reshaped as the real service might send them (support/reshape, applied to
 * what the browser receives) the report names each difference, one line
 * each, as `aivis check` prints it (docs/service-drift.md).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningDemo } from '../../start/demo.js';
import { launchChromium } from '../../support/browser/harness.js';
import { type ReshapeVariant, reshapeBody } from '../../support/reshape/reshape.js';
import { startTestDemo } from './demo-fixture.js';

let demo: RunningDemo;
let browser: Browser;

beforeAll(async () => {
  demo = await startTestDemo({ rateLimit: false });
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

async function check(
  variant?: ReshapeVariant,
): Promise<{ page: Page; lines: string[]; exit: string }> {
  const page = await browser.newPage();
  if (variant) {
    await page.route('**/api/v1/**', async (route) => {
      const response = await route.fetch();
      const url = new URL(route.request().url());
      if (response.status() !== 200) return route.fulfill({ response });
      const body = reshapeBody(variant, `${url.pathname}${url.search}`, await response.json());
      return route.fulfill({ response, json: body });
    });
  }
  await page.goto(`${demo.url}/`);
  await page.waitForSelector('#projects button');
  // The demo account (the explorer opens on the showcase's): these checks read project 1001.
  await page.selectOption('#account', '');
  await page.waitForFunction(() =>
    document.querySelector('#projects button')?.textContent?.startsWith('1001'),
  );
  await page.click('#check-service');
  await page.waitForSelector('#drift-report[data-exit-code]');
  const lines = await page.locator('#drift-report > li').allTextContents();
  const exit = (await page.getAttribute('#drift-report', 'data-exit-code')) ?? '';
  return { page, lines, exit };
}

describe("explorer: Check the service's answers", () => {
  it('the plain sandbox: every answer OK and "nothing differs"', async () => {
    const { page, lines, exit } = await check();
    expect(exit).toBe('0');
    expect(lines[0]).toBe('Nothing differs from what this client expects.');
    expect(lines[1]).toMatch(/^Sent \d+ requests for project 1001: \d+ answers as expected\.$/);
    // The requests that read as expected are folded away: the verdict stays in sight.
    expect(await page.locator('#drift-report details').getAttribute('open')).toBeNull();
    const box = await page.locator('#drift-report').boundingBox();
    expect(box?.height).toBeLessThan(200);
    expect(lines.filter((line) => line.startsWith('DIFFERS'))).toEqual([]);
    expect(await page.content()).not.toContain('aivis_test_');
    await page.close();
  });

  it.each([
    [
      'real-names',
      /^ {2}- actions\[\]\.next_request: found under another name, next_call \(a known one/,
      '0',
    ],
    ['period-shape', /^ {2}- period\.used: missing$/, '1'],
    ['numeric-strings', /^ {2}- rows\[\]\.ctr: of another type \(.*\), read all the same$/, '1'],
  ] as const)(
    '%s: the report names the difference on its own line',
    async (variant, line, code) => {
      const { page, lines, exit } = await check(variant);
      expect(exit).toBe(code);
      expect(
        lines.some((each) => line.test(each)),
        lines.join('\n'),
      ).toBe(true);
      expect(lines[0]).toMatch(
        code === '1'
          ? /answers differ from what this client expects: send this report/
          : /^Nothing to send: /,
      );
      await page.close();
    },
  );
});
