/**
 * Alert checks and digests (docs/alerts.md). After each refresh the
 * schedule (and Check alerts now) reads each configured project's figures,
 * compares them with the figures stored at the last check, and queues what
 * changed for each channel; each channel then gets at most one message per
 * run holding all of its queued alerts. A queued alert leaves the queue only
 * once delivered, so a failing webhook or a spent mail quota never loses one
 * (it is retried on the next run) and a delivered one is never sent again.
 * Nothing here throws into the refresh: every outcome is a run-log line.
 */

import { digest as sha256 } from '../../apps-script-platform/response-cache.js';
import { redactSecret } from '../../shared/http/redaction.js';
import { compareFigures, describeChange, type FigureChange } from '../../shared/noise.js';
import {
  fetchFigures,
  type ProjectFigures,
  SOURCE_LABELS,
  type SourceState,
} from './alert-figures.js';
import {
  type Alert,
  alertEmail,
  type DigestContent,
  digestEmail,
  type Quote,
  webhookPayload,
} from './alert-messages.js';
import {
  adoptSharedOutbox,
  channelsOf,
  droppedNote,
  EMAIL,
  enqueue,
  type Queue,
  queueKey,
  queuesOf,
  readQueue,
  serialize,
} from './alert-outbox.js';
import {
  type AlertEntry,
  currentUser,
  entriesOf,
  PROPERTY_VALUE_LIMIT_BYTES,
  readAlertEntries,
  stateKey,
  storedWebhookUrls,
  utf8Bytes,
  webhookUrl,
  webhookView,
} from './alert-settings.js';
import { readCredentials, storedTokens } from './connections.js';
import { userMessage } from './messages.js';
import type { RunLogEntry } from './run-log.js';

/** Mails kept back for the day: near the quota, alerts wait rather than use the last ones. */
export const MAIL_RESERVE = 1;
const DAY_MS = 86_400_000;
const DIGEST_INTERVAL_MS = { daily: DAY_MS - 2 * 3_600_000, weekly: 7 * DAY_MS - 2 * 3_600_000 };

interface Reference {
  points: number;
  answers: number;
}

/** What the last check saw, per project and connection (document properties, one key each). */
interface AlertState {
  checkedAt: string;
  brand: string;
  score: Reference | null;
  shareOfVoice: Reference | null;
  /** Brands ahead of the own brand at the last check. */
  ahead: string[];
  flaggedWatermark: string | null;
  topAction: string | null;
  sources: Record<string, SourceState>;
  failedRuns: number;
  digest: DigestState | null;
}

interface DigestState {
  sentAt: string;
  score: Reference | null;
  shareOfVoice: Reference | null;
  ranks: Record<string, number>;
  flaggedWatermark: string | null;
}

export interface CheckResult {
  sent: number;
  skipped: number;
  /** Said instead of counts when the person running it has no alerts here. */
  note?: string;
}

/**
 * A rival's name as the state keeps it: short names as they are, long ones
 * as a digest, so ten of them always fit the state's 9 KB property.
 */
const nameKey = (name: string) => (name.length <= 40 ? name : `#${sha256(name).slice(0, 16)}`);

/** Every secret the add-on holds, for scrubbing any text that reaches a log or a message. */
function secrets(): string[] {
  return [...storedTokens(), ...storedWebhookUrls()];
}

function explain(error: unknown): string {
  let message = userMessage(error, storedTokens());
  for (const secret of storedWebhookUrls()) message = redactSecret(message, secret);
  return message;
}

function logLine(
  what: Pick<RunLogEntry, 'kind' | 'sheetName' | 'connection' | 'trigger' | 'status' | 'error'>,
): RunLogEntry {
  return { ...what, time: new Date(), rows: 0, requests: 0, durationMs: 0 };
}

const reference = (points: number | null, answers: number | null): Reference | null =>
  points === null ? null : { points, answers: answers ?? 0 };

function compare(before: Reference, after: Reference): FigureChange {
  return compareFigures(before, after);
}

function ownIndex(figures: ProjectFigures): number {
  return figures.ranking.findIndex((each) => each.own);
}

/** Names ahead of the own brand, as they are (for messages). */
function brandsAhead(figures: ProjectFigures): string[] {
  const own = ownIndex(figures);
  return own < 0 ? [] : figures.ranking.slice(0, own).map((each) => each.name);
}

