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

import { readJson, writeJson } from '../../apps-script-platform/document-properties.js';
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
  type AlertEntry,
  entryKey,
  readAlertEntries,
  storedWebhookUrls,
  webhookUrl,
  webhookView,
} from './alert-settings.js';
import { readCredentials, storedTokens } from './connections.js';
import { userMessage } from './messages.js';
import type { RunLogEntry } from './run-log.js';

/** Mails kept back for the day: near the quota, alerts wait rather than use the last ones. */
export const MAIL_RESERVE = 1;
/** Queued alerts per channel; the oldest go first when a channel stays down for long. */
const OUTBOX_LIMIT = 10;
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

type Outbox = Record<string, Alert[]>;

export interface CheckResult {
  sent: number;
  skipped: number;
}

const OUTBOX_KEY = 'AIVIS_ALERT_OUTBOX';
const stateKey = (entry: AlertEntry) => `AIVIS_ALERT_STATE_${encodeURIComponent(entryKey(entry))}`;
const EMAIL = 'email';

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
    ahead: brandsAhead(figures),
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
    const passed = brandsAhead(figures).filter((name) => !previous.ahead.includes(name));
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

/** The channels of an entry: 'email' and its webhook references. */
function channelsOf(entry: AlertEntry): string[] {
  return [...(entry.email ? [EMAIL] : []), ...entry.webhooks];
}

function addToOutbox(outbox: Outbox, channel: string, alerts: readonly Alert[]): void {
  outbox[channel] = [...(outbox[channel] ?? []), ...alerts].slice(-OUTBOX_LIMIT);
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

/** Sends each channel's queue as one message; what cannot go stays queued for the next run. */
function deliver(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  outbox: Outbox,
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
          sheetName: `${alert.project}: ${alert.kind}`,
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
  for (const [channel, alerts] of Object.entries(outbox)) {
    if (alerts.length === 0) continue;
    try {
      if (channel === EMAIL) {
        const left = MailApp.getRemainingDailyQuota();
        if (left <= MAIL_RESERVE) {
          note(
            channel,
            alerts,
            'skipped',
            `Mail quota nearly spent (${left} left today): kept for the next run.`,
          );
          continue;
        }
        const message = alertEmail(alerts, spreadsheetUrl(spreadsheet));
        sendToSelf(message);
      } else {
        post(channel, alerts);
      }
      note(channel, alerts, 'sent', '');
      outbox[channel] = [];
    } catch (error) {
      const why = error instanceof DeliveryProblem ? error.message : explain(error);
      note(channel, alerts, 'failed', `${why}; kept for the next run.`);
    }
  }
  for (const channel of Object.keys(outbox)) if (!outbox[channel]?.length) delete outbox[channel];
  return result;
}

function readState(entry: AlertEntry): AlertState | null {
  return readJson<AlertState | null>(stateKey(entry), null);
}

function writeState(entry: AlertEntry, state: AlertState): void {
  writeJson(stateKey(entry), state);
}

function label(entry: AlertEntry): string {
  return entry.connection ?? '';
}

/**
 * Checks every configured project and delivers. `runFailed` says whether the
 * refresh before it failed (a scheduled run only: two in a row alert).
 */
export function checkAlerts(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  trigger: RunLogEntry['trigger'],
  runFailed: boolean,
): CheckResult & { log: RunLogEntry[] } {
  const entries = readAlertEntries();
  const log: RunLogEntry[] = [];
  let skipped = 0;
  const outbox = readJson<Outbox>(OUTBOX_KEY, {});
  const quietLine = (
    entry: AlertEntry,
    reason: string,
    status: RunLogEntry['status'] = 'skipped',
  ) =>
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
  for (const entry of entries) {
    const previous = readState(entry);
    let figures: ProjectFigures | null = null;
    let fetchError = '';
    try {
      figures = fetchFigures(
        entry.project,
        readCredentials(entry.connection),
        previous?.flaggedWatermark ?? null,
      );
    } catch (error) {
      fetchError = explain(error);
      quietLine(entry, `Could not read the figures: ${fetchError}`, 'failed');
    }
    const alerts: Alert[] = [];
    let next: AlertState | null = previous;
    if (figures && !previous) {
      next = stateOf(figures, null);
      quietLine(entry, 'First check: figures stored, nothing to compare with yet.');
    } else if (figures && previous) {
      const evaluation = evaluate(entry, previous, figures);
      alerts.push(...evaluation.alerts);
      next = evaluation.next;
      for (const reason of evaluation.quiet) {
        quietLine(entry, `Not alerted: ${reason}.`);
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
    if (next) writeState(entry, next);
    for (const channel of channelsOf(entry)) addToOutbox(outbox, channel, alerts);
  }
  const delivery = deliver(spreadsheet, outbox, trigger);
  writeJson(OUTBOX_KEY, outbox);
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
    const before = previous?.ranks[each.name];
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
    ranks: Object.fromEntries(figures.ranking.map((each) => [each.name, each.rank])),
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
  const state = readState(entry);
  const previous = state?.digest ?? null;
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
    const base = state ?? stateOf(withFlagged, null);
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
  for (const entry of readAlertEntries()) {
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
  const entry = readAlertEntries().find((each) => each.project === Number(project));
  if (!entry) {
    throw new Error(
      `Project ${String(project).slice(0, 20)} has no alert settings; add it in Extensions > AI Visibility > Alerts first.`,
    );
  }
  return sendDigest(spreadsheet, entry, 'manual');
}
