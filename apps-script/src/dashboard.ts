/**
 * Insert dashboard: a sheet per project laid out for presenting (scorecards,
 * competitor ranking bar chart, monthly visibility lines, AI-referred sessions
 * per day, top actions, footer), written as inert values with real embedded
 * charts. Dashboards are remembered in document properties with their
 * connection and redrawn by Refresh now and the schedule. Everything is
 * fetched before anything is written, so a failed run leaves the sheet as it was.
 */

import { readJson, writeJson } from '../../apps-script-platform/document-properties.js';
import {
  checkRead,
  fetchTable,
  type PlannedRead,
  prefetch,
} from '../../apps-script-platform/fetch-table.js';
import { LIMITS } from '../../shared/api/vocabulary.js';
import { DOCUMENT_KEYS, IMPORT_BUDGET_MS, REFRESH_RANGE_NAME } from './config.js';
import { defaultConnectionName, readCredentials } from './connections.js';
import { refreshStamp } from './custom-functions.js';
import {
  ACTION_ROWS,
  type DashboardData,
  dashboardLayout,
  RANKING_ROWS,
} from './dashboard-layout.js';
import { inertValues } from './sheet-values.js';

export interface DashboardRecord {
  id: string;
  project: number;
  sheetName: string;
  connection?: string;
}

export interface DashboardResult {
  sheetName: string;
  rows: number;
  requests: number;
  charts: number;
}

export function listDashboards(): DashboardRecord[] {
  return readJson<DashboardRecord[]>(DOCUMENT_KEYS.dashboards, []);
}

export function saveDashboards(records: DashboardRecord[]): void {
  writeJson(DOCUMENT_KEYS.dashboards, records);
}

/** The five reads a dashboard needs, one page each (the row cap equals the page size). */
function reads(project: number): PlannedRead[] {
  const months = LIMITS.competitorHistoryMonths.default;
  // Each read is checked once, here; prefetch and fetchTable take it as it is.
  const read = (
    name: PlannedRead['read']['name'],
    input: Record<string, unknown>,
    maxRows: number,
  ): PlannedRead => ({ read: checkRead(name, { project, ...input }), maxRows });
  return [
    read('summary', { include: 'profile,ai_visibility' }, 1),
    read('competitors', { dataset: 'ranking', limit: RANKING_ROWS }, RANKING_ROWS),
    // The API's own default window of months.
    read('competitors', { dataset: 'history', limit: months }, months),
    read('ai-traffic', { dataset: 'daily' }, LIMITS.pageSize.max),
    read('action-plan', { limit: ACTION_ROWS }, ACTION_ROWS),
  ];
}

/**
 * One fetchAll round trip for all five (prefetch), then each read from
 * CacheService; within the same refresh scope a redraw costs no request.
 */
function fetchData(
  record: DashboardRecord,
  refreshStamp: string,
): { data: DashboardData; requests: number } {
  const credentials = readCredentials(record.connection);
  const options = { budgetMs: IMPORT_BUDGET_MS, refreshStamp };
  const planned = reads(record.project);
  let requests = prefetch(planned, options, credentials);
  const [summary, ranking, history, traffic, actions] = planned.map((each) => {
    const fetched = fetchTable(each.read, each.maxRows, options, credentials);
    requests += fetched.requests;
    return fetched.first as never;
  });
  return {
    data: {
      project: record.project,
      summary: summary!,
      ranking: ranking!,
      history: history!,
      traffic: traffic!,
      actions: actions!,
      refreshedAt: new Date(),
    },
    requests,
  };
}

/** Fetches, then redraws the dashboard's sheet: values and charts. */
export function runDashboard(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  record: DashboardRecord,
  refreshStamp: string,
): DashboardResult {
  // Refresh now and the schedule pass a new refresh value: a new cache scope, so fresh data.
  const { data, requests } = fetchData(record, refreshStamp);
  const layout = dashboardLayout(data);
  const sheet =
    spreadsheet.getSheetByName(record.sheetName) ?? spreadsheet.insertSheet(record.sheetName);
  sheet.clearContents();
  for (const chart of sheet.getCharts()) sheet.removeChart(chart);
  let rows = 0;
  for (const block of layout.blocks) {
    const width = Math.max(...block.values.map((row) => row.length));
    const values = block.values.map((row) => [...row, ...new Array(width - row.length).fill('')]);
    sheet.getRange(block.row, block.column, values.length, width).setValues(inertValues(values));
    rows += values.length;
  }
  for (const spec of layout.charts) {
    const { row, column, rows: height, columns } = spec.range;
    sheet.insertChart(
      sheet
        .newChart()
        .setChartType(spec.type === 'BAR' ? Charts.ChartType.BAR : Charts.ChartType.LINE)
        .addRange(sheet.getRange(row, column, height, columns))
        .setNumHeaders(1)
        .setOption('title', spec.title)
        .setPosition(spec.anchor.row, spec.anchor.column, 0, 0)
        .build(),
    );
  }
  return { sheetName: record.sheetName, rows, requests, charts: layout.charts.length };
}

/** Draws a dashboard for a project on its own sheet and remembers it for the schedule. */
export function insertDashboard(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  input: { project: number | string; connection?: string },
): DashboardResult {
  const project = Number(input.project);
  if (!Number.isInteger(project) || project < 1) {
    throw new Error('Choose a project from the list.');
  }
  const connection = input.connection || undefined;
  // The default connection's dashboards keep the short name; another account's say whose they are.
  const other = connection && connection !== defaultConnectionName();
  const sheetName = `AIVIS dashboard ${project}${other ? ` (${connection})` : ''}`;
  const existing = listDashboards().find((each) => each.sheetName === sheetName);
  const record: DashboardRecord = existing ?? {
    id: `dash_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6).toString(36)}`,
    project,
    sheetName,
    ...(connection ? { connection } : {}),
  };
  // Like the formulas: answers fetched since the refresh cell last changed come from
  // CacheService; Refresh now and the schedule change the cell and fetch afresh.
  const refresh = spreadsheet.getRangeByName(REFRESH_RANGE_NAME)?.getValue();
  const result = runDashboard(spreadsheet, record, refreshStamp(refresh));
  if (!existing) saveDashboards([...listDashboards(), record]);
  return result;
}

export function removeDashboard(id: string): void {
  saveDashboards(listDashboards().filter((each) => each.id !== id));
}
