/**
 * Alert settings (docs/alerts.md): per project and connection, which rules
 * alert, to which channels, and the digest rhythm. The list lives in the
 * spreadsheet's document properties (no secret in it); each webhook URL is
 * a secret like a token and lives in the saving person's user properties,
 * referred to by a `saved:<id>` reference and never shown again in full.
 *
 * Each entry belongs to the person who saved it (docs/alerts.md, "Who owns
 * an alert"): only they can change or remove it, and only runs as them
 * check it and deliver what it queues. Everyone else sees that it exists
 * and whose it is.
 */

import { digest } from '../../apps-script-platform/response-cache.js';
import { ALERT_RULES, type AlertRule, type AlertRules, defaultRules } from './alert-rules.js';
import {
  invalid,
  type StoredWebhook,
  sheetId,
  storedWebhook,
  WEBHOOK_HOSTS,
  WEBHOOK_KEY_PREFIX,
  type WebhookKind,
  type WebhookView,
  webhookKind,
  webhookView,
} from './alert-webhooks.js';

export const DIGESTS = ['off', 'daily', 'weekly'] as const;
export type Digest = (typeof DIGESTS)[number];

export type { AlertRules } from './alert-rules.js';

export interface AlertEntry {
  /** The Google account that saved it; absent on entries saved before owners were kept. */
  owner?: string;
  project: number;
  connection?: string;
  email: boolean;
  /** On save: new URLs or `saved:<id>` references to keep; on read: references only. */
  webhooks: string[];
  rules: AlertRules;
  digest: Digest;
}

/** Someone else's entry, as another editor may see it: that it exists and whose. */
export interface OtherEntry {
  owner: string;
  project: number;
  connection?: string;
}

export interface AlertSettingsView {
  /** The caller's own entries (and any saved before owners were kept). */
  entries: AlertEntry[];
  others: OtherEntry[];
  webhooks: WebhookView[];
  /** Hosts a webhook may point at (the manifest's urlFetchWhitelist entries for them). */
  allowedWebhookHosts: string[];
}

export const MAX_ALERT_ENTRIES = 20;
export const MAX_WEBHOOKS_PER_ENTRY = 3;
/** Apps Script keeps at most 500 KB per property store; the tokens live in the same user store. */
export const USER_STORE_LIMIT_BYTES = 500 * 1024;
/** One property value holds at most 9 KB. */
export const PROPERTY_VALUE_LIMIT_BYTES = 9 * 1024;
const SETTINGS_KEY = 'AIVIS_ALERTS';

/** UTF-8 bytes of a text, with no TextEncoder in Apps Script. */
export function utf8Bytes(text: string): number {
  let total = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    total += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return total;
}

/** The Google account this execution runs as ('' when Apps Script will not say). */
export function currentUser(): string {
  try {
    return Session.getEffectiveUser().getEmail() ?? '';
  } catch {
    return '';
  }
}

/** A short stable id of an owner, for property keys (no address in a key). */
export const ownerId = (owner: string) => digest(`aivis-owner\n${owner}`).slice(0, 16);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const userProperties = () => PropertiesService.getUserProperties();
const documentProperties = () => PropertiesService.getDocumentProperties();

/** A rule's setting under its key or a former one (settings saved by earlier versions). */
function ruleValue(raw: Record<string, unknown>, rule: AlertRule): [string, unknown] {
  for (const key of [rule.key, ...(rule.formerKeys ?? [])]) {
    if (raw[key] !== undefined) return [key, raw[key]];
  }
  return [rule.key, undefined];
}

/** Refuses a bad rule setting; a missing one takes the rule's default (docs/alerts.md). */
function checkRules(raw: unknown, field: string): AlertRules {
  if (!isPlainObject(raw)) throw invalid(field, 'must be an object of the rule settings');
  const known = new Set<string>(
    ALERT_RULES.flatMap((rule: AlertRule) => [rule.key, ...(rule.formerKeys ?? [])]),
  );
  for (const key of Object.keys(raw)) {
    if (!known.has(key)) {
      const names = ALERT_RULES.map((rule) => rule.key).join(', ');
      throw invalid(`${field}.${key}`, `is not a rule; the rules are ${names}`);
    }
  }
  const rules: Record<string, number | boolean> = defaultRules();
  for (const rule of ALERT_RULES as readonly AlertRule[]) {
    const [key, value] = ruleValue(raw, rule);
    if (value === undefined) continue;
    if (rule.type === 'points') {
      if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 100) {
        throw invalid(
          `${field}.${key}`,
          'must be a number of points from 0 to 100 (0 turns the rule off)',
        );
      }
    } else if (typeof value !== 'boolean') {
      throw invalid(`${field}.${key}`, 'must be true or false');
    }
    rules[rule.key] = value;
  }
  return rules as AlertRules;
}

