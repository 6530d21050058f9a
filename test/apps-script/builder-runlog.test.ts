/**
 * The query builder's server side and the run log, through the built Code.js
 * against the sandbox: preview as the function returns it, the formula it
 * inserts returns the same, imports saved, edited, run now and deleted, and
 * every run logged without the token; a failed run keeps the previous values.
 */
import { describe, expect, test } from 'vitest';
import { RUN_LOG_COLUMNS } from '../../apps-script/src/run-log.js';
import { useSandbox } from './fakes/context.js';

const suite = useSandbox();

/** A run log line's cells under the named columns. */
const cells = (line: unknown[], ...names: Array<(typeof RUN_LOG_COLUMNS)[number]>) =>
  names.map((name) => line[RUN_LOG_COLUMNS.indexOf(name)]);

const history = {
  report: 'competitors:history',
  project: 1001,
  params: { period: 'last_90_days' },
  maxRows: 3,
};

describe('query builder (server)', () => {
  test('preview shows the first 20 rows exactly as the inserted formula returns them', () => {
    const addon = suite.load();
    const query = {
      report: 'answers',
      project: 1001,
      params: { platform: 'chatgpt' },
      maxRows: 500,
    };
    const preview = addon.call('aivisPreview', query) as { formula: string; values: unknown[][] };
    expect(preview.formula).toBe('=AIVIS_ANSWERS(1001, "platform=chatgpt; max_rows=500")');
    const { formula, cell } = addon.call('aivisInsertFormula', query) as {
      formula: string;
      cell: string;
    };
    expect(cell).toBe('Sheet1!A1');
    expect(addon.spreadsheet.getSheetByName('Sheet1')!.formulas()).toEqual([formula]);
    const returned = addon.call(
      'AIVIS_ANSWERS',
      1001,
      'platform=chatgpt; max_rows=20',
    ) as unknown[][];
    const plain = (rows: unknown[][]) => JSON.parse(JSON.stringify(rows)) as unknown[][];
    expect(preview.values).toHaveLength(22); // header, 20 rows, the cap line
    expect(plain(preview.values.slice(0, 21))).toEqual(plain(returned.slice(0, 21)));
  });

  test('positional arguments, options and connection= are placed where the function reads them', () => {
    const addon = suite.load();
    const preview = addon.call('aivisPreview', { ...history, connection: 'Default' }) as {
      formula: string;
    };
    expect(preview.formula).toBe(
      '=AIVIS_COMPETITORS(1001, "history", "period=last_90_days; max_rows=3; connection=Default")',
    );
  });

  test("invalid input gets the functions' own messages, and nothing is fetched", async () => {
    const addon = suite.load();
    const mark = (await suite.sandbox.log()).length;
    const error = addon.errorOf('aivisPreview', {
      report: 'answers',
      project: 1001,
      params: { limit: '999' },
    });
    const formulaError = addon.errorOf('AIVIS_ANSWERS', 1001, 'limit=999');
    expect(error).toBe(formulaError.replace(/^AIVIS_ANSWERS: /, ''));
    expect(await suite.sandbox.since(mark)).toEqual([]);
  });

  test('import as values, edit (reopens filled in), run now and delete', () => {
    const addon = suite.load();
    const result = addon.call('aivisImportQuery', { ...history, sheetName: 'Months' }) as {
      id: string;
      rows: number;
    };
    expect(result.rows).toBe(3);
    const [saved] = addon.call('aivisSavedItems') as Array<{
      id: string;
      description: string;
      connection: string;
    }>;
    expect(saved).toMatchObject({
      description: 'Competitors: history for project 1001 (period=last_90_days)',
      connection: 'Default',
    });
    const reopened = addon.call('aivisEditImport', saved!.id);
    expect(reopened).toEqual({
      ...history,
      sheetName: 'Months',
      importId: saved!.id,
    });

    addon.call('aivisImportQuery', {
      ...(reopened as object),
      maxRows: 5,
    });
    const items = addon.call('aivisSavedItems') as Array<{ id: string }>;
    expect(items.map((each) => each.id)).toEqual([saved!.id]);
    expect(
      addon.spreadsheet
        .getSheetByName('Months')!
        .grid()
        .filter((row) => /^\d{4}-\d{2}$/.test(String(row[0]))),
    ).toHaveLength(5);

    expect((addon.call('aivisRunImport', saved!.id) as { rows: number }).rows).toBe(5);
    expect(addon.call('aivisDeleteSaved', saved!.id)).toEqual([]);
  });
});

