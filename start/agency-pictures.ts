/**
 * `npx tsx start/agency-pictures.ts` (after `npm run build:widget`): the
 * pictures of docs/agencies.md, from the agency setup of start/agency-demo.ts
 * in Debian's Chromium: the portfolio on an intranet page, and a client
 * link's page with JavaScript off.
 */
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startAgencyDemo } from './agency-demo.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'];

const demo = await startAgencyDemo();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
try {
  const page = await browser.newPage({
    viewport: { width: 1100, height: 420 },
    colorScheme: 'light',
  });
  await page.goto(demo.portfolioUrl);
  await page.waitForFunction(
    () =>
      (document.querySelector('aivis-portfolio')?.shadowRoot?.querySelectorAll('[part~="row"]')
        .length ?? 0) >= 4,
    undefined,
    { timeout: 20_000 },
  );
  await page
    .locator('aivis-portfolio')
    .screenshot({ path: `${ROOT}docs/images/agency-portfolio.png` });
  const client = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 1100, height: 900 },
    colorScheme: 'light',
  });
  const clientPage = await client.newPage();
  await clientPage.goto(demo.clientLink);
  await clientPage.screenshot({ path: `${ROOT}docs/images/agency-client-page.png` });
  console.log('docs/images/agency-portfolio.png and docs/images/agency-client-page.png written');
} finally {
  await browser.close();
  await demo.close();
}
