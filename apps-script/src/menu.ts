/**
 * The add-on menu and the dialogs it opens. onOpen may run in AuthMode.NONE
 * (before the add-on is used in this file): it only builds the menu.
 */

import type { CheckResult } from './alerts.js';
import { MENU_TITLE } from './config.js';
import { MENU_ITEMS, PAGES } from './entry-points.js';
import { pageOutput } from './pages.js';
import { refreshAll, checkAlertsNow as runAlertCheck, statusLine } from './schedule.js';

export function buildMenu(): void {
  const menu = SpreadsheetApp.getUi().createAddonMenu();
  for (const item of MENU_ITEMS) menu.addItem(item.label, item.handler);
  menu.addToUi();
}

function showSidebar(page: { file: string; title: string }): void {
  SpreadsheetApp.getUi().showSidebar(pageOutput(page.file).setTitle(page.title));
}

export const showSettings = () => showSidebar(PAGES.settings);
export const showBuilder = () => showSidebar(PAGES.builder);
export const showAlerts = () => showSidebar(PAGES.alerts);

function showDialog(page: { file: string; title: string; width: number; height: number }): void {
  const output = pageOutput(page.file).setWidth(page.width).setHeight(page.height);
  SpreadsheetApp.getUi().showModalDialog(output, page.title);
}

export const showSchedule = () => showDialog(PAGES.schedule);
export const showInsertReport = () => showDialog(PAGES.report);
export const showDashboard = () => showDialog(PAGES.dashboard);

export function menuRefreshNow(): void {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  spreadsheet.toast(statusLine(refreshAll(spreadsheet, 'manual')), MENU_TITLE, 10);
}

/** Check alerts now: compares and delivers at once, without a refresh; returns what it did. */
export function checkAlertsNow(): CheckResult {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  const result = runAlertCheck(spreadsheet);
  spreadsheet.toast(
    result.note ?? `Alerts: ${result.sent} sent, ${result.skipped} skipped (see the run log).`,
    MENU_TITLE,
    10,
  );
  return result;
}

export function scheduledRefresh(): void {
  refreshAll(SpreadsheetApp.getActiveSpreadsheet(), 'schedule');
}
