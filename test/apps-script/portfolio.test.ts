/**
 * `=AIVIS_PORTFOLIO()` and `=AIVIS(tool, project, options)` from the built
 * Code.js against the sandbox over HTTP (docs/agencies.md#sheets): one row
 * per project of every connection, each row's figures those of the project's
 * own summary (shared/portfolio.ts), a failing connection named in its row,
 * and the generic function giving the same table as the matching AIVIS_* one.
 */
import { describe, expect, test } from 'vitest';
import { PORTFOLIO_COLUMNS, portfolioCells, portfolioRow } from '../../shared/portfolio.js';
import { BUILT_SERVICE_URL } from '../../support/apps-script/harness.js';
import { useSandbox } from './fakes/context.js';

const suite = useSandbox();
type Grid = unknown[][];

function withClient(token: string) {
  const addon = suite.load();
  addon.call('aivisAddConnection', { name: 'Client B', baseUrl: BUILT_SERVICE_URL, token });
  return addon;
}

describe('=AIVIS_PORTFOLIO()', () => {
  test("lists every connection's projects, each row the project's own summary figures", () => {
    const grid = withClient('aivis_test_pro').call('AIVIS_PORTFOLIO') as Grid;
    expect(grid[0]).toEqual([...PORTFOLIO_COLUMNS]);
    const expected = [
      [1001, 'Default', 'aivis_test_entry'],
      [1002, 'Default', 'aivis_test_entry'],
      [1003, 'Default', 'aivis_test_entry'],
      [2001, 'Client B', 'aivis_test_pro'],
    ].map(([project, account, token]) => {
      const list = suite.api('/projects', token as string).body as {
        projects: Record<string, unknown>[];
      };
      const item = list.projects.find((each) => each.id === project)!;
      const summary = suite.api(`/projects/${project}`, token as string).body as Record<
        string,
        unknown
      >;
      return portfolioCells(portfolioRow({ ...item, account }, summary)).map((cell) => cell ?? '');
    });
    expect(grid.slice(1)).toEqual(expected);
  });

  test('names a connection whose token was revoked, and still lists the others', () => {
    const grid = withClient('aivis_test_revoked').call('AIVIS_PORTFOLIO') as Grid;
    const account = PORTFOLIO_COLUMNS.indexOf('account');
    expect(grid.slice(1).map((row) => row[account])).toEqual([
      'Default',
      'Default',
      'Default',
      'Client B',
    ]);
    expect(String(grid[4]![PORTFOLIO_COLUMNS.indexOf('brand')])).toMatch(/could not be read/);
    expect(JSON.stringify(grid)).not.toContain('aivis_test_revoked');
  });
});

describe('Insert portfolio', () => {
  test('puts =AIVIS_PORTFOLIO() on a sheet of its own, once', () => {
    const addon = suite.load();
    expect(addon.call('aivisInsertPortfolio')).toMatch(/^=AIVIS_PORTFOLIO\(/);
    addon.call('aivisInsertPortfolio');
    const sheets = addon.spreadsheet
      .getSheets()
      .filter((sheet) => sheet.getName() === 'AIVIS portfolio');
    expect(sheets).toHaveLength(1);
    expect(sheets[0]!.formulas()).toEqual([expect.stringMatching(/^=AIVIS_PORTFOLIO\(/)]);
  });
});

describe('=AIVIS(tool, project, options)', () => {
  test('gives the same table as the AIVIS_* function of that tool', () => {
    const addon = suite.load();
    expect(addon.call('AIVIS', 'get-competitors', 1001, 'dataset=ranking; limit=5')).toEqual(
      addon.call('AIVIS_COMPETITORS', 1001, 'ranking', 'limit=5'),
    );
    expect(addon.call('AIVIS', 'list-projects')).toEqual(addon.call('AIVIS_PROJECTS'));
    expect(addon.call('AIVIS', 'get-project-summary', 1001)).toEqual(
      addon.call('AIVIS_SUMMARY', 1001),
    );
  });

  test('refuses an unknown tool, listing the tools docs/data-api.md names', () => {
    expect(() => suite.load().call('AIVIS', 'get-everything', 1001)).toThrow(
      /tool must be one of list-projects, get-project-summary, get-ai-answers/,
    );
  });
});