function quotesOf(figures: ProjectFigures): Quote[] {
  return figures.flagged.slice(0, 3).map((each) => ({
    platform: each.platform,
    text: each.quote,
    why: each.why.join(', ') || 'flagged',
  }));
}

function stateOf(figures: ProjectFigures, previous: AlertState | null): AlertState {
  return {
    checkedAt: new Date().toISOString(),
    brand: figures.brand,
    score: reference(figures.score, figures.answers),
    shareOfVoice: reference(figures.shareOfVoice, figures.answers),
    ahead: brandsAhead(figures).map(nameKey),
    flaggedWatermark: figures.newestFlaggedAt,
    topAction: figures.actions[0] ?? null,
    sources: Object.fromEntries(figures.sources.map((each) => [each.source, each.state])),
    failedRuns: previous?.failedRuns ?? 0,
    digest: previous?.digest ?? null,
  };
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
  const threshold = entry.rules.score_change;
  const figureRule = (
    kind: 'score_change' | 'share_of_voice_change',
    label: string,
    key: 'score' | 'shareOfVoice',
  ) => {
    const before = previous[key];
    const after = next[key];
    if (!before || !after) {
      // A figure the answer lacks this time keeps its reference for the next check.
      if (!after) next[key] = before;
      return;
    }
    const change = compare(before, after);
    const large = Math.abs(change.change) >= threshold;
    if (large && change.beyondNoise) {
      alerts.push({
        ...base,
        kind,
        headline: `${label} ${change.change < 0 ? 'fell' : 'rose'} ${describeChange(change)}`,
        details: [`${label}: ${before.points} → ${after.points}.`],
      });
      return; // The new figure becomes the reference.
    }
    if (change.change !== 0) {
      quiet.push(
        `${label} ${describeChange(change)}: ${large ? 'within noise' : `below the ${threshold}-point threshold`}`,
      );
    }
    // Not alerted: keep the old reference, so a slow drift adds up until it counts.
    next[key] = before;
  };
  if (threshold > 0) {
    figureRule('score_change', 'Visibility score', 'score');
    figureRule('share_of_voice_change', 'Share of voice', 'shareOfVoice');
  } else {
    next.score = previous.score ?? next.score;
    next.shareOfVoice = previous.shareOfVoice ?? next.shareOfVoice;
  }
  if (entry.rules.competitor_overtakes) {
    const own = figures.ranking[ownIndex(figures)];
    const passed = brandsAhead(figures).filter(
      (name) => !previous.ahead.includes(nameKey(name)) && !previous.ahead.includes(name),
    );
    for (const name of passed) {
      const rival = figures.ranking.find((each) => each.name === name)!;
      alerts.push({
        ...base,
        kind: 'competitor_overtakes',
        headline: `${name} overtook ${figures.brand} in the ranking`,
        details: [
          `${name}: visibility ${rival.visibility} (rank ${rival.rank}); ${figures.brand}: ${own ? `${own.visibility} (rank ${own.rank})` : 'not in the top ten'}.`,
        ],
      });
    }
  }
  if (entry.rules.flagged_answers && figures.flagged.length > 0) {
    const count = `${figures.flagged.length}${figures.flaggedMore ? '+' : ''}`;
    alerts.push({
      ...base,
      kind: 'flagged_answers',
      headline: `${count} newly flagged answer${figures.flagged.length === 1 ? '' : 's'} (negative, naming a drawback or off topic)`,
      details: [],
      quotes: quotesOf(figures),
    });
  }
  if (entry.rules.source_stale) {
    for (const source of figures.sources) {
      const before = previous.sources[source.source] ?? 'fresh';
      if (source.state !== 'fresh' && before === 'fresh') {
        alerts.push({
          ...base,
          kind: 'source_stale',
          headline: `${SOURCE_LABELS[source.source] ?? source.source} became ${source.state}`,
          details: [
            source.fetchedAt
              ? `Newest stored snapshot: ${source.fetchedAt}.`
              : 'No snapshot is stored.',
          ],
        });
      }
    }
  }
  if (
    entry.rules.top_action &&
    previous.topAction !== null &&
    next.topAction !== null &&
    next.topAction !== previous.topAction
  ) {
    alerts.push({
      ...base,
      kind: 'top_action',
      headline: 'The top action of the plan changed',
      details: [`Now: ${next.topAction}`, `Before: ${previous.topAction}`],
    });
  }
  return { alerts, quiet, next };
}

