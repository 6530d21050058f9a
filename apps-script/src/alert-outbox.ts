/**
 * The outbox of alerts not yet delivered (docs/alerts.md, "Limits"): one
 * document property per owner and channel, so a run delivers only its own
 * person's alerts and no queue outgrows the property store's 9 KB per value.
 * A queue is sized in bytes: when the newest alerts would not fit, the
 * oldest leave it and the queue counts them, so the message that finally
 * goes out says how many were dropped.
 */

import type { Alert } from './alert-messages.js';
import { type AlertEntry, ownerId, utf8Bytes } from './alert-settings.js';

export const EMAIL = 'email';
/** Bytes a queue may take: under the 9 KB per value, with room for its wrapper. */
export const QUEUE_LIMIT_BYTES = 8 * 1024;
/** Alerts per queue, whatever their size; the oldest go first when a channel stays down. */
const QUEUE_ALERTS = 10;
const PREFIX = 'AIVIS_ALERT_OUTBOX_';
/** The one outbox of the add-on's first alert release, owner unknown. */
const SHARED_OUTBOX_KEY = 'AIVIS_ALERT_OUTBOX';

export interface Queue {
  channel: string;
  alerts: Alert[];
  /** Older alerts that left the queue to make room. */
  dropped: number;
}

const ownerPrefix = (owner: string) => `${PREFIX}${ownerId(owner)}_`;

/** One property per owner and channel: 'email' or the webhook's saved id. */
export function queueKey(owner: string, channel: string): string {
  return `${ownerPrefix(owner)}${channel === EMAIL ? EMAIL : channel.replace(/^saved:/, '')}`;
}

/** The channels of an entry: 'email' and its webhook references. */
export function channelsOf(entry: AlertEntry): string[] {
  return [...(entry.email ? [EMAIL] : []), ...entry.webhooks];
}

const documentProperties = () => PropertiesService.getDocumentProperties();

function parse(text: string | null, channel: string): Queue {
  try {
    const parsed = JSON.parse(text ?? '') as Queue;
    if (Array.isArray(parsed.alerts)) {
      const stored =
        typeof parsed.channel === 'string' && parsed.channel ? parsed.channel : channel;
      return { channel: stored, alerts: parsed.alerts, dropped: Number(parsed.dropped) || 0 };
    }
  } catch {
    // A damaged queue starts empty.
  }
  return { channel, alerts: [], dropped: 0 };
}

export function readQueue(owner: string, channel: string): Queue {
  return parse(documentProperties().getProperty(queueKey(owner, channel)), channel);
}

/** Every queue of one owner, the channels they no longer use included. */
export function queuesOf(owner: string): Array<{ key: string; queue: Queue }> {
  const prefix = ownerPrefix(owner);
  const all = documentProperties().getProperties() as Record<string, string>;
  return Object.entries(all)
    .filter(([key]) => key.startsWith(prefix))
    .map(([key, text]) => ({ key, queue: parse(text, '') }))
    .filter(({ queue }) => queue.channel !== '');
}

/** The queue with the new alerts, its oldest dropped until it fits its bytes. */
export function enqueue(queue: Queue, alerts: readonly Alert[]): Queue {
  const next: Queue = { ...queue, alerts: [...queue.alerts, ...alerts] };
  while (
    next.alerts.length > 1 &&
    (next.alerts.length > QUEUE_ALERTS || utf8Bytes(JSON.stringify(next)) > QUEUE_LIMIT_BYTES)
  ) {
    next.alerts.shift();
    next.dropped += 1;
  }
  if (utf8Bytes(JSON.stringify(next)) > QUEUE_LIMIT_BYTES) {
    // One alert alone too large (alert-figures clips every name and quote, so only
    // in theory): keep its headline.
    const [only] = next.alerts;
    next.alerts = only
      ? [{ ...only, headline: only.headline.slice(0, 500), details: [], quotes: [] }]
      : [];
  }
  return next;
}

/** A queue as its property value. */
export const serialize = (queue: Queue) => JSON.stringify(queue);

/**
 * The queue of the add-on's first release, which had no owner: a scheduled
 * run (the schedule's owner, who saved those alerts) takes it over once.
 */
export function adoptSharedOutbox(owner: string): void {
  const text = documentProperties().getProperty(SHARED_OUTBOX_KEY);
  if (!text) return;
  const writes: Record<string, string> = {};
  try {
    const old = JSON.parse(text) as Record<string, Alert[]>;
    for (const [channel, alerts] of Object.entries(old)) {
      if (Array.isArray(alerts) && alerts.length) {
        writes[queueKey(owner, channel)] = serialize(
          enqueue(readQueue(owner, channel), alerts.slice(-QUEUE_ALERTS)),
        );
      }
    }
  } catch {
    // Unreadable: nothing to take over.
  }
  if (Object.keys(writes).length) documentProperties().setProperties(writes);
  documentProperties().deleteProperty(SHARED_OUTBOX_KEY);
}

/** The note a trimmed queue's message starts with. */
export function droppedNote(dropped: number): Alert {
  return {
    kind: 'queue_trimmed',
    project: 0,
    brand: 'AI Visibility',
    headline: `${dropped} older alert${dropped === 1 ? ' was' : 's were'} dropped while this channel could not be reached: the queue keeps the newest that fit (see the run log)`,
    details: [],
    quotes: [],
  };
}
