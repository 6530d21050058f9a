/**
 * Delivery of queued alerts (docs/alerts.md, "When alerts are checked and
 * sent"): one message per channel and run, by MailApp to the person the run
 * is for or by UrlFetchApp to a saved webhook; and the run-log lines of it,
 * scrubbed of every token and webhook address.
 */

import { redactSecret } from '../../shared/http/redaction.js';
import { type Alert, alertEmail, webhookPayload } from './alert-messages.js';
import { droppedNote, EMAIL, queuesOf } from './alert-outbox.js';
import { storedWebhookUrls, webhookUrl, webhookView } from './alert-webhooks.js';
import { storedTokens } from './connections.js';
import { userMessage } from './messages.js';
import type { RunLogEntry } from './run-log.js';

/** Mails kept back for the day: near the quota, alerts wait rather than use the last ones. */
export const MAIL_RESERVE = 1;

const documentProperties = () => PropertiesService.getDocumentProperties();

/** Every secret the add-on holds, for scrubbing any text that reaches a log or a message. */
export function secrets(): string[] {
  return [...storedTokens(), ...storedWebhookUrls()];
}

export function explain(error: unknown): string {
  let message = userMessage(error, storedTokens());
  for (const secret of storedWebhookUrls()) message = redactSecret(message, secret);
  return message;
}

export function logLine(
  what: Pick<RunLogEntry, 'kind' | 'sheetName' | 'connection' | 'trigger' | 'status' | 'error'>,
): RunLogEntry {
  return { ...what, time: new Date(), rows: 0, requests: 0, durationMs: 0 };
}

export function spreadsheetUrl(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): string {
  try {
    return spreadsheet.getUrl() ?? '';
  } catch {
    return '';
  }
}

export function recipient(): string {
  return Session.getEffectiveUser().getEmail();
}

/** An alert or a digest to the user the schedule runs as, in HTML with its plain-text twin. */
export function sendToSelf(message: { subject: string; text: string; html: string }): void {
  MailApp.sendEmail({
    to: recipient(),
    subject: message.subject,
    body: message.text,
    htmlBody: message.html,
    name: 'AI Visibility',
  });
}

export function channelLabel(channel: string): string {
  return channel === EMAIL ? 'email' : (webhookView(channel)?.label ?? 'a removed webhook');
}

/** A delivery failure already worded for the run log (and holding no address). */
export class DeliveryProblem extends Error {}

/** Posts one message; throws with a worded reason (no URL) on failure. */
export function post(channel: string, alerts: readonly Alert[]): void {
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

export interface Delivery {
  log: RunLogEntry[];
  sent: number;
  skipped: number;
}

/**
 * Sends each of the owner's queues as one message. A sent queue's property
 * is deleted right after its send, before the next channel is tried; a
 * queue that cannot go stays for the next run (docs/alerts.md, "Limits").
 */
export function deliver(
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

export function scrubbed(log: RunLogEntry[]): RunLogEntry[] {
  const all = secrets();
  return log.map((entry) => {
    let error = entry.error;
    for (const secret of all) error = redactSecret(error, secret);
    return { ...entry, error };
  });
}