function spreadsheetUrl(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): string {
  try {
    return spreadsheet.getUrl() ?? '';
  } catch {
    return '';
  }
}

function recipient(): string {
  return Session.getEffectiveUser().getEmail();
}

/** An alert or a digest to the user the schedule runs as, in HTML with its plain-text twin. */
function sendToSelf(message: { subject: string; text: string; html: string }): void {
  MailApp.sendEmail({
    to: recipient(),
    subject: message.subject,
    body: message.text,
    htmlBody: message.html,
    name: 'AI Visibility',
  });
}

function channelLabel(channel: string): string {
  return channel === EMAIL ? 'email' : (webhookView(channel)?.label ?? 'a removed webhook');
}

/** A delivery failure already worded for the run log (and holding no address). */
class DeliveryProblem extends Error {}

/** Posts one message; throws with a worded reason (no URL) on failure. */
function post(channel: string, alerts: readonly Alert[]): void {
  const target = webhookUrl(channel);
  if (!target) throw new DeliveryProblem('The webhook is no longer saved');
  let status: number;
  try {
    status = UrlFetchApp.fetch(target.url, {
      method: 'post',
      contentType: 'application/json',
      payload: JSON.stringify(webhookPayload(alerts, target.kind)),
      muteHttpExceptions: true,
      followRedirects: false,
    }).getResponseCode();
  } catch {
    // UrlFetchApp's own message quotes the address (a secret), perhaps cut short
    // where no redaction would find it: say what happened without it.
    throw new DeliveryProblem('The webhook could not be reached');
  }
  if (status < 200 || status >= 300) {
    throw new DeliveryProblem(`The webhook answered HTTP ${status}`);
  }
}

interface Delivery {
  log: RunLogEntry[];
  sent: number;
  skipped: number;
}

const documentProperties = () => PropertiesService.getDocumentProperties();

/**
 * Sends each of the owner's queues as one message. A sent queue's property
 * is deleted right after its send, before the next channel is tried; a
 * queue that cannot go stays for the next run (docs/alerts.md, "Limits").
 */
function deliver(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  owner: string,
  trigger: RunLogEntry['trigger'],
): Delivery {
  const result: Delivery = { log: [], sent: 0, skipped: 0 };
  const note = (
    channel: string,
    alerts: readonly Alert[],
    status: RunLogEntry['status'],
    error: string,
  ) => {
    for (const alert of alerts) {
      result.log.push(
        logLine({
          kind: 'alert',
          sheetName: alert.project ? `${alert.project}: ${alert.kind}` : alert.kind,
          connection: channelLabel(channel),
          trigger,
          status,
          error: status === 'sent' ? alert.headline : error,
        }),
      );
    }
    if (status === 'sent') result.sent += alerts.length;
    else result.skipped += alerts.length;
  };
  for (const { key, queue } of queuesOf(owner)) {
    const { channel } = queue;
    const alerts = queue.dropped ? [droppedNote(queue.dropped), ...queue.alerts] : queue.alerts;
    if (queue.alerts.length === 0) {
      documentProperties().deleteProperty(key);
      continue;
    }
    if (channel !== EMAIL && !webhookUrl(channel)) {
      // The webhook was removed from the settings: its queue has nowhere to go.
      note(channel, queue.alerts, 'skipped', 'The webhook was removed from the alert settings.');
      documentProperties().deleteProperty(key);
      continue;
    }
    try {
      if (channel === EMAIL) {
        const left = MailApp.getRemainingDailyQuota();
        if (left <= MAIL_RESERVE) {
          note(
            channel,
            queue.alerts,
            'skipped',
            `Mail quota nearly spent (${left} left today): kept for the next run.`,
          );
          continue;
        }
        sendToSelf(alertEmail(alerts, spreadsheetUrl(spreadsheet)));
      } else {
        post(channel, alerts);
      }
    } catch (error) {
      const why = error instanceof DeliveryProblem ? error.message : explain(error);
      note(channel, queue.alerts, 'failed', `${why}; kept for the next run.`);
      continue;
    }
    documentProperties().deleteProperty(key);
    note(channel, queue.alerts, 'sent', '');
  }
  return result;
}

