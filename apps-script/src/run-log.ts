/**
 * The run log: every manual or scheduled run of an import or a dashboard
 * appends a line to the sheet "AIVIS run log" (time, what ran, rows, requests,
 * duration, status, the error in words), like the schedulers of API tools do.
 * Messages arrive already worded by userMessage, tokens redacted; the
 * connection appears by name only. The sheet keeps the latest lines.
 */
import { RUN_LOG_MAX_LINES, RUN_LOG_SHEET_NAME } from './config.js';
import { inertValues, type SheetValue } from './sheet-values.js';

export interface RunLogEntry {
  time: Date;
  kind: 'import' | 'dashboard' | 'history' | 'alert' | 'digest';
  sheetName: string;
  connection: string;
  trigger: 'manual' | 'schedule';
  rows: number;
  requests: number;
  durationMs: number;
  /** sent and skipped: alerts and digests (the error column says why). */
  status: 'ok' | 'failed' | 'sent' | 'skipped';
  error: string;
}

export const RUN_LOG_COLUMNS = [
  'time',
  'what',
  'sheet',
  'connection',
  'trigger',
  'rows',
  'requests',
  'duration_s',
  'status',
  'error',
] as const;

function line(entry: RunLogEntry): SheetValue[] {
  return [
    entry.time,
    entry.kind,
    entry.sheetName,
    entry.connection,
    entry.trigger,
    entry.rows,
    entry.requests,
    Math.round(entry.durationMs / 100) / 10,
    entry.status,
    entry.error,
  ];
}

/** Appends the entries, then keeps only the latest RUN_LOG_MAX_LINES below the header. */
export function appendRunLog(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  entries: readonly RunLogEntry[],
): void {
  if (entries.length === 0) return;
  const width = RUN_LOG_COLUMNS.length;
  const sheet =
    spreadsheet.getSheetByName(RUN_LOG_SHEET_NAME) ?? spreadsheet.insertSheet(RUN_LOG_SHEET_NAME);
  const last = sheet.getLastRow();
  const kept =
    last > 1 ? (sheet.getRange(2, 1, last - 1, width).getValues() as SheetValue[][]) : [];
  const lines = [...kept, ...entries.map(line)].slice(-RUN_LOG_MAX_LINES);
  sheet.clearContents();
  sheet.getRange(1, 1, 1, width).setValues(inertValues([[...RUN_LOG_COLUMNS]]));
  sheet.getRange(2, 1, lines.length, width).setValues(inertValues(lines));
  sheet.setFrozenRows(1);
}

/** Runs one job and returns its log entry; a failure is caught and worded, never thrown. */
export function timedRun(
  what: Pick<RunLogEntry, 'kind' | 'sheetName' | 'connection' | 'trigger'>,
  run: () => { rows: number; requests: number },
  explain: (error: unknown) => string,
): RunLogEntry {
  const started = Date.now();
  const time = new Date(started);
  try {
    const { rows, requests } = run();
    return {
      ...what,
      time,
      rows,
      requests,
      durationMs: Date.now() - started,
      status: 'ok',
      error: '',
    };
  } catch (error) {
    return {
      ...what,
      time,
      rows: 0,
      requests: 0,
      durationMs: Date.now() - started,
      status: 'failed',
      error: explain(error),
    };
  }
}
