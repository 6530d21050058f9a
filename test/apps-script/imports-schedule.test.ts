/**
 * The menu, Insert report, Refresh now and the scheduled refresh, through
 * the built Code.js against the sandbox: imports are written as inert values,
 * remembered, re-run by exactly one trigger, and history rows accumulate.
 */
import { describe, expect, test } from 'vitest';
import { FORMULA_BRAND, JAVASCRIPT_URL, SIGNED_QUERIES } from '../../sandbox/data/hostile.js';
import { PLATFORMS } from '../../shared/api/vocabulary.js';
import { isDate } from '../../support/apps-script/harness.js';
import { useSandbox } from './fakes/context.js';

const suite = useSandbox();

describe('menu and pages', () => {
  test('onOpen and onInstall build the add-on menu; every item calls an existing function', () => {
    const addon = suite.load();
    addon.call('onOpen', { authMode: 'NONE' });
    addon.call('onInstall', { authMode: 'FULL' });
    expect(addon.ui.menus).toHaveLength(2);
    const items = addon.ui.menus[0]!.items;
    expect(items.map((item) => item.label)).toEqual([
      'Settings...',
      'Refresh now',
      'Schedule refresh...',
      'Insert report...',
      'Build a query...',
      'Insert dashboard...',
      'Insert portfolio',
      'Alerts...',
      'Check alerts now',
    ]);
    for (const item of items) expect(typeof addon.context[item.handler]).toBe('function');
  });

  test('Settings opens the sidebar; its token field is a password field that is never pre-filled', () => {
    const addon = suite.load();
    addon.call('aivisShowSettings');
    const [page] = addon.ui.shown;
    expect(page?.kind).toBe('sidebar');
    const field = /<input[^>]*id="token"[^>]*>/.exec(page!.content)?.[0] ?? '';
    expect(field).toContain('type="password"');
    expect(field).not.toMatch(/\svalue=/);
    expect(page!.content).not.toContain('aivis_test_entry');
  });

  test('Insert report and Schedule refresh open their dialogs', () => {
    const addon = suite.load();
    addon.call('aivisShowInsertReport');
    addon.call('aivisShowSchedule');
    expect(addon.ui.shown.map((page) => [page.kind, page.title])).toEqual([
      ['dialog', 'Insert report'],
      ['dialog', 'Schedule refresh'],
    ]);
  });
});

describe('Insert report', () => {
  test('writes header, rows and a notes line as values; hostile text stays inert text', () => {
    const addon = suite.load();
    const result = addon.call('aivisInsertReport', {
      endpoint: 'competitors',
      project: 1001,
      options: '',
    }) as {
      sheetName: string;
      rows: number;
    };
    const sheet = addon.spreadsheet.getSheetByName(result.sheetName)!;
    const grid = sheet.grid();
    expect(grid[0]).toContain('name');
    expect(grid.slice(1, 1 + result.rows).map((row) => row[grid[0]!.indexOf('name')])).toContain(
      FORMULA_BRAND,
    );
    expect(String(grid.at(-1)?.[0])).toMatch(/Period/);

    addon.call('aivisInsertReport', {
      endpoint: 'search-performance',
      project: 1001,
      options: 'dataset=top_queries; limit=100',
      sheetName: 'Queries',
    });
    const queries = addon.spreadsheet.getSheetByName('Queries')!.grid().flat();
    for (const query of SIGNED_QUERIES) expect(queries).toContain(query);

    addon.call('aivisInsertReport', { endpoint: 'citations', project: 1001, sheetName: 'Cited' });
    expect(addon.spreadsheet.getSheetByName('Cited')!.grid().flat()).toContain(JAVASCRIPT_URL);

    addon.call('aivisInsertReport', {
      endpoint: 'answers',
      project: 1001,
      options: 'max_rows=200',
      sheetName: 'Answers',
    });
    for (const each of addon.spreadsheet.getSheets()) expect(each.formulas()).toEqual([]);
  });

  test('dates become Date cells, numbers numbers; the import is remembered for the schedule', () => {
    const addon = suite.load();
    addon.call('aivisInsertReport', {
      endpoint: 'answers',
      project: 1001,
      options: 'max_rows=40',
      sheetName: 'A',
    });
    const grid = addon.spreadsheet.getSheetByName('A')!.grid();
    const header = grid[0] as string[];
    expect(isDate(grid[1]![header.indexOf('checked_at')])).toBe(true);
    expect(typeof grid[1]![header.indexOf('id')]).toBe('number');
    const imports = JSON.parse(addon.documentProperties.getProperty('AIVIS_IMPORTS')!);
    expect(imports).toEqual([
      expect.objectContaining({
        sheetName: 'A',
        endpoint: 'answers',
        maxRows: 40,
        params: { project: 1001 },
      }),
    ]);
  });

  test('a bad request is refused with the validation message and not remembered', () => {
    const addon = suite.load();
    const error = addon.errorOf('aivisInsertReport', {
      endpoint: 'answers',
      project: 1001,
      options: 'limit=999',
    });
    expect(error).toMatch(/limit must be a whole number from 1 to 100/);
    expect(addon.documentProperties.getProperty('AIVIS_IMPORTS')).toBeNull();
  });
});

