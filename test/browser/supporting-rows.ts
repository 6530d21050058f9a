/** The action plan's supporting rows in a browser suite's page. */
import type { Page } from 'playwright-core';

/**
 * Opens every action's supporting rows in the page's first action plan and
 * waits until each opened action shows what its request brought.
 * @param shown what an opened action shows when done: its table, by default;
 *   suites that accept an error there too widen it
 */
export async function openSupportingRows(page: Page, shown = 'table'): Promise<void> {
  await page.evaluate(() => {
    const plan = document.querySelector('aivis-action-plan')!.shadowRoot!;
    for (const button of plan.querySelectorAll<HTMLButtonElement>('button[aria-expanded]'))
      button.click();
  });
  await page.waitForFunction((selector) => {
    const plan = document.querySelector('aivis-action-plan')!.shadowRoot!;
    const opened = plan.querySelectorAll('button[aria-expanded="true"]').length;
    return opened > 0 && plan.querySelectorAll(selector).length === opened;
  }, shown);
}
