/**
 * Alert checks (docs/alerts.md); digests are in alert-digests.ts, delivery
 * in alert-delivery.ts. After each refresh the schedule (and Check alerts
 * now) reads the figures of each project of the person the run is for,
 * compares them with the figures stored at the last check, and queues what
 * changed for each channel; each channel then gets at most one message per
 * run holding all of its queued alerts. A queued alert leaves the queue only
 * once delivered, so a failing webhook or a spent mail quota never loses one
 * (it is retried on the next run) and a delivered one is never sent again.
 * Nothing here throws into the refresh: every outcome is a run-log line.
 */

import { deliver, explain, logLine, scrubbed } from './alert-delivery.js';
import { fetchFigures, type ProjectFigures } from './alert-figures.js';
import type { Alert, Quote } from './alert-messages.js';
import {
  adoptSharedOutbox,
  channelsOf,
  enqueue,
  type Queue,
  queueKey,
  queuesOf,
  readQueue,
  serialize,
} from './alert-outbox.js';
import { runRuleChecks } from './alert-rules.js';
import {
  type AlertEntry,
  currentUser,
  entriesOf,
  readAlertEntries,
  stateKey,
} from './alert-settings.js';
import { type AlertState, stateOf } from './alert-state.js';
import { readState, stateText } from './alert-state-store.js';
import { readCredentials } from './connections.js';
import type { RunLogEntry } from './run-log.js';

export { dueDigests, sendDigestNow } from './alert-digests.js';

export interface CheckResult {
  sent: number;
  skipped: number;
  /** Said instead of counts when the person running it has no alerts here. */
  note?: string;
}

interface Evaluation {
  alerts: Alert[];
  /** Why a rule did not alert, for the run log. */
  quiet: string[];
  next: AlertState;
}

/** Compares a check's figures with the stored ones: the alerts, and the state to store. */
export function evaluate(
  entry: AlertEntry,
  previous: AlertState,
  figures: ProjectFigures,
): Evaluation {
  const next = stateOf(figures, previous);
  const alerts: Alert[] = [];
  const quiet: string[] = [];
  const base = { project: entry.project, brand: figures.brand, quotes: [] as Quote[] };
  runRuleChecks(entry.rules, { previous, next, figures, base, alerts, quiet });
  return { alerts, quiet, next };
}

const documentProperties = () => PropertiesService.getDocumentProperties();

function label(entry: AlertEntry): string {
  return entry.connection ?? '';
}

/** What one entry's check found: its alerts and the state to store. */
function checkEntry(
  entry: AlertEntry,
  trigger: RunLogEntry['trigger'],
  runFailed: boolean,
  now: Date,
  quietLine: (reason: string, status?: RunLogEntry['status']) => void,
): { alerts: Alert[]; next: AlertState | null; skipped: number } {
  const previous = readState(entry);
  let figures: ProjectFigures | null = null;
  let fetchError = '';
  let skipped = 0;
  try {
    figures = fetchFigures(
      entry.project,
      readCredentials(entry.connection),
      previous?.flaggedWatermark ?? null,
      now,
    );
  } catch (error) {
    fetchError = explain(error);
    quietLine(`Could not read the figures: ${fetchError}`, 'failed');
  }
  const alerts: Alert[] = [];
  let next: AlertState | null = previous;
  if (figures && !previous) {
    next = stateOf(figures, null);
    quietLine('First check: figures stored, nothing to compare with yet.');
  } else if (figures && previous) {
    const evaluation = evaluate(entry, previous, figures);
    alerts.push(...evaluation.alerts);
    next = evaluation.next;
    for (const reason of evaluation.quiet) {
      quietLine(`Not alerted: ${reason}.`);
      skipped += 1;
    }
  }
  if (next && trigger === 'schedule') {
    const failed = runFailed || Boolean(fetchError);
    next = { ...next, failedRuns: failed ? next.failedRuns + 1 : 0 };
    if (failed && next.failedRuns === 2 && entry.rules.run_failed) {
      alerts.push({
        kind: 'run_failed',
        project: entry.project,
        brand: next.brand,
        headline: 'The scheduled refresh failed twice in a row',
        details: [fetchError || 'See the sheet "AIVIS run log" for the errors.'],
        quotes: [],
      });
    }
  }
  return { alerts, next, skipped };
}

/**
 * Checks the projects of the person this run is for and delivers their
 * queued alerts: a scheduled run checks its owner's entries, Check alerts
 * now the presser's; nobody's press checks or sends another person's
 * (docs/alerts.md, "Who owns an alert"). `runFailed` says whether the
 * refresh before it failed (a scheduled run only: two in a row alert).
 * Callers hold the document lock, so two runs never interleave their
 * reads and writes of the state.
 */
export function checkAlerts(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  trigger: RunLogEntry['trigger'],
  runFailed: boolean,
  now: Date = new Date(),
): CheckResult & { log: RunLogEntry[] } {
  const owner = currentUser();
  const entries = entriesOf(owner, trigger === 'schedule');
  if (owner && trigger === 'schedule') adoptSharedOutbox(owner);
  const queued = owner ? queuesOf(owner) : [];
  if (entries.length === 0 && queued.length === 0) {
    const all = readAlertEntries();
    const others = [...new Set(all.flatMap((each) => (each.owner ? [each.owner] : [])))];
    const unowned = all.some((each) => each.owner === undefined);
    return {
      sent: 0,
      skipped: 0,
      note: others.length
        ? `You have no alerts in this spreadsheet: the ones here belong to ${others.join(', ')}, and only their own runs check and send them.`
        : unowned
          ? 'The alerts here were saved before each alert had an owner: the scheduled run checks them. Save them again in Alerts... to make them yours.'
          : 'No alerts are set up in this spreadsheet: add them in Alerts... first.',
      log: [],
    };
  }
  const log: RunLogEntry[] = [];
  let skipped = 0;
  for (const entry of entries) {
    const quietLine = (reason: string, status: RunLogEntry['status'] = 'skipped') =>
      log.push(
        logLine({
          kind: 'alert',
          sheetName: String(entry.project),
          connection: label(entry),
          trigger,
          status,
          error: reason,
        }),
      );
    try {
      const found = checkEntry(entry, trigger, runFailed, now, quietLine);
      skipped += found.skipped;
      // The state and the queues it fills are one write: a run cut off between
      // them can neither forget an alert it found nor find it a second time.
      const writes: Record<string, string> = {};
      if (found.next) writes[stateKey(entry)] = stateText(found.next);
      if (found.alerts.length) {
        for (const channel of channelsOf(entry)) {
          const queue: Queue = enqueue(readQueue(owner, channel), found.alerts);
          writes[queueKey(owner, channel)] = serialize(queue);
        }
      }
      if (Object.keys(writes).length) documentProperties().setProperties(writes);
    } catch (error) {
      // One odd answer costs its entry's line, never another project's alert.
      quietLine(`Not checked: ${explain(error)}`, 'failed');
    }
  }
  const delivery = deliver(spreadsheet, owner, trigger);
  return {
    sent: delivery.sent,
    skipped: skipped + delivery.skipped,
    log: scrubbed([...log, ...delivery.log]),
  };
}
