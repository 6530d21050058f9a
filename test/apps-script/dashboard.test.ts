/**
 * Insert dashboard through the built Code.js against the sandbox: a sheet per
 * project with scorecards, real charts whose ranges cover exactly the data,
 * hostile brand names kept inert, unconnected sources explained, short
 * history drawn as far as it goes, and refreshed by Refresh now.
 */
import { describe, expect, test } from 'vitest';
import { FORMULA_BRAND } from '../../sandbox/data/hostile.js';
import type { FakeSheet } from '../../support/apps-script/spreadsheet.js';
import { useSandbox } from './fakes/context.js';

const suite = useSandbox();

interface Summary {
  ai_visibility: {
    score: number;
    share_of_voice: number;
    performance_comparison: { score_delta: number | null };
  };
  period: { start: string; end: string; latest_check_at: string };
}

/** The cells of a chart's range, read back from the sheet. */
function rangeValues(sheet: FakeSheet, a1: string): unknown[][] {
  return sheet.getRange(a1).getValues();
}

function scorecards(sheet: FakeSheet): Record<string, unknown> {
  const [labels, values] = sheet.getRange('A3:E4').getValues();
  return Object.fromEntries(labels!.map((label, index) => [label, values![index]]));
}

describe('Insert dashboard', () => {
  test('project 1001: scorecards from the summary, three charts over exactly the written data', () => {
    const addon = suite.load();
    const result = addon.call('aivisInsertDashboard', { project: 1001 }) as { sheetName: string };
    const sheet = addon.spreadsheet.getSheetByName(result.sheetName)!;
    const summary = suite.api('/projects/1001?include=ai_visibility').body as Summary;
    const cards = scorecards(sheet);
    expect(cards['Visibility score']).toBe(summary.ai_visibility.score);
    expect(cards.Change).toBe(summary.ai_visibility.performance_comparison.score_delta);
    expect(cards['Share of voice (%)']).toBe(summary.ai_visibility.share_of_voice);
    const traffic = suite.api('/projects/1001/ai-traffic?dataset=daily').body as {
      rows: Array<{ sessions: number }>;
    };
    expect(cards['AI-referred sessions']).toBe(
      traffic.rows.reduce((sum, row) => sum + row.sessions, 0),
    );

    expect(sheet.charts.map((chart) => [chart.type, chart.options.title])).toEqual([
      ['BAR', 'Competitor ranking: visibility'],
      ['LINE', 'Visibility by month: own brand and top competitors'],
      ['LINE', 'AI-referred sessions per day'],
    ]);
    const [bar, monthly, daily] = sheet.charts.map((chart) => rangeValues(sheet, chart.ranges[0]!));
    const ranking = suite.api('/projects/1001/competitors?limit=10').body as {
      competitors: Array<{ name: string; visibility: number }>;
    };
    expect(bar).toEqual([
      ['Brand', 'Visibility (%)'],
      ...ranking.competitors.map((each) => [each.name, each.visibility]),
    ]);
    expect(daily).toHaveLength(traffic.rows.length + 1);
    expect(daily!.every((row) => row.every((cell) => cell !== ''))).toBe(true);
    const history = suite.api('/projects/1001/competitors?dataset=history').body as {
      history: Array<{ month: string }>;
    };
    expect(monthly![0]).toHaveLength(5); // month, own brand, three competitors
    expect(monthly!.slice(1).map((row) => row[0])).toEqual(
      history.history.map((each) => each.month).sort(),
    );
    for (const chart of sheet.charts) expect(chart.numHeaders).toBe(1);

    // The hostile brand is a name on the sheet, never a formula.
    expect(sheet.grid().flat()).toContain(FORMULA_BRAND);
    expect(sheet.formulas()).toEqual([]);
    const footer = sheet
      .grid()
      .flat()
      .find((cell) => String(cell).startsWith('Period:'));
    expect(footer).toContain(`${summary.period.start} to ${summary.period.end}`);
    expect(footer).toContain(`checked up to ${summary.period.latest_check_at}`);
    expect(footer).toMatch(/AI traffic data fetched \d{4}-/);
  });

  test('project 1002: the unconnected GA4 is explained on the sheet, and no sessions chart is drawn', () => {
    const addon = suite.load();
    const { sheetName } = addon.call('aivisInsertDashboard', { project: 1002 }) as {
      sheetName: string;
    };
    const sheet = addon.spreadsheet.getSheetByName(sheetName)!;
    expect(scorecards(sheet)['AI-referred sessions']).toBe('not connected');
    const reason = (suite.api('/projects/1002/ai-traffic').body as { reason: string }).reason;
    expect(sheet.grid().flat()).toContain(`AI-referred sessions: ${reason}`);
    expect(sheet.charts.map((chart) => chart.options.title)).not.toContain(
      'AI-referred sessions per day',
    );
  });

  test('project 1003: two months of history are drawn and said to be short; no earlier period', () => {
    const addon = suite.load();
    const { sheetName } = addon.call('aivisInsertDashboard', { project: 1003 }) as {
      sheetName: string;
    };
    const sheet = addon.spreadsheet.getSheetByName(sheetName)!;
    const monthly = rangeValues(sheet, sheet.charts[1]!.ranges[0]!);
    expect(monthly).toHaveLength(3);
    expect(sheet.grid().flat()).toContain(
      'Monthly visibility: 2 month(s) of history so far; the line grows each month.',
    );
    expect(scorecards(sheet).Change).toBe('no earlier period');
  });

  test('a second project gets its own sheet; Refresh now redraws both without piling up charts', () => {
    const addon = suite.load();
    addon.call('aivisInsertDashboard', { project: 1001 });
    addon.call('aivisInsertDashboard', { project: 1003 });
    const names = addon.spreadsheet.getSheets().map((sheet) => sheet.getName());
    expect(names).toEqual(expect.arrayContaining(['AIVIS dashboard 1001', 'AIVIS dashboard 1003']));
    const sheet = addon.spreadsheet.getSheetByName('AIVIS dashboard 1001')!;
    sheet.getRange('A4').setValue('stale');
    const status = addon.call('aivisRefreshNow') as string;
    expect(status).toMatch(/2 dashboards/);
    expect(scorecards(sheet)['Visibility score']).not.toBe('stale');
    expect(sheet.charts).toHaveLength(3);
  });

  test('a dashboard for another connection is its own sheet and remembers the connection', async () => {
    const addon = suite.load();
    addon.call('aivisAddConnection', {
      name: 'Client B',
      baseUrl: 'https://aivis.example.com',
      token: 'aivis_test_pro',
    });
    const { sheetName } = addon.call('aivisInsertDashboard', {
      project: 2001,
      connection: 'Client B',
    }) as { sheetName: string };
    expect(sheetName).toBe('AIVIS dashboard 2001 (Client B)');
    const saved = JSON.parse(addon.documentProperties.getProperty('AIVIS_DASHBOARDS')!);
    expect(saved).toEqual([expect.objectContaining({ project: 2001, connection: 'Client B' })]);
    expect(addon.errorOf('aivisInsertDashboard', { project: 2001 })).toMatch(
      /not found in the account/,
    );
  });
});

