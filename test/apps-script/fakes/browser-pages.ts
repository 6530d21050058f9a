/**
 * The add-on's built HTML pages in Chromium, with google.script.run replaced
 * by a fake that calls the real server functions of the built Code.js loaded
 * in the vm harness (which reaches the sandbox over HTTP). Like the real
 * google.script.run, arguments and results cross as JSON and failures reach
 * the failure handler as an Error with the server's message.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { type Addon, DIST_DIR } from '../../../support/apps-script/harness.js';
import { launchChromium } from '../../../support/browser/harness.js';

const AXE_PATH = resolve(import.meta.dirname, '../../../node_modules/axe-core/axe.min.js');
const ORIGIN = 'https://script.googleusercontent.test';

/** Runs in the page before its script: google.script.run as a chainable proxy. */
const FAKE_SCRIPT_RUN = `
(() => {
  const runner = (success, failure) => new Proxy({}, {
    get(_, name) {
      if (name === 'withSuccessHandler') return (handler) => runner(handler, failure);
      if (name === 'withFailureHandler') return (handler) => runner(success, handler);
      return (...args) => {
        window.__aivisServer(String(name), JSON.stringify(args)).then((answer) => {
          const { ok, error } = JSON.parse(answer);
          if (error !== undefined) failure && failure(new Error(error));
          else success && success(ok);
        });
      };
    },
  });
  window.google = { script: { run: runner(), host: { close() { window.__closed = true; } } } };
})();
`;

/** One Chromium for a suite's pages: launched before its tests, closed after them. */
export function useChromium(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}

/** An element's text, '' when it has none. */
export const textOf = (page: Page, selector: string): Promise<string> =>
  page
    .locator(selector)
    .textContent()
    .then((value) => value ?? '');

/** Opens a built page and waits until its project list holds the project (the sandbox's 1001 by default). */
export async function openWithProjects(
  browser: Browser,
  addon: Addon,
  file: string,
  project = 1001,
) {
  const page = await openPage(browser, addon, file);
  await page.locator(`#project option[value="${project}"]`).waitFor({ state: 'attached' });
  return { addon, page };
}

/** Opens a built page (e.g. "Builder") wired to the add-on's server functions. */
export async function openPage(browser: Browser, addon: Addon, file: string): Promise<Page> {
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  (page as Page & { problems?: string[] }).problems = problems;
  await page.exposeFunction('__aivisServer', (name: string, args: string) => {
    try {
      const result = addon.call(name, ...(JSON.parse(args) as unknown[]));
      return JSON.stringify({ ok: result ?? null });
    } catch (error) {
      return JSON.stringify({ error: (error as Error).message });
    }
  });
  await page.addInitScript(FAKE_SCRIPT_RUN);
  // HtmlService pages link Google's add-on stylesheet; offline, an empty one stands in.
  await page.route('https://ssl.gstatic.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/css', body: '' }),
  );
  await page.route(`${ORIGIN}/**`, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: readFileSync(join(DIST_DIR, `${file}.html`), 'utf8'),
    }),
  );
  await page.goto(`${ORIGIN}/${file}.html`);
  return page;
}

export function pageErrors(page: Page): string[] {
  return (page as Page & { problems?: string[] }).problems ?? [];
}

/** axe-core's violations (rule id and the first target) on the page as it is now. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(): Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }>;
        };
      }
    ).axe;
    const result = await axe.run();
    return result.violations.map((each) => `${each.id} ${JSON.stringify(each.nodes[0]?.target)}`);
  });
}
