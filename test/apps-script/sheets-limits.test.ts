/**
 * Sheets' and Apps Script's own limits, enforced by the harness's fakes so a
 * suite catches what real Sheets would refuse: 50,000 characters in a cell,
 * 10 million cells in a spreadsheet, 9 KB per property value and 500 KB per
 * property store. Then the add-on against them: API text longer than a cell
 * (a field name too) is clipped, never a refused write.
 */
import { describe, expect, test } from 'vitest';
import {
  FakeProperties,
  FakeSpreadsheet,
  PROPERTY_STORE_LIMIT_BYTES,
  PROPERTY_VALUE_LIMIT_BYTES,
} from '../../support/apps-script/services.js';
import {
  CELL_CHARS_LIMIT,
  SPREADSHEET_CELLS_LIMIT,
} from '../../support/apps-script/spreadsheet.js';
import { useSandbox } from './fakes/context.js';
import { shapedHttp } from './fakes/shaped-http.js';

const suite = useSandbox();

describe('the fakes refuse what Sheets and Apps Script refuse', () => {
  test('a text longer than a cell holds fails the whole write; at the limit it is kept', () => {
    const sheet = new FakeSpreadsheet().getActiveSheet();
    const range = sheet.getRange(1, 1, 1, 2);
    expect(() => range.setValues([['ok', 'x'.repeat(CELL_CHARS_LIMIT + 1)]])).toThrow(
      /maximum of 50000 characters in a single cell/,
    );
    expect(sheet.cells.size).toBe(0);
    range.setValues([['ok', `'${'x'.repeat(CELL_CHARS_LIMIT)}`]]);
    expect(String(sheet.getRange(1, 2).getValue())).toHaveLength(CELL_CHARS_LIMIT);
  });

  test('a write past ten million cells is refused', () => {
    const sheet = new FakeSpreadsheet().getActiveSheet();
    const rows = 1 + SPREADSHEET_CELLS_LIMIT / 1000;
    const range = sheet.getRange(1, 1, rows, 1000);
    const row = new Array(1000).fill(1);
    const values = Array.from({ length: rows }, () => row);
    expect(() => range.setValues(values)).toThrow(/above the limit of 10000000 cells/);
  });

  test('9 KB per property value and 500 KB per store; setProperties writes all or nothing', () => {
    const store = new FakeProperties();
    expect(() => store.setProperty('big', 'x'.repeat(PROPERTY_VALUE_LIMIT_BYTES + 1))).toThrow(
      /Argument too large/,
    );
    const count = Math.floor(PROPERTY_STORE_LIMIT_BYTES / 9_000);
    for (let index = 0; index < count; index += 1)
      store.setProperty(`k${index}`, 'x'.repeat(8_990));
    expect(() => store.setProperties({ one: 'fits', two: 'x'.repeat(9_000) })).toThrow(
      /property storage quota/,
    );
    expect(store.getProperty('one')).toBeNull();
  });
});

describe('the add-on within them', () => {
  test('a field name longer than a cell holds is clipped in the header, in a function and an import', () => {
    const longKey = `k${'e'.repeat(60_000)}`;
    const http = shapedHttp(suite.http, (path, body) =>
      path.endsWith('/projects') && Array.isArray(body.projects)
        ? {
            ...body,
            projects: body.projects.map((row) => ({ ...(row as object), [longKey]: 'v' })),
          }
        : undefined,
    );
    const addon = suite.load({ http });
    const grid = addon.call('AIVIS_PROJECTS') as string[][];
    const header = grid[0]!.find((cell) => cell.startsWith('kee'));
    expect(header).toHaveLength(CELL_CHARS_LIMIT);
    expect(header!.endsWith('…')).toBe(true);
    addon.call('aivisInsertReport', { endpoint: 'projects', sheetName: 'Long names' });
    const written = addon.spreadsheet.getSheetByName('Long names')!.grid()[0]!.map(String);
    expect(written.find((cell) => cell.startsWith('kee'))).toHaveLength(CELL_CHARS_LIMIT);
  });
});
