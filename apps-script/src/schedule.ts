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

import { readJson, writeJson } from '../../apps-script-platform/document-properties.js';
import { type CheckResult, checkAlerts, dueDigests } from './alerts.js';
import { DOCUMENT_KEYS } from './config.js';
import { defaultConnectionName, readCredentials, storedTokens } from './connections.js';
import { listDashboards, runDashboard } from './dashboard.js';
import { SCHEDULED_HANDLER } from './entry-points.js';
import { appendHistory } from './history.js';
import { listImports, runImport } from './imports.js';
import { userMessage } from './messages.js';
import { touchRefreshCell } from './refresh.js';
import { appendRunLog, type RunLogEntry, timedRun } from './run-log.js';

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
  dashboards: number;
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

/**
 * Re-runs every import and dashboard (each with its own connection) and
 * appends history; never throws: the status and the run log say what failed.
 * A failed import or dashboard keeps its previous values (nothing is written
 * before all its data has arrived).
 */
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
    dashboards: 0,
    failed: 0,
    historyRows: 0,
    lastError: null,
  };
  const explain = (error: unknown) => userMessage(error, storedTokens());
  const log: RunLogEntry[] = [];
  const record = (entry: RunLogEntry) => {
    log.push(entry);
    if (entry.status === 'failed') {
      status.failed += 1;
      status.lastError = `${entry.sheetName}: ${entry.error}`;
    }
    return entry.status === 'ok';
  };
  try {
    if (!locked)
      throw new Error(
        'Another refresh of this spreadsheet is still running; try again in a minute.',
      );
    const stamp = touchRefreshCell(spreadsheet).getTime().toString();
    const fallback = defaultConnectionName();
    const jobs = [
      ...listImports().map((each) => ({
        kind: 'import' as const,
        each,
        run: () => runImport(spreadsheet, each, stamp),
      })),
      ...listDashboards().map((each) => ({
        kind: 'dashboard' as const,
        each,
        run: () => runDashboard(spreadsheet, each, stamp),
      })),
    ];
    for (const { kind, each, run } of jobs) {
      const what = {
        kind,
        sheetName: each.sheetName,
        connection: each.connection ?? fallback,
        trigger,
      };
      if (record(timedRun(what, run, explain))) status[`${kind}s`] += 1;
    }
    const schedule = readSchedule();
    if (trigger === 'schedule' && schedule.historyProjects.length) {
      const what = {
        kind: 'history' as const,
        sheetName: 'History',
        connection: fallback,
        trigger,
      };
      record(
        timedRun(
          what,
          () => {
            status.historyRows = appendHistory(
              spreadsheet,
              schedule.historyProjects,
              readCredentials(),
            );
            return { rows: status.historyRows, requests: schedule.historyProjects.length };
          },
          explain,
        ),
      );
    }
    // Alerts and digests come after the refresh (also when there is nothing to
    // refresh); their outcomes are run-log lines and never fail the run.
    if (trigger === 'schedule') {
      log.push(...alertLines(spreadsheet, trigger, status.failed > 0));
    }
  } catch (error) {
    status.failed += 1;
    status.lastError = explain(error);
  } finally {
    if (locked && lock) lock.releaseLock();
  }
  try {
    appendRunLog(spreadsheet, log);
  } catch (error) {
    status.lastError = `Run log: ${explain(error)}`;
  }
  writeJson(DOCUMENT_KEYS.status, status);
  return status;
}

function alertLines(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  trigger: RunStatus['trigger'],
  runFailed: boolean,
): RunLogEntry[] {
  const lines: RunLogEntry[] = [];
  for (const step of [
    () => checkAlerts(spreadsheet, trigger, runFailed).log,
    () => dueDigests(spreadsheet, trigger),
  ]) {
    try {
      lines.push(...step());
    } catch (error) {
      lines.push({
        time: new Date(),
        kind: 'alert',
        sheetName: 'Alerts',
        connection: '',
        trigger,
        rows: 0,
        requests: 0,
        durationMs: 0,
        status: 'failed',
        error: userMessage(error, storedTokens()),
      });
    }
  }
  return lines;
}

/** Check alerts now: the alert check alone, under the same lock as a refresh. */
export function checkAlertsNow(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): CheckResult {
  const lock = LockService.getDocumentLock();
  if (lock && !lock.tryLock(30_000)) {
    throw new Error('A refresh of this spreadsheet is running; check alerts again in a minute.');
  }
  try {
    const result = checkAlerts(spreadsheet, 'manual', false);
    appendRunLog(spreadsheet, result.log);
    return {
      sent: result.sent,
      skipped: result.skipped,
      ...(result.note ? { note: result.note } : {}),
    };
  } finally {
    if (lock) lock.releaseLock();
  }
}

/** One line for the sidebar and the toast. */
export function statusLine(status: RunStatus | null): string {
  if (!status) return 'Not refreshed yet.';
  const when = status.lastRun.replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
  const history = status.historyRows ? `, ${status.historyRows} history rows` : '';
  const dashboards = status.dashboards ? `, ${status.dashboards} dashboards` : '';
  const failed = status.failed ? `, ${status.failed} failed` : '';
  const error = status.lastError ? ` Last error: ${status.lastError}` : '';
  return `Last ${status.trigger === 'schedule' ? 'scheduled ' : ''}run ${when}: ${status.imports} imports refreshed${dashboards}${history}${failed}.${error}`;
}
