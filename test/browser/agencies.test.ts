/**
 * An agency's setup in Chromium (docs/agencies.md, start/agency-demo.ts):
 * the portfolio on an intranet page lists both accounts' projects through
 * one proxy, and a client link shows its dashboard with JavaScript off,
 * asking no server but the proxy and carrying no token in any byte.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AgencyDemo, startAgencyDemo } from '../../start/agency-demo.js';
import { launchChromium } from '../../support/browser/harness.js';

const TOKENS = ['aivis_test_entry', 'aivis_test_pro'];
let demo: AgencyDemo;
let browser: Browser;

beforeAll(async () => {
  demo = await startAgencyDemo();
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

describe('an agency in the browser', () => {
  it("lists both accounts' projects in <aivis-portfolio>", async () => {
    const page = await browser.newPage();
    await page.goto(demo.portfolioUrl);
    await page.waitForFunction(
      () =>
        (document.querySelector('aivis-portfolio')?.shadowRoot?.querySelectorAll('[part~="row"]')
          .length ?? 0) === 4,
      undefined,
      { timeout: 20_000 },
    );
    const accounts = await page.$$eval('aivis-portfolio', ([element]) =>
      [...element!.shadowRoot!.querySelectorAll('[part~="row"] td:nth-child(2)')].map((cell) =>
        cell.textContent?.trim(),
      ),
    );
    expect(new Set(accounts)).toEqual(new Set(['acme', 'globex']));
    await page.close();
  });

  it('shows a client link with JavaScript off, from the proxy alone, with no token', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const asked: string[] = [];
    const bodies: string[] = [];
    page.on('request', (request) => asked.push(request.url()));
    page.on('response', async (response) => {
      bodies.push(`${JSON.stringify(await response.allHeaders())}\n${await response.text()}`);
    });
    const response = await page.goto(demo.clientLink);
    expect(response?.status()).toBe(200);
    await page.waitForLoadState('networkidle');
    expect(await page.getByText('Northwind Digital').isVisible()).toBe(true);
    expect(await page.getByText(/This link works until/).isVisible()).toBe(true);
    // The score card's heading, inside its shadow root, visible with script off.
    expect(
      await page
        .getByText(/^AI visibility · \S/)
        .first()
        .isVisible(),
    ).toBe(true);
    // The cards drew with no script: their shadow roots came from the HTML.
    expect(await page.locator('aivis-visibility-score').count()).toBe(1);
    const origin = new URL(demo.proxyUrl).origin;
    expect(
      asked.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:')),
    ).toEqual([]);
    expect(bodies.filter((body) => TOKENS.some((token) => body.includes(token)))).toEqual([]);
    await context.close();
  });
});
