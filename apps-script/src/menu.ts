/**
 * The add-on menu and the dialogs it opens. onOpen may run in AuthMode.NONE
 * (before the add-on is used in this file): it only builds the menu.
 */
import { MENU_TITLE } from './config.js';
import { MENU_ITEMS, PAGES } from './entry-points.js';
import { pageOutput } from './pages.js';
import { refreshAll, statusLine } from './schedule.js';

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

export function scheduledRefresh(): void {
  refreshAll(SpreadsheetApp.getActiveSpreadsheet(), 'schedule');
}
