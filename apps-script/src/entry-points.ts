/**
 * The names Apps Script calls by string: menu handlers, the trigger handler,
 * google.script.run targets and HTML files. Pure data, so the Node-side build
 * (and tests) can read it without the Apps Script globals; the modules that
 * implement them are checked against it (server-api.ts with `satisfies`,
 * scripts/sheets/contract.ts against the bundle's exports).
 */
import { MENU_TITLE } from './config.js';

/** Menu item labels and the global functions they call. */
export const MENU_ITEMS = [
  { label: 'Settings...', handler: 'aivisShowSettings', target: 'showSettings' },
  { label: 'Refresh now', handler: 'aivisMenuRefreshNow', target: 'menuRefreshNow' },
  { label: 'Schedule refresh...', handler: 'aivisShowSchedule', target: 'showSchedule' },
  { label: 'Insert report...', handler: 'aivisShowInsertReport', target: 'showInsertReport' },
  { label: 'Build a query...', handler: 'aivisShowBuilder', target: 'showBuilder' },
  { label: 'Insert dashboard...', handler: 'aivisShowDashboard', target: 'showDashboard' },
  { label: 'Insert portfolio', handler: 'aivisInsertPortfolio', target: 'insertPortfolio' },
  { label: 'Alerts...', handler: 'aivisShowAlerts', target: 'showAlerts' },
  { label: 'Check alerts now', handler: 'aivisCheckAlertsNow', target: 'checkAlertsNow' },
] as const;

/** The trigger handler's global name. */
export const SCHEDULED_HANDLER = 'aivisScheduledRefresh';

/** Functions the sidebar and dialogs call through google.script.run. */
export const SERVER_FUNCTION_NAMES = [
  'aivisSidebarState',
  'aivisSaveSettings',
  'aivisRemoveToken',
  'aivisTestConnection',
  'aivisCheckService',
  'aivisReportChoices',
  'aivisInsertReport',
  'aivisRemoveImport',
  'aivisSetSchedule',
  'aivisRefreshNow',
  'aivisConnections',
  'aivisAddConnection',
  'aivisRenameConnection',
  'aivisRemoveConnection',
  'aivisSetDefaultConnection',
  'aivisProjects',
  'aivisPreview',
  'aivisInsertFormula',
  'aivisImportQuery',
  'aivisSavedItems',
  'aivisRunImport',
  'aivisEditImport',
  'aivisDeleteSaved',
  'aivisInsertDashboard',
  'aivisOpenRunLog',
  'aivisAlertSettings',
  'aivisSaveAlerts',
  'aivisSendDigestNow',
] as const;
export type ServerFunctionName = (typeof SERVER_FUNCTION_NAMES)[number];

/** The HTML files the build writes (scripts/sheets/html.ts) and the menu opens (menu.ts). */
export const PAGES = {
  settings: { file: 'Sidebar', title: MENU_TITLE },
  schedule: { file: 'ScheduleDialog', title: 'Schedule refresh', width: 420, height: 420 },
  report: { file: 'ReportDialog', title: 'Insert report', width: 520, height: 560 },
  builder: { file: 'Builder', title: 'Build a query' },
  dashboard: { file: 'DashboardDialog', title: 'Insert dashboard', width: 420, height: 360 },
  alerts: { file: 'Alerts', title: 'Alerts and digests' },
} as const;