/** A stored entry's rules as this version reads them: a bad or missing setting takes its default. */
function storedRules(raw: unknown): AlertRules {
  const rules: Record<string, number | boolean> = defaultRules();
  if (!isPlainObject(raw)) return rules as AlertRules;
  for (const rule of ALERT_RULES as readonly AlertRule[]) {
    const [, value] = ruleValue(raw, rule);
    const points =
      typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 100;
    if (rule.type === 'points' ? points : typeof value === 'boolean')
      rules[rule.key] = value as number | boolean;
  }
  return rules as AlertRules;
}

interface CheckedEntry extends AlertEntry {
  /** New URLs to store (by index in webhooks). */
  fresh: Array<{ index: number; url: string; kind: WebhookKind; host: string }>;
}

function checkEntry(raw: unknown, index: number): CheckedEntry {
  const at = `entries[${index}]`;
  if (!isPlainObject(raw)) throw invalid(at, 'must be an object');
  const known = new Set(['owner', 'project', 'connection', 'email', 'webhooks', 'rules', 'digest']);
  for (const key of Object.keys(raw)) {
    if (!known.has(key)) {
      throw invalid(`${at}.${key}`, `is not a setting; the settings are ${[...known].join(', ')}`);
    }
  }
  const project = raw.project;
  if (typeof project !== 'number' || !Number.isInteger(project) || project < 1) {
    throw invalid(`${at}.project`, 'must be a project id (a whole number from 1)');
  }
  let connection: string | undefined;
  if (raw.connection !== undefined && raw.connection !== null && raw.connection !== '') {
    const value = raw.connection;
    if (typeof value !== 'string' || value.trim().length > 40) {
      throw invalid(`${at}.connection`, 'must be the name of a connection in Settings');
    }
    connection = value.trim();
  }
  if (typeof raw.email !== 'boolean') throw invalid(`${at}.email`, 'must be true or false');
  if (!Array.isArray(raw.webhooks) || raw.webhooks.length > MAX_WEBHOOKS_PER_ENTRY) {
    throw invalid(
      `${at}.webhooks`,
      `must be a list of at most ${MAX_WEBHOOKS_PER_ENTRY} webhook addresses`,
    );
  }
  const fresh: CheckedEntry['fresh'] = [];
  const webhooks = raw.webhooks.map((each: unknown, position: number) => {
    const field = `${at}.webhooks[${position}]`;
    if (typeof each === 'string' && each.startsWith('saved:')) {
      if (!storedWebhook(each)) {
        throw invalid(
          field,
          'refers to a saved webhook that no longer exists; paste its address again',
        );
      }
      return each;
    }
    const checked = webhookKind(each, field);
    fresh.push({ index: position, ...checked });
    return '';
  });
  const digestValue = raw.digest;
  if (typeof digestValue !== 'string' || !(DIGESTS as readonly string[]).includes(digestValue)) {
    throw invalid(`${at}.digest`, `must be one of ${DIGESTS.join(', ')}`);
  }
  return {
    project,
    ...(connection ? { connection } : {}),
    email: raw.email,
    webhooks,
    rules: checkRules(raw.rules, `${at}.rules`),
    digest: digestValue as Digest,
    fresh,
  };
}

/** Everyone's entries in this spreadsheet. */
export function readAlertEntries(): AlertEntry[] {
  const text = documentProperties().getProperty(SETTINGS_KEY);
  if (!text) return [];
  try {
    const parsed = JSON.parse(text) as AlertEntry[];
    if (!Array.isArray(parsed)) return [];
    // Saved by any version: a renamed or newer rule reads through the rule table.
    return parsed.map((entry) => ({ ...entry, rules: storedRules(entry?.rules) }));
  } catch {
    return [];
  }
}

/**
 * The entries a run as `user` checks and delivers: their own. Entries saved
 * before owners were kept are checked by scheduled runs only (the schedule
 * runs as the person who set it up, in practice the one who saved them).
 */
export function entriesOf(user: string, scheduled: boolean): AlertEntry[] {
  if (!user) return [];
  return readAlertEntries().filter((each) =>
    each.owner === undefined ? scheduled : each.owner === user,
  );
}

/** The key that ties an entry's stored figures to its owner, project and connection. */
export const entryKey = (entry: Pick<AlertEntry, 'owner' | 'project' | 'connection'>) =>
  `${entry.owner ? `${ownerId(entry.owner)}|` : ''}${entry.project}|${entry.connection ?? ''}`;

/** Document-property key of an entry's stored figures (alerts.ts reads and writes it). */
export const stateKey = (entry: Pick<AlertEntry, 'owner' | 'project' | 'connection'>) =>
  `AIVIS_ALERT_STATE_${encodeURIComponent(entryKey(entry))}`;

export function alertSettingsView(): AlertSettingsView {
  const me = currentUser();
  const all = readAlertEntries();
  const entries = all.filter((each) => each.owner === undefined || each.owner === me);
  const refs = [...new Set(entries.flatMap((each) => each.webhooks))];
  return {
    entries,
    others: all
      .filter((each) => each.owner !== undefined && each.owner !== me)
      .map((each) => ({
        owner: each.owner!,
        project: each.project,
        ...(each.connection ? { connection: each.connection } : {}),
      })),
    webhooks: refs.map(webhookView).filter((each): each is WebhookView => Boolean(each)),
    allowedWebhookHosts: WEBHOOK_HOSTS.map((each) => each.prefix),
  };
}

