/**
 * Digests (docs/alerts.md): one email per project with its key figures, the
 * ranking, newly flagged answers, the top actions and the sources, compared
 * with the previous digest; daily or weekly with the scheduled run, or at
 * once by Send digest now (under the document lock a check holds).
 */

import { sourceName } from '../../shared/display-format.js';
import { describeChange } from '../../shared/noise.js';
import {
  explain,
  logLine,
  MAIL_RESERVE,
  scrubbed,
  sendToSelf,
  spreadsheetUrl,
} from './alert-delivery.js';
import { fetchFigures, type ProjectFigures } from './alert-figures.js';
import { type DigestContent, digestEmail, messageFormat } from './alert-messages.js';
import { type AlertEntry, currentUser, entriesOf, readAlertEntries } from './alert-settings.js';
import {
  compare,
  type DigestState,
  nameKey,
  quotesOf,
  type Reference,
  reference,
  stateOf,
} from './alert-state.js';
import { readState, writeState } from './alert-state-store.js';
import { readCredentials } from './connections.js';
import type { RunLogEntry } from './run-log.js';

const DAY_MS = 86_400_000;
const DIGEST_INTERVAL_MS = { daily: DAY_MS - 2 * 3_600_000, weekly: 7 * DAY_MS - 2 * 3_600_000 };

/** A key figure as the cards show it (a score "60.0", a share "19.4%"), then its change. */
function figureLine(
  label: string,
  shown: (points: number) => string,
  before: Reference | null,
  after: Reference | null,
): string {
  if (!after) return `${label}: not given`;
  if (!before) return `${label}: ${shown(after.points)}`;
  const change = compare(before, after);
  return `${label}: ${shown(after.points)}, ${describeChange(change)}${change.beyondNoise ? '' : ', within noise'}`;
}

export function digestContent(
  entry: AlertEntry,
  figures: ProjectFigures,
  previous: DigestState | null,
  rhythm: string,
): { content: DigestContent; next: DigestState } {
  const format = messageFormat();
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
    return `${each.rank}. ${each.name}${each.own ? ' (own brand)' : ''}: visibility ${format.percent(each.visibility)}${moved}`;
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
        ? format.dateRange(figures.periodStart, figures.periodEnd)
        : 'the default period',
    figures: [
      figureLine('Visibility score', format.score, previous?.score ?? null, score),
      figureLine('Share of voice', format.percent, previous?.shareOfVoice ?? null, shareOfVoice),
    ],
    ranking,
    flagged,
    quotes: quotesOf(figures),
    actions: figures.actions.length ? figures.actions : ['The plan has no actions yet.'],
    sources: figures.sources.length
      ? figures.sources.map(
          (each) =>
            `${sourceName(each.source)}: ${each.state}${each.fetchedAt ? ` (newest snapshot ${format.dateTime(each.fetchedAt)})` : ''}`,
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
  // Entries saved before owners were kept count as the presser's: the digest
  // is read with their own token and mailed to them alone.
  const entry = entriesOf(currentUser(), true).find((each) => each.project === Number(project));
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
