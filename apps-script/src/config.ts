/**
 * The add-on's own settings: document property keys, time budgets, and the
 * options that are no API parameters (max_rows, connection). Everything about
 * the API itself comes from shared/, the service address and the user
 * property keys from apps-script-platform/.
 */
import { intParam, textParam } from '../../shared/api/param-rules.js';

/** Document properties: what this spreadsheet imports and how it is refreshed. */
export const DOCUMENT_KEYS = {
  imports: 'AIVIS_IMPORTS',
  status: 'AIVIS_STATUS',
  schedule: 'AIVIS_SCHEDULE',
  historyChart: 'AIVIS_HISTORY_CHART',
  dashboards: 'AIVIS_DASHBOARDS',
} as const;

/** The cell refresh actions change so formulas that reference it recalculate. */
export const REFRESH_RANGE_NAME = 'AIVIS_REFRESH';
export const REFRESH_SHEET_NAME = 'AIVIS';
export const HISTORY_SHEET_NAME = 'AIVIS history';
export const RUN_LOG_SHEET_NAME = 'AIVIS run log';
/** The run log keeps this many lines below its header; older ones are dropped. */
export const RUN_LOG_MAX_LINES = 500;

/** The row cap: an option of the Sheets functions, handled before the API's validation. */
export const MAX_ROWS_OPTION = 'max_rows';
export const maxRowsRule = intParam(
  1,
  50_000,
  'Rows to fetch at most across pages; the last row says so when the list was longer',
  5_000,
);

/** Which named connection (Settings) a function, import or dashboard uses: an add-on option, no API parameter. */
export const CONNECTION_OPTION = 'connection';
export const connectionRule = textParam(
  'Name of a connection in Settings; the default connection when omitted',
  40,
);

/** Sheets stops a custom function at 30 s; leave room to build the table and answer. */
export const CUSTOM_FUNCTION_BUDGET_MS = 25_000;
/** Menu actions and triggers may run 6 minutes; one import gets at most this much of it. */
export const IMPORT_BUDGET_MS = 120_000;

export const MENU_TITLE = 'AI Visibility';
export const SETTINGS_PATH = 'Extensions > AI Visibility > Settings';

/** The top-level table of inlined pages in the paste-install file (src/pages.ts, scripts/sheets/index.ts). */
export const INLINE_PAGES_GLOBAL = 'AIVIS_PAGES';
