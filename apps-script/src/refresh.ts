/**
 * The refresh cell. Sheets never recalculates a custom function by itself;
 * a formula that passes AIVIS_REFRESH as its last argument does recalculate
 * when that cell changes, and the new value also starts a new cache scope.
 */
import { REFRESH_RANGE_NAME, REFRESH_SHEET_NAME } from './config.js';

export function refreshRange(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
): GoogleAppsScript.Spreadsheet.Range {
  const named = spreadsheet.getRangeByName(REFRESH_RANGE_NAME);
  if (named) return named;
  const sheet =
    spreadsheet.getSheetByName(REFRESH_SHEET_NAME) ?? spreadsheet.insertSheet(REFRESH_SHEET_NAME);
  sheet
    .getRange('A1')
    .setValue(`Last refresh (pass ${REFRESH_RANGE_NAME} as the last argument of AIVIS_ functions)`);
  const cell = sheet.getRange('B1');
  spreadsheet.setNamedRange(REFRESH_RANGE_NAME, cell);
  return cell;
}

/** Sets the refresh cell to now; returns the new value. */
export function touchRefreshCell(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): Date {
  const now = new Date();
  refreshRange(spreadsheet).setValue(now);
  return now;
}