describe('schedule', () => {
  test('installs exactly one time-driven trigger, replacing the previous one; off removes it', () => {
    const addon = suite.load();
    addon.call('aivisSetSchedule', { frequency: 'hourly', historyProjects: [] });
    expect(addon.triggers.map((t) => [t.handler, t.schedule])).toEqual([
      ['aivisScheduledRefresh', { everyHours: 1 }],
    ]);
    addon.call('aivisSetSchedule', { frequency: 'weekly', historyProjects: [1001] });
    expect(addon.triggers).toHaveLength(1);
    expect(addon.triggers[0]!.schedule).toMatchObject({ everyWeeks: 1, onWeekDay: 'MONDAY' });
    expect(typeof addon.context[addon.triggers[0]!.handler]).toBe('function');
    addon.call('aivisSetSchedule', { frequency: 'off', historyProjects: [] });
    expect(addon.triggers).toHaveLength(0);
    expect(
      addon.errorOf('aivisSetSchedule', { frequency: 'minutely', historyProjects: [] }),
    ).toMatch(/off, hourly, daily, weekly/);
  });

  test('the trigger re-runs every import, changes the refresh cell, appends history and inserts one chart', async () => {
    const addon = suite.load();
    addon.call('aivisInsertReport', {
      endpoint: 'competitors',
      project: 1001,
      sheetName: 'Ranking',
    });
    addon.call('aivisInsertReport', {
      endpoint: 'ai-traffic',
      project: 1002,
      sheetName: 'Traffic',
    });
    addon.call('aivisSetSchedule', { frequency: 'daily', historyProjects: [1001, 1002] });
    addon.spreadsheet.getSheetByName('Ranking')!.clearContents();

    const mark = (await suite.sandbox.log()).length;
    addon.call('aivisScheduledRefresh', { triggerUid: addon.triggers[0]!.id });
    const paths = (await suite.sandbox.since(mark)).map((entry) => entry.path);
    expect(paths).toContain('/api/v1/projects/1001/competitors');
    expect(paths).toContain('/api/v1/projects/1002/ai-traffic');
    expect(addon.spreadsheet.getSheetByName('Ranking')!.grid()[0]).toContain('name');
    const refresh = addon.spreadsheet.getRangeByName('AIVIS_REFRESH')!.getValue();
    expect(isDate(refresh)).toBe(true);

    addon.call('aivisScheduledRefresh', {});
    const history = addon.spreadsheet.getSheetByName('AIVIS history')!;
    const grid = history.grid();
    const header = grid[0] as string[];
    expect(header).toEqual(
      expect.arrayContaining(['recorded_at', 'visibility_score', 'share_of_voice']),
    );
    expect(header).toEqual(expect.arrayContaining(PLATFORMS.map((p) => `mentions_${p}`)));
    expect(grid.slice(1).map((row) => row[header.indexOf('project')])).toEqual([
      1001, 1002, 1001, 1002,
    ]);
    const summary = suite.api('/projects/1001?include=ai_visibility').body as {
      ai_visibility: { score: number; share_of_voice: number };
    };
    expect(grid[1]![header.indexOf('visibility_score')]).toBe(summary.ai_visibility.score);
    expect(grid[1]![header.indexOf('share_of_voice')]).toBe(summary.ai_visibility.share_of_voice);
    expect(isDate(grid[1]![0])).toBe(true);
    expect(history.charts).toHaveLength(1);
    expect(history.charts[0]!.type).toBe('LINE');

    const status = JSON.parse(addon.documentProperties.getProperty('AIVIS_STATUS')!);
    expect(status).toMatchObject({
      trigger: 'schedule',
      imports: 2,
      failed: 0,
      historyRows: 2,
      lastError: null,
    });
    const state = addon.call('aivisSidebarState') as { status: string };
    expect(state.status).toMatch(/Last scheduled run .*: 2 imports refreshed, 2 history rows\./);
  });

  test('a failing run records the error for the status line, without the token', () => {
    const addon = suite.load();
    addon.call('aivisInsertReport', { endpoint: 'projects', sheetName: 'Projects' });
    addon.setToken('aivis_test_revoked');
    addon.call('aivisScheduledRefresh', {});
    const status = JSON.parse(addon.documentProperties.getProperty('AIVIS_STATUS')!);
    expect(status.failed).toBe(1);
    expect(status.lastError).toMatch(/^Projects: The API token was not accepted/);
    expect(JSON.stringify(status)).not.toContain('aivis_test_revoked');
  });

  test('Refresh now re-runs imports, changes the refresh cell and shows the status in a toast', () => {
    const addon = suite.load();
    addon.call('aivisInsertReport', { endpoint: 'projects', sheetName: 'Projects' });
    addon.call('aivisMenuRefreshNow');
    const first = addon.spreadsheet.getRangeByName('AIVIS_REFRESH')!.getValue() as Date;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
    addon.call('aivisMenuRefreshNow');
    const second = addon.spreadsheet.getRangeByName('AIVIS_REFRESH')!.getValue() as Date;
    expect(second.getTime()).toBeGreaterThan(first.getTime());
    expect(addon.spreadsheet.toasts.at(-1)).toMatch(/Last run .*: 1 imports refreshed\./);
  });
});
