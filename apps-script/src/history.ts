/**
 * History mode: the API answers for a period, it keeps no time series of its
 * key figures. Each scheduled run appends one row per project with the
 * summary's visibility score, share of voice and mentions per platform, so
 * the sheet builds the series; a line chart of it is inserted once.
 */

import {
  budgetSleep,
  scrubbedTransport,
  startBudget,
  urlFetchTransport,
} from '../../apps-script-platform/gas-transport.js';
import type { Credentials } from '../../apps-script-platform/user-token.js';
import { PLATFORMS } from '../../shared/api/vocabulary.js';
import { createSyncClient } from '../../shared/client/sync-client.js';
import type { ProjectSummary } from '../../shared/schemas/summary.js';
import { DOCUMENT_KEYS, HISTORY_SHEET_NAME, IMPORT_BUDGET_MS } from './config.js';
import { clipCell, inertValues, type SheetValue } from './sheet-values.js';

export const HISTORY_COLUMNS = [
  'recorded_at',
  'project',
  'brand',
  'period_used',
  'period_start',
  'period_end',
  'visibility_score',
  'share_of_voice',
  ...PLATFORMS.map((platform) => `mentions_${platform}`),
];

const SCORE_COLUMN = HISTORY_COLUMNS.indexOf('visibility_score') + 1;

/** One history row from a summary with the profile and ai_visibility blocks. */
export function historyRow(
  project: number,
  summary: ProjectSummary,
  recordedAt: Date,
): SheetValue[] {
  const visibility = summary.ai_visibility;
  const mentions = new Map(
    (visibility?.mentions_by_platform ?? []).map((entry) => [entry.platform, entry.mentions]),
  );
  return [
    recordedAt,
    project,
    clipCell(summary.profile?.brand_name ?? ''),
    clipCell(summary.period.used ?? ''),
    clipCell(summary.period.start ?? ''),
    clipCell(summary.period.end ?? ''),
    visibility?.score ?? '',
    visibility?.share_of_voice ?? '',
    ...PLATFORMS.map((platform) => mentions.get(platform) ?? ''),
  ];
}

function historySheet(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet) {
  const existing = spreadsheet.getSheetByName(HISTORY_SHEET_NAME);
  if (existing) return existing;
  const sheet = spreadsheet.insertSheet(HISTORY_SHEET_NAME);
  sheet.getRange(1, 1, 1, HISTORY_COLUMNS.length).setValues(inertValues([HISTORY_COLUMNS]));
  sheet.setFrozenRows(1);
  return sheet;
}

/** The chart goes in once; its open ranges (A:A, G:H) take in the rows appended later. */
function ensureChart(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
): void {
  const documentProperties = PropertiesService.getDocumentProperties();
  if (documentProperties.getProperty(DOCUMENT_KEYS.historyChart) || sheet.getCharts().length > 0) {
    return;
  }
  const chart = sheet
    .newChart()
    .setChartType(Charts.ChartType.LINE)
    .addRange(sheet.getRange(1, 1, sheet.getMaxRows(), 1))
    .addRange(sheet.getRange(1, SCORE_COLUMN, sheet.getMaxRows(), 2))
    .setNumHeaders(1)
    .setOption('title', 'AI visibility score and share of voice')
    .setPosition(2, HISTORY_COLUMNS.length + 2, 0, 0)
    .build();
  sheet.insertChart(chart);
  documentProperties.setProperty(DOCUMENT_KEYS.historyChart, spreadsheet.getId() || 'inserted');
}

/** Fetches each project's key figures and appends them; returns the rows appended. */
export function appendHistory(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  projects: readonly number[],
  credentials: Credentials,
): number {
  if (projects.length === 0) return 0;
  const budget = startBudget(IMPORT_BUDGET_MS);
  const client = createSyncClient({
    ...credentials,
    // The functions' token scrubbing (docs/security.md, "Token echoes"): a brand
    // that echoes the token must not reach a history cell.
    transport: scrubbedTransport(urlFetchTransport(budget), credentials.token),
    sleep: budgetSleep(budget),
  });
  const recordedAt = new Date();
  const rows = projects.map((project) =>
    historyRow(
      project,
      client.get('summary', { project, include: ['profile', 'ai_visibility'] }) as ProjectSummary,
      recordedAt,
    ),
  );
  const sheet = historySheet(spreadsheet);
  const start = Math.max(sheet.getLastRow(), 1) + 1;
  sheet.getRange(start, 1, rows.length, HISTORY_COLUMNS.length).setValues(inertValues(rows));
  ensureChart(spreadsheet, sheet);
  return rows.length;
}