function readState(entry: AlertEntry): AlertState | null {
  const text = documentProperties().getProperty(stateKey(entry));
  if (!text) return null;
  try {
    return JSON.parse(text) as AlertState;
  } catch {
    return null;
  }
}

/**
 * A state as its property value, always under the 9 KB a value holds: names
 * are clipped on reading (alert-figures.ts) and long rivals kept as
 * digests, so only a pathological answer reaches the fallbacks, which give
 * up comparisons rather than the entry.
 */
function stateText(state: AlertState): string {
  const fits = (text: string) => utf8Bytes(text) <= PROPERTY_VALUE_LIMIT_BYTES - 512;
  let text = JSON.stringify(state);
  if (fits(text)) return text;
  const lighter: AlertState = {
    ...state,
    ahead: [],
    topAction: null,
    digest: state.digest ? { ...state.digest, ranks: {} } : null,
  };
  text = JSON.stringify(lighter);
  return fits(text) ? text : JSON.stringify({ ...lighter, brand: state.brand.slice(0, 40) });
}

function writeState(entry: AlertEntry, state: AlertState): void {
  documentProperties().setProperty(stateKey(entry), stateText(state));
}

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
    const others = [
      ...new Set(readAlertEntries().flatMap((each) => (each.owner ? [each.owner] : []))),
    ];
    return {
      sent: 0,
      skipped: 0,
      note: others.length
        ? `You have no alerts in this spreadsheet: the ones here belong to ${others.join(', ')}, and only their own runs check and send them.`
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

function scrubbed(log: RunLogEntry[]): RunLogEntry[] {
  const all = secrets();
  return log.map((entry) => {
    let error = entry.error;
    for (const secret of all) error = redactSecret(error, secret);
    return { ...entry, error };
  });
}

// ---- Digests ----

function figureLine(label: string, before: Reference | null, after: Reference | null): string {
  if (!after) return `${label}: not given`;
  if (!before) return `${label}: ${after.points}`;
  const change = compare(before, after);
  return `${label}: ${after.points}, ${describeChange(change)}${change.beyondNoise ? '' : ', within noise'}`;
}

export function digestContent(
  entry: AlertEntry,
  figures: ProjectFigures,
  previous: DigestState | null,
  rhythm: string,
): { content: DigestContent; next: DigestState } {
  const score = reference(figures.score, figures.answers);
  const shareOfVoice = reference(figures.shareOfVoice, figures.answers);
  const ranking = figures.ranking.slice(0, 5).map((each) => {
    const before = previous?.ranks[nameKey(each.name)] ?? previous?.ranks[each.name];
    const moved =
      before === undefined
        ? previous
          ? ', new in the top ten'
          : ''
        : before === each.rank
          ? ''
          : before > each.rank
            ? `, up from ${before}`
            : `, down from ${before}`;
    return `${each.rank}. ${each.name}${each.own ? ' (own brand)' : ''}: ${each.visibility}${moved}`;
  });
  const count = figures.flagged.length;
  const since = previous ? 'since the last digest' : 'in the latest checks';
  const flagged = count
    ? `${count}${figures.flaggedMore ? '+' : ''} newly flagged answer${count === 1 ? '' : 's'} ${since} (negative, naming a drawback or off topic).`
    : `No newly flagged answers ${since}.`;
  const content: DigestContent = {
    project: entry.project,
    brand: figures.brand,
    rhythm,
    period:
      figures.periodStart && figures.periodEnd
        ? `${figures.periodStart} to ${figures.periodEnd}`
        : 'the default period',
    figures: [
      figureLine('Visibility score', previous?.score ?? null, score),
      figureLine('Share of voice', previous?.shareOfVoice ?? null, shareOfVoice),
    ],
    ranking,
    flagged,
    quotes: quotesOf(figures),
    actions: figures.actions.length ? figures.actions : ['The plan has no actions yet.'],
    sources: figures.sources.length
      ? figures.sources.map(
          (each) =>
            `${SOURCE_LABELS[each.source] ?? each.source}: ${each.state}${each.fetchedAt ? ` (newest snapshot ${each.fetchedAt})` : ''}`,
        )
      : ['No connected sources.'],
  };
  const next: DigestState = {
    sentAt: new Date().toISOString(),
    score,
    shareOfVoice,
    ranks: Object.fromEntries(figures.ranking.map((each) => [nameKey(each.name), each.rank])),
    flaggedWatermark: figures.newestFlaggedAt,
  };
  return { content, next };
}

/** Sends one project's digest by email now; returns the run-log lines. */
function sendDigest(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  entry: AlertEntry,
  trigger: RunLogEntry['trigger'],
): RunLogEntry[] {
  const line = (status: RunLogEntry['status'], error: string) => [
    logLine({
      kind: 'digest',
      sheetName: String(entry.project),
      connection: 'email',
      trigger,
      status,
      error,
    }),
  ];
  const left = MailApp.getRemainingDailyQuota();
  if (left <= MAIL_RESERVE) {
    return line(
      'skipped',
      `Mail quota nearly spent (${left} left today): the digest waits for the next run.`,
    );
  }
  const previous = readState(entry)?.digest ?? null;
  try {
    // Flagged answers since the last digest (or, for a first one, the latest day of checks).
    const figures = fetchFigures(
      entry.project,
      readCredentials(entry.connection),
      previous?.flaggedWatermark ?? null,
    );
    const since = previous?.flaggedWatermark ?? null;
    let withFlagged = figures;
    if (!since && figures.newestFlaggedAt) {
      const dayBefore = new Date(Date.parse(figures.newestFlaggedAt) - DAY_MS).toISOString();
      withFlagged = fetchFigures(entry.project, readCredentials(entry.connection), dayBefore);
    }
    const rhythm =
      entry.digest === 'off' ? 'On-demand' : entry.digest === 'daily' ? 'Daily' : 'Weekly';
    const { content, next } = digestContent(entry, withFlagged, previous, rhythm);
    const message = digestEmail(content, spreadsheetUrl(spreadsheet));
    sendToSelf(message);
    // Only the digest's own part changes, on the state as it is now: the alert
    // references a check stored meanwhile stay (docs/alerts.md, "Limits").
    const base = readState(entry) ?? stateOf(withFlagged, null);
    writeState(entry, { ...base, digest: next });
    return line('sent', message.subject);
  } catch (error) {
    return scrubbed(line('failed', `${explain(error)}; tried again on the next run.`));
  }
}

/** Digests that are due on this run (daily: about a day since the last; weekly: a week). */
export function dueDigests(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  trigger: RunLogEntry['trigger'],
): RunLogEntry[] {
  const log: RunLogEntry[] = [];
  for (const entry of entriesOf(currentUser(), trigger === 'schedule')) {
    if (entry.digest === 'off') continue;
    const sentAt = readState(entry)?.digest?.sentAt;
    if (sentAt && Date.now() - Date.parse(sentAt) < DIGEST_INTERVAL_MS[entry.digest]) continue;
    log.push(...sendDigest(spreadsheet, entry, trigger));
  }
  return log;
}

/** aivisSendDigestNow: the digest of one configured project, at once. */
export function sendDigestNow(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  project: number,
): RunLogEntry[] {
  const entry = entriesOf(currentUser(), false).find((each) => each.project === Number(project));
  if (!entry) {
    const others = readAlertEntries().some((each) => each.project === Number(project));
    throw new Error(
      others
        ? `Project ${String(project).slice(0, 20)} has alert settings of someone else only; a digest goes to the person who set it up.`
        : `Project ${String(project).slice(0, 20)} has no alert settings; add it in Extensions > AI Visibility > Alerts first.`,
    );
  }
  // Under the lock a scheduled run holds: a digest read and stored while a check
  // stores its own state would put back the references the check moved on.
  const lock = LockService.getDocumentLock();
  if (!lock.tryLock(30_000)) {
    throw new Error(
      'A refresh or an alert check of this spreadsheet is running; send the digest again in a minute.',
    );
  }
  try {
    return sendDigest(spreadsheet, entry, 'manual');
  } finally {
    lock.releaseLock();
  }
}