describe('run log', () => {
  test('each run appends time, what, sheet, connection, rows, requests, duration and status', () => {
    const addon = suite.load();
    addon.call('aivisImportQuery', { ...history, sheetName: 'Months' });
    addon.call('aivisInsertDashboard', { project: 1003 });
    addon.call('aivisRefreshNow');
    const [header, ...lines] = addon.spreadsheet.getSheetByName('AIVIS run log')!.grid();
    // The built add-on writes the source's header; the cells below are read by its names.
    expect(header).toEqual([...RUN_LOG_COLUMNS]);
    expect(
      lines.map((line) => cells(line, 'what', 'sheet', 'connection', 'trigger', 'status')),
    ).toEqual([
      ['import', 'Months', 'Default', 'manual', 'ok'],
      ['dashboard', 'AIVIS dashboard 1003', 'Default', 'manual', 'ok'],
    ]);
    expect(cells(lines[0]!, 'rows')).toEqual([3]);
    expect(cells(lines[1]!, 'requests')).toEqual([5]);
  });

  test('a failed scheduled run keeps the previous values and logs the error in words, never the token', () => {
    const addon = suite.load();
    addon.call('aivisImportQuery', { ...history, sheetName: 'Months' });
    const before = addon.spreadsheet.getSheetByName('Months')!.grid();
    addon.setToken('aivis_test_revoked');
    addon.call('aivisScheduledRefresh', {});
    expect(addon.spreadsheet.getSheetByName('Months')!.grid()).toEqual(before);
    const last = addon.spreadsheet.getSheetByName('AIVIS run log')!.grid().at(-1)!;
    expect(cells(last, 'what', 'sheet', 'connection', 'trigger', 'status')).toEqual([
      'import',
      'Months',
      'Default',
      'schedule',
      'failed',
    ]);
    expect(cells(last, 'error')[0]).toMatch(/The API token was not accepted/);
    const everything = JSON.stringify(addon.spreadsheet.getSheets().map((sheet) => sheet.grid()));
    expect(everything).not.toContain('aivis_test_revoked');
  });

  test('keeps the latest 500 lines', () => {
    const addon = suite.load();
    addon.call('aivisImportQuery', { report: 'projects', params: {}, sheetName: 'P' });
    for (let run = 0; run < 3; run++) addon.call('aivisRefreshNow');
    const log = addon.spreadsheet.getSheetByName('AIVIS run log')!;
    // Fill to the limit through the log's own path: the add-on rewrites what it reads back.
    const filler = Array.from({ length: 499 }, (_, n) => [`line ${n}`]);
    log.getRange(2, 1, filler.length, 1).setValues(filler);
    addon.call('aivisRefreshNow');
    addon.call('aivisRefreshNow');
    const grid = log.grid();
    expect(grid).toHaveLength(501);
    expect(grid[1]![0]).toBe('line 1');
    expect(grid.at(-1)![8]).toBe('ok');
  });

  test('the status line offers the run log', () => {
    const addon = suite.load();
    expect(addon.call('aivisOpenRunLog')).toBe(false);
    addon.call('aivisImportQuery', { report: 'projects', params: {}, sheetName: 'P' });
    addon.call('aivisRefreshNow');
    expect(addon.call('aivisOpenRunLog')).toBe(true);
    expect(addon.spreadsheet.getActiveSheet().getName()).toBe('AIVIS run log');
  });
});
