/**
 * Refresh now and the scheduled refresh: re-run every import, append the
 * history rows, change the refresh cell, and record a status line (last run,
 * last error) in document properties for the sidebar.
 *
 * Exactly one time-driven trigger per user and spreadsheet runs the schedule;
 * installing a schedule replaces it. Editor add-ons may not run time-driven
 * triggers more often than hourly. The trigger carries no arguments: it runs
 * as the person who set it up and reads their token from their user properties.
 */
import { DOCUMENT_KEYS } from './config.js';
import { SCHEDULED_HANDLER } from './entry-points.js';
import { appendHistory } from './history.js';
import { listImports, runImport } from './imports.js';
import { userMessage } from './messages.js';
import { touchRefreshCell } from './refresh.js';
import { readCredentials, storedToken } from './settings.js';
import { readJson, writeJson } from './store.js';

export const FREQUENCIES = ['off', 'hourly', 'daily', 'weekly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export interface ScheduleSettings {
  frequency: Frequency;
  /** Projects whose key figures each run appends to the history sheet. */
  historyProjects: number[];
}

export interface RunStatus {
  /** ISO time of the last run. */
  lastRun: string;
  trigger: 'manual' | 'schedule';
  imports: number;
  failed: number;
  historyRows: number;
  /** The last error of that run, worded for the reader; null when all went well. */
  lastError: string | null;
}

export function readSchedule(): ScheduleSettings {
  return readJson<ScheduleSettings>(DOCUMENT_KEYS.schedule, {
    frequency: 'off',
    historyProjects: [],
  });
}

export function readStatus(): RunStatus | null {
  return readJson<RunStatus | null>(DOCUMENT_KEYS.status, null);
}

function ownTriggers(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet) {
  return ScriptApp.getUserTriggers(spreadsheet).filter(
    (trigger) => trigger.getHandlerFunction() === SCHEDULED_HANDLER,
  );
}

export function installSchedule(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  input: { frequency: string; historyProjects?: ReadonlyArray<number | string> },
): ScheduleSettings {
  if (!(FREQUENCIES as readonly string[]).includes(input.frequency)) {
    throw new Error(`Choose how often to refresh: ${FREQUENCIES.join(', ')}.`);
  }
  const frequency = input.frequency as Frequency;
  const historyProjects = (input.historyProjects ?? []).map((each) => {
    const id = Number(each);
    if (!Number.isInteger(id) || id < 1)
      throw new Error(`History project ${String(each)} is not a project id.`);
    return id;
  });
  if (frequency !== 'off') readCredentials(); // A schedule without a token would only fail later.
  for (const trigger of ownTriggers(spreadsheet)) ScriptApp.deleteTrigger(trigger);
  if (frequency !== 'off') {
    const clock = ScriptApp.newTrigger(SCHEDULED_HANDLER).timeBased();
    if (frequency === 'hourly') clock.everyHours(1);
    else if (frequency === 'daily') clock.everyDays(1).atHour(6);
    else clock.everyWeeks(1).onWeekDay(ScriptApp.WeekDay.MONDAY).atHour(6);
    clock.create();
  }
  const settings: ScheduleSettings = { frequency, historyProjects };
  writeJson(DOCUMENT_KEYS.schedule, settings);
  return settings;
}

/** Re-runs every import and appends history; never throws, the status says what failed. */
export function refreshAll(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  trigger: RunStatus['trigger'],
): RunStatus {
  const lock = LockService.getDocumentLock();
  const locked = lock ? lock.tryLock(30_000) : true;
  const status: RunStatus = {
    lastRun: new Date().toISOString(),
    trigger,
    imports: 0,
    failed: 0,
    historyRows: 0,
    lastError: null,
  };
  try {
    if (!locked)
      throw new Error(
        'Another refresh of this spreadsheet is still running; try again in a minute.',
      );
    const credentials = readCredentials();
    const stamp = touchRefreshCell(spreadsheet).getTime().toString();
    for (const record of listImports()) {
      try {
        runImport(spreadsheet, record, credentials, stamp);
        status.imports += 1;
      } catch (error) {
        status.failed += 1;
        status.lastError = `${record.sheetName}: ${userMessage(error, credentials.token)}`;
      }
    }
    const schedule = readSchedule();
    if (trigger === 'schedule' && schedule.historyProjects.length) {
      try {
        status.historyRows = appendHistory(spreadsheet, schedule.historyProjects, credentials);
      } catch (error) {
        status.failed += 1;
        status.lastError = `History: ${userMessage(error, credentials.token)}`;
      }
    }
  } catch (error) {
    status.failed += 1;
    status.lastError = userMessage(error, storedToken());
  } finally {
    if (locked && lock) lock.releaseLock();
  }
  writeJson(DOCUMENT_KEYS.status, status);
  return status;
}

/** One line for the sidebar and the toast. */
export function statusLine(status: RunStatus | null): string {
  if (!status) return 'Not refreshed yet.';
  const when = status.lastRun.replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
  const history = status.historyRows ? `, ${status.historyRows} history rows` : '';
  const failed = status.failed ? `, ${status.failed} failed` : '';
  const error = status.lastError ? ` Last error: ${status.lastError}` : '';
  return `Last ${status.trigger === 'schedule' ? 'scheduled ' : ''}run ${when}: ${status.imports} imports refreshed${history}${failed}.${error}`;
}
