import { describe, expect, test } from 'vitest';
import { BUILT_SERVICE_URL } from '../../support/apps-script/harness.js';
import {
  axeViolations,
  openPage,
  openWithProjects,
  pageErrors,
  textOf,
  useChromium,
} from './fakes/browser-pages.js';
import { useSandbox } from './fakes/context.js';

const suite = useSandbox();
const chromium = useChromium();

const builder = () => openWithProjects(chromium(), suite.load(), 'Builder');

describe('Build a query sidebar', () => {
  test('builds a query from lists, previews 20 rows as the function returns them, inserts the formula', async () => {
    const { addon, page } = await builder();
    await page.selectOption('#report', 'competitors:history');
    await page.selectOption('#param-period', 'last_90_days');
    await page.fill('#param-max_rows', '6');
    const formula =
      '=AIVIS_COMPETITORS(1001, "history", "period=last_90_days; max_rows=6; connection=Default")';
    await expect.poll(() => textOf(page, '#formula')).toBe(formula);

    await page.click('#preview-button');
    await page.locator('#preview table').waitFor();
    const header = await page.locator('#preview th').allInnerTexts();
    const returned = addon.call(
      'AIVIS_COMPETITORS',
      1001,
      'history',
      'period=last_90_days; max_rows=6',
    ) as unknown[][];
    expect(header).toEqual(returned[0]!.map(String));
    expect(await page.locator('#preview tr').count()).toBe(returned.length);

    await page.click('#insert-formula');
    await expect.poll(() => textOf(page, '#result')).toBe(`Inserted ${formula} into Sheet1!A1.`);
    expect(addon.spreadsheet.getSheetByName('Sheet1')!.formulas()).toEqual([formula]);
    expect(pageErrors(page)).toEqual([]);
  });

  test("drawn with the add-on's own styles when Google's stylesheet does not load; the formula wraps between words", async () => {
    // openPage answers Google's add-on stylesheet with an empty file: the offline case.
    const { page } = await builder();
    await page.setViewportSize({ width: 300, height: 800 });
    await page.selectOption('#report', 'competitors:ranking');
    await page.fill('#param-max_rows', '5');
    await expect.poll(() => textOf(page, '#formula')).toMatch(/max_rows=5/);
    const looks = await page.evaluate(() => ({
      body: getComputedStyle(document.body).fontFamily,
      action: getComputedStyle(document.querySelector('button.action')!).backgroundColor,
      select: getComputedStyle(document.querySelector('select')!).borderTopColor,
    }));
    expect(looks.body).toMatch(/^Arial/);
    expect(looks.action).toBe('rgb(25, 103, 210)');
    expect(looks.select).toBe('rgb(220, 220, 220)');
    // Where each line of the formula starts: after a space, never inside a word.
    const lineStarts = await page.evaluate(() => {
      const text = document.querySelector('#formula')!.firstChild as Text;
      const range = document.createRange();
      const starts: string[] = [];
      let top = -1;
      for (let index = 0; index < text.length; index++) {
        range.setStart(text, index);
        range.setEnd(text, index + 1);
        const rect = range.getBoundingClientRect();
        if (rect.width === 0) continue;
        if (top >= 0 && rect.top > top + 2) starts.push(text.data.slice(index - 1, index + 1));
        top = rect.top;
      }
      return starts;
    });
    expect(lineStarts.length).toBeGreaterThan(0);
    for (const start of lineStarts) expect(start).toMatch(/^\s/);
  });

  test('answers preview stops at 20 rows and says the list is longer', async () => {
    const { page } = await builder();
    await page.selectOption('#report', 'answers');
    await page.click('#preview-button');
    await page.locator('#preview table').waitFor();
    expect(await page.locator('#preview tr').count()).toBe(22);
    expect(
      await page
        .locator('#preview tr')
        .last()
        .textContent()
        .then((value) => value ?? ''),
    ).toMatch(/Showing the first 20 of \d+ rows/);
  });

  test('validates as the user types, with the message the function gives, and sends nothing invalid', async () => {
    const { addon, page } = await builder();
    await page.selectOption('#report', 'answers');
    await page.fill('#param-limit', '999');
    const shown = await textOf(page, '#param-limit-error');
    expect(shown).toBe("limit must be a whole number from 1 to 100, not '999'");
    expect(addon.errorOf('AIVIS_ANSWERS', 1001, 'limit=999')).toContain(shown);
    expect(await page.getAttribute('#param-limit', 'aria-invalid')).toBe('true');
    expect(await textOf(page, '#formula')).toBe('');
    const mark = (await suite.sandbox.log()).length;
    await page.click('#preview-button');
    await expect.poll(() => textOf(page, '#error')).toBe('Check the fields marked above.');
    expect(await suite.sandbox.since(mark)).toEqual([]);

    await page.fill('#param-limit', '50');
    await expect.poll(() => textOf(page, '#param-limit-error')).toBe('');
    await page.fill('#param-since', '2026-11-10');
    await page.fill('#param-until', '2026-11-01');
    await expect
      .poll(() => textOf(page, '#param-until-error'))
      .toBe('until must be on or after since (2026-11-10)');
    await page.selectOption('#report', 'competitors:detail');
    await expect
      .poll(() => textOf(page, '#param-competitor-error'))
      .toMatch(/competitor is required when dataset=detail/);
  });

  test('import as values, then the saved list: edit reopens it filled in, run now, delete', async () => {
    const { addon, page } = await builder();
    await page.selectOption('#report', 'citations');
    await page.selectOption('#param-group_by', 'domain');
    await page.fill('#sheet-name', 'Domains');
    await page.click('#import');
    await expect.poll(() => textOf(page, '#result')).toMatch(/^Wrote \d+ rows to "Domains"/);
    expect(addon.spreadsheet.getSheetByName('Domains')!.grid()[0]).toContain('domain');
    await page.locator('#saved li').first().waitFor();
    expect(await textOf(page, '#saved li')).toMatch(
      /^Domains: Citations for project 1001 \(group_by=domain\) \[Default\]/,
    );

    await page.selectOption('#report', 'projects');
    await page.click('button[aria-label="Edit: Domains"]');
    await expect.poll(() => page.inputValue('#report')).toBe('citations');
    expect(await page.inputValue('#param-group_by')).toBe('domain');
    expect(await page.inputValue('#sheet-name')).toBe('Domains');
    expect(await textOf(page, '#editing')).toMatch(/Editing the import into "Domains"/);

    await page.click('button[aria-label="Run now: Domains"]');
    await expect.poll(() => textOf(page, '#result')).toMatch(/^Ran "Domains": \d+ rows\./);
    await page.click('button[aria-label="Delete: Domains"]');
    await expect.poll(() => page.locator('#saved li').count()).toBe(0);
    expect(addon.documentProperties.getProperty('AIVIS_IMPORTS')).toBe('[]');
  });

  test('works from the keyboard: Tab to Preview, Enter runs it', async () => {
    const { page } = await builder();
    await page.focus('#report');
    await page.keyboard.press('ArrowDown'); // the next report: summary
    for (let step = 0; step < 40; step++) {
      if ((await page.evaluate(() => document.activeElement?.id)) === 'preview-button') break;
      await page.keyboard.press('Tab');
    }
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('preview-button');
    await page.keyboard.press('Enter');
    await page.locator('#preview table').waitFor();
    expect(await textOf(page, '#preview caption')).toMatch(/=AIVIS_SUMMARY\(1001/);
  });

  test('axe finds nothing on the builder, before and after a preview', async () => {
    const { page } = await builder();
    expect(await axeViolations(page)).toEqual([]);
    await page.click('#preview-button');
    await page.locator('#preview table').waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('Settings: connections', () => {
  test('add, rename (asks first, naming the import), make default and remove; the token never comes back', async () => {
    const addon = suite.load();
    const page = await openPage(chromium(), addon, 'Sidebar');
    await page.locator('#connections li').first().waitFor();
    await page.fill('#new-name', 'Client B');
    await page.fill('#new-base-url', BUILT_SERVICE_URL);
    await page.fill('#new-token', 'aivis_test_pro');
    await page.click('#add-connection');
    await expect.poll(() => page.locator('#connections li').count()).toBe(2);
    expect(await page.inputValue('#new-token')).toBe('');
    expect(await page.content()).not.toContain('aivis_test_pro');
    expect(await textOf(page, '#connections')).toMatch(
      /Client B: https:\/\/aivis\.example\.com · token set/,
    );

    addon.call('aivisInsertDashboard', { project: 2001, connection: 'Client B' });
    await page.fill('#new-name', 'Client C');
    await page.click('button[aria-label="Rename: Client B"]');
    await expect
      .poll(() => textOf(page, '#connection-message'))
      .toBe(
        'Renaming "Client B" affects 1 import(s) or dashboard(s): AIVIS dashboard 2001 (Client B). Confirm to go on.',
      );
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('confirm');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => textOf(page, '#connection-message'))
      .toBe('Renamed "Client B" to "Client C".');
    expect(await page.isHidden('#confirm-box')).toBe(true);

    await page.click('button[aria-label="Make default: Client C"]');
    await expect.poll(() => textOf(page, '#connections')).toMatch(/Client C \(default\)/);
    await page.click('button[aria-label="Remove: Default"]');
    await expect
      .poll(() => textOf(page, '#connection-message'))
      .toBe('Removed "Default" and its token.');
    expect(await page.locator('#connections li').count()).toBe(1);
    expect(pageErrors(page)).toEqual([]);
  });

  test('an address outside the whitelist is refused in words; the token field is emptied anyway', async () => {
    const addon = suite.load();
    const page = await openPage(chromium(), addon, 'Sidebar');
    await page.locator('#connections li').first().waitFor();
    await page.fill('#new-name', 'Elsewhere');
    await page.fill('#new-base-url', 'https://evil.example');
    await page.fill('#new-token', 'aivis_test_pro');
    await page.click('#add-connection');
    await expect
      .poll(() => textOf(page, '#connection-error'))
      .toMatch(/must start with https:\/\/aivis\.example\.com\//);
    expect(await page.inputValue('#new-token')).toBe('');
    expect(await textOf(page, '#allowed-base-urls')).toBe(
      'Allowed addresses: https://aivis.example.com/',
    );
  });

  test('the token line and the connections list say the same after a token is saved or removed', async () => {
    const addon = suite.load({ token: undefined });
    addon.setToken(undefined);
    const page = await openPage(chromium(), addon, 'Sidebar');
    await page.locator('#connections li').first().waitFor();
    expect(await textOf(page, '#token-state')).toBe('Token not set');
    expect(await textOf(page, '#connections li')).toMatch(/· token not set/);

    await page.fill('#base-url', BUILT_SERVICE_URL);
    await page.fill('#token', 'aivis_test_pro');
    await page.click('#save');
    await expect.poll(() => textOf(page, '#error')).toBe('');
    await expect.poll(() => textOf(page, '#token-state')).toBe('Token set');
    await expect.poll(() => textOf(page, '#connections li')).toMatch(/· token set/);

    await page.click('#remove-token');
    await expect.poll(() => textOf(page, '#token-state')).toBe('Token not set');
    await expect.poll(() => textOf(page, '#connections li')).toMatch(/· token not set/);
  });

  test("Check the service's answers lists the report line by line, as the CLI prints it", async () => {
    const addon = suite.load({ token: 'aivis_test_old_names' });
    const page = await openPage(chromium(), addon, 'Sidebar');
    await page.click('#check-service');
    await page.locator('#drift-report li').last().waitFor();
    const lines = await page.locator('#drift-report li').allTextContents();
    expect(lines[0]).toMatch(/^Nothing to send: /);
    expect(lines).toContain(
      '  - ai_visibility.performance_comparison: found under another name, change (a known one, read all the same: nothing to send)',
    );
    expect(await page.content()).not.toContain('aivis_test_old_names');
    expect(pageErrors(page)).toEqual([]);
  });

  test('the status line links to the run log', async () => {
    const addon = suite.load();
    addon.call('aivisInsertDashboard', { project: 1003 });
    addon.call('aivisRefreshNow');
    const page = await openPage(chromium(), addon, 'Sidebar');
    await expect.poll(() => textOf(page, '#status')).toMatch(/1 dashboards/);
    await page.click('#run-log');
    await expect.poll(() => addon.spreadsheet.getActiveSheet().getName()).toBe('AIVIS run log');
  });
});

describe('Insert dashboard dialog', () => {
  test('draws the chosen project on its own sheet', async () => {
    const addon = suite.load();
    const page = await openPage(chromium(), addon, 'DashboardDialog');
    await page.locator('#project option[value="1002"]').waitFor({ state: 'attached' });
    await page.selectOption('#project', '1002');
    await page.click('#insert');
    await expect
      .poll(() => textOf(page, '#result'))
      .toMatch(/^Drew "AIVIS dashboard 1002": 2 charts\./);
    expect(addon.spreadsheet.getSheetByName('AIVIS dashboard 1002')!.charts).toHaveLength(2);
  });
});

describe('axe on each page', () => {
  test.each(['Sidebar', 'DashboardDialog', 'ReportDialog', 'ScheduleDialog'])(
    '%s',
    async (file) => {
      const addon = suite.load();
      const page = await openPage(chromium(), addon, file);
      await page.waitForLoadState('networkidle');
      await page.locator('select option, #connections li').first().waitFor({ state: 'attached' });
      expect(await axeViolations(page)).toEqual([]);
      expect(pageErrors(page)).toEqual([]);
    },
  );
});