/**
 * Replaces the caller's own settings; everyone else's entries are kept as
 * they are. Everything is checked before anything is stored, so a bad entry
 * changes nothing; the error names the field and what is allowed. Webhook
 * URLs no longer referenced by the caller's entries in this spreadsheet are
 * deleted, and the states of removed entries with them; a save that would
 * overflow the user store (500 KB, shared with the tokens) or the 9 KB list
 * is refused with a message.
 */
export function saveAlertEntries(raw: unknown): AlertSettingsView {
  const me = currentUser();
  if (!me) {
    throw invalid(
      'entries',
      'cannot be saved: Apps Script does not tell the add-on your Google account, and each alert belongs to the person who saved it',
    );
  }
  if (!Array.isArray(raw) || raw.length > MAX_ALERT_ENTRIES) {
    throw invalid('entries', `must be a list of at most ${MAX_ALERT_ENTRIES} alert settings`);
  }
  for (const [index, each] of raw.entries()) {
    const owner = isPlainObject(each) ? each.owner : undefined;
    if (owner !== undefined && owner !== me) {
      throw invalid(
        `entries[${index}].owner`,
        `is ${String(owner).slice(0, 80)}: only the person who saved an alert can change it`,
      );
    }
  }
  const checked = raw.map(checkEntry);
  const seen = new Set<string>();
  for (const [index, entry] of checked.entries()) {
    const key = entryKey(entry);
    if (seen.has(key)) {
      throw invalid(
        `entries[${index}].project`,
        'appears twice with the same connection; keep one entry per project and connection',
      );
    }
    seen.add(key);
  }
  const before = readAlertEntries();
  const mine = checked.map(({ fresh, ...entry }) => ({ ...entry, owner: me }));
  const claimed = new Set(mine.map((each) => `${each.project}|${each.connection ?? ''}`));
  // Others' entries stay; an entry saved before owners were kept is claimed by
  // a save of the same project and connection, and otherwise stays too.
  const kept = before.filter((each) =>
    each.owner === undefined
      ? !claimed.has(`${each.project}|${each.connection ?? ''}`)
      : each.owner !== me,
  );
  const sheet = sheetId();
  const writes: Record<string, string> = {};
  const entries: AlertEntry[] = checked.map(({ fresh, ...entry }, index) => {
    const webhooks = [...entry.webhooks];
    for (const each of fresh) {
      const id = digest(`aivis-webhook\n${sheet}\n${each.url}`).slice(0, 16);
      writes[`${WEBHOOK_KEY_PREFIX}${id}`] = JSON.stringify({
        url: each.url,
        kind: each.kind,
        host: each.host,
        sheet,
      });
      webhooks[each.index] = `saved:${id}`;
    }
    return { ...mine[index]!, webhooks: [...new Set(webhooks)] };
  });
  const list = JSON.stringify([...kept, ...entries]);
  if (utf8Bytes(list) > PROPERTY_VALUE_LIMIT_BYTES - 256) {
    throw invalid(
      'entries',
      'are more than this spreadsheet can keep (the alert settings of everyone here share one 9 KB property); remove some entries',
    );
  }
  // Webhooks this spreadsheet saved for the caller that no entry refers to any more.
  const referenced = new Set(entries.flatMap((each) => each.webhooks));
  const properties = userProperties().getProperties() as Record<string, string>;
  const unused = Object.entries(properties)
    .filter(([key, text]) => {
      if (!key.startsWith(WEBHOOK_KEY_PREFIX)) return false;
      if (referenced.has(`saved:${key.slice(WEBHOOK_KEY_PREFIX.length)}`)) return false;
      if (key in writes) return false;
      try {
        return (JSON.parse(text) as StoredWebhook).sheet === sheet && sheet !== '';
      } catch {
        return false;
      }
    })
    .map(([key]) => key);
  let after = 0;
  for (const [key, text] of Object.entries({ ...properties, ...writes })) {
    if (!unused.includes(key)) after += utf8Bytes(key) + utf8Bytes(text);
  }
  if (after > USER_STORE_LIMIT_BYTES) {
    throw invalid(
      'entries.webhooks',
      `would not fit: your settings for this add-on (tokens, connections, webhooks) would take ${Math.ceil(after / 1024)} KB, over the 500 KB Apps Script keeps per person; remove webhooks or connections you no longer use`,
    );
  }
  if (Object.keys(writes).length) userProperties().setProperties(writes);
  documentProperties().setProperty(SETTINGS_KEY, list);
  for (const key of unused) userProperties().deleteProperty(key);
  // A removed entry's stored figures go with it: re-adding it starts afresh.
  const stays = new Set([...kept, ...entries].map(stateKey));
  for (const each of before) {
    if (!stays.has(stateKey(each))) documentProperties().deleteProperty(stateKey(each));
  }
  return alertSettingsView();
}