describe('dashboard requests', () => {
  test('five reads in one fetchAll round trip when drawn cold; none from CacheService; five again after Refresh now', () => {
    const addon = suite.load();
    const batches = addon.urlFetch.batches();
    const requests = (work: () => void) => {
      const before = addon.urlFetch.calls.length;
      work();
      return addon.urlFetch.calls.length - before;
    };
    expect(requests(() => addon.call('aivisInsertDashboard', { project: 1001 }))).toBe(5);
    expect(addon.urlFetch.batches() - batches).toBe(1);
    expect(requests(() => addon.call('aivisInsertDashboard', { project: 1001 }))).toBe(0);
    expect(requests(() => addon.call('aivisRefreshNow'))).toBe(5);
    const sheet = addon.spreadsheet.getSheetByName('AIVIS dashboard 1001')!;
    expect(sheet.charts).toHaveLength(3);
  });
});

describe('a failed dashboard refresh', () => {
  test('keeps the previous values and charts, and the run log says why in words', () => {
    const addon = suite.load();
    addon.call('aivisInsertDashboard', { project: 1001 });
    const sheet = addon.spreadsheet.getSheetByName('AIVIS dashboard 1001')!;
    const before = sheet.grid();
    addon.setToken('aivis_test_revoked');
    addon.call('aivisScheduledRefresh', {});
    expect(sheet.grid()).toEqual(before);
    expect(sheet.charts).toHaveLength(3);
    const last = addon.spreadsheet.getSheetByName('AIVIS run log')!.grid().at(-1)!;
    expect(last.slice(1, 5)).toEqual(['dashboard', 'AIVIS dashboard 1001', 'Default', 'schedule']);
    expect(last[8]).toBe('failed');
    expect(last[9]).toMatch(/The API token was not accepted/);
  });
});
