/**
 * Alert settings (docs/alerts.md): per project and connection, which rules
 * alert, to which channels, and the digest rhythm. The list lives in the
 * spreadsheet's document properties (no secret in it); each webhook URL is
 * a secret like a token and lives in the saving person's user properties,
 * referred to by a `saved:<id>` reference and never shown again in full.
 */

import { digest } from '../../apps-script-platform/response-cache.js';
import { AivisError } from '../../shared/http/errors.js';

export const DIGESTS = ['off', 'daily', 'weekly'] as const;
export type Digest = (typeof DIGESTS)[number];

export interface AlertRules {
  /** Points of visibility score or share of voice; 0 turns the rule off. */
  score_change: number;
  competitor_overtakes: boolean;
  flagged_answers: boolean;
  source_stale: boolean;
  run_failed: boolean;
  /** The top action of the plan changed; optional, off unless set. */
  top_action?: boolean;
}

export interface AlertEntry {
  project: number;
  connection?: string;
  email: boolean;
  /** On save: new URLs or `saved:<id>` references to keep; on read: references only. */
  webhooks: string[];
  rules: AlertRules;
  digest: Digest;
}

export type WebhookKind = 'google_chat' | 'slack' | 'teams';

/** A saved webhook as the sidebar may see it: the service and host, never the URL. */
export interface WebhookView {
  ref: string;
  kind: WebhookKind;
  label: string;
}

export interface AlertSettingsView {
  entries: AlertEntry[];
  webhooks: WebhookView[];
  /** Hosts a webhook may point at (the manifest's urlFetchWhitelist entries for them). */
  allowedWebhookHosts: string[];
}

/**
 * The incoming-webhook hosts of the three services, as urlFetchWhitelist
 * prefixes (scripts/sheets/manifest.ts adds exactly these). Teams'
 * Workflows webhooks live under logic.azure.com, its older connectors
 * under webhook.office.com.
 */
export const WEBHOOK_HOSTS: ReadonlyArray<{ kind: WebhookKind; prefix: string; host: RegExp }> = [
  { kind: 'google_chat', prefix: 'https://chat.googleapis.com/', host: /^chat\.googleapis\.com$/ },
  { kind: 'slack', prefix: 'https://hooks.slack.com/', host: /^hooks\.slack\.com$/ },
  {
    kind: 'teams',
    prefix: 'https://*.webhook.office.com/',
    host: /^[a-z0-9-]+(\.[a-z0-9-]+)*\.webhook\.office\.com$/,
  },
  {
    kind: 'teams',
    prefix: 'https://*.logic.azure.com/',
    host: /^[a-z0-9-]+(\.[a-z0-9-]+)*\.logic\.azure\.com$/,
  },
];

export const KIND_LABELS: Record<WebhookKind, string> = {
  google_chat: 'Google Chat',
  slack: 'Slack',
  teams: 'Microsoft Teams',
};

export const MAX_ALERT_ENTRIES = 20;
export const MAX_WEBHOOKS_PER_ENTRY = 3;
const MAX_URL_CHARS = 600;
const SETTINGS_KEY = 'AIVIS_ALERTS';
const WEBHOOK_KEY_PREFIX = 'AIVIS_WEBHOOK_';
const RULE_FLAGS = [
  'competitor_overtakes',
  'flagged_answers',
  'source_stale',
  'run_failed',
] as const;

interface StoredWebhook {
  kind: WebhookKind;
  host: string;
}

function invalid(field: string, message: string): AivisError {
  return new AivisError({
    code: 'validation_failed',
    status: 0,
    message: `${field}: ${message}`,
    errors: { [field]: [message] },
  });
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Which service a webhook URL belongs to; throws naming the field when it is none of the three. */
export function webhookKind(
  raw: unknown,
  field: string,
): { url: string; kind: WebhookKind; host: string } {
  if (typeof raw !== 'string' || raw.trim() === '') {
    throw invalid(
      field,
      'must be the https address of a Google Chat, Slack or Teams incoming webhook',
    );
  }
  const url = raw.trim();
  const match = /^https:\/\/([^/?#@\s:]+)(\/[^\s]*)$/i.exec(url);
  const host = match?.[1]?.toLowerCase() ?? '';
  const found = WEBHOOK_HOSTS.find((each) => each.host.test(host));
  if (!match || !found || url.length > MAX_URL_CHARS) {
    throw invalid(
      field,
      `must be an incoming webhook of Google Chat, Slack or Microsoft Teams, starting with ${WEBHOOK_HOSTS.map((each) => each.prefix).join(', ')} (the add-on may call only the addresses in its manifest)`,
    );
  }
  return { url, kind: found.kind, host };
}

const userProperties = () => PropertiesService.getUserProperties();
const documentProperties = () => PropertiesService.getDocumentProperties();

function storedWebhook(ref: string): (StoredWebhook & { url: string }) | undefined {
  const id = /^saved:([A-Za-z0-9_-]{16})$/.exec(ref)?.[1];
  if (!id) return undefined;
  const text = userProperties().getProperty(`${WEBHOOK_KEY_PREFIX}${id}`);
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as StoredWebhook & { url: string };
    return typeof parsed.url === 'string' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** The URL behind a reference, to post to; only delivery calls this. */
export function webhookUrl(ref: string): { url: string; kind: WebhookKind } | undefined {
  const stored = storedWebhook(ref);
  return stored ? { url: stored.url, kind: stored.kind } : undefined;
}

export function webhookView(ref: string): WebhookView | undefined {
  const stored = storedWebhook(ref);
  if (!stored) return undefined;
  return { ref, kind: stored.kind, label: `${KIND_LABELS[stored.kind]} (${stored.host})` };
}

/** Every saved webhook URL, so any message or log line can be scrubbed of them. */
export function storedWebhookUrls(): string[] {
  const properties = userProperties().getProperties() as Record<string, string>;
  const urls: string[] = [];
  for (const [key, text] of Object.entries(properties)) {
    if (!key.startsWith(WEBHOOK_KEY_PREFIX)) continue;
    try {
      const url = (JSON.parse(text) as { url?: unknown }).url;
      if (typeof url === 'string') urls.push(url);
    } catch {
      // Not ours to read.
    }
  }
  return urls;
}

function checkRules(raw: unknown, field: string): AlertRules {
  if (!isPlainObject(raw)) {
    throw invalid(field, 'must be an object with score_change and the rule switches');
  }
  const known = new Set<string>(['score_change', 'top_action', ...RULE_FLAGS]);
  for (const key of Object.keys(raw)) {
    if (!known.has(key)) {
      throw invalid(`${field}.${key}`, `is not a rule; the rules are ${[...known].join(', ')}`);
    }
  }
  const score = raw.score_change;
  if (typeof score !== 'number' || !Number.isFinite(score) || score < 0 || score > 100) {
    throw invalid(
      `${field}.score_change`,
      'must be a number of points from 0 to 100 (0 turns the score rule off)',
    );
  }
  const rules: AlertRules = {
    score_change: score,
    competitor_overtakes: false,
    flagged_answers: false,
    source_stale: false,
    run_failed: false,
  };
  for (const flag of RULE_FLAGS) {
    if (typeof raw[flag] !== 'boolean') throw invalid(`${field}.${flag}`, 'must be true or false');
    rules[flag] = raw[flag] as boolean;
  }
  if (raw.top_action !== undefined) {
    if (typeof raw.top_action !== 'boolean') {
      throw invalid(`${field}.top_action`, 'must be true or false');
    }
    rules.top_action = raw.top_action;
  }
  return rules;
}

interface CheckedEntry extends AlertEntry {
  /** New URLs to store (by index in webhooks). */
  fresh: Array<{ index: number; url: string; kind: WebhookKind; host: string }>;
}

function checkEntry(raw: unknown, index: number): CheckedEntry {
  const at = `entries[${index}]`;
  if (!isPlainObject(raw)) throw invalid(at, 'must be an object');
  const known = new Set(['project', 'connection', 'email', 'webhooks', 'rules', 'digest']);
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

export function readAlertEntries(): AlertEntry[] {
  const text = documentProperties().getProperty(SETTINGS_KEY);
  if (!text) return [];
  try {
    const parsed = JSON.parse(text) as AlertEntry[];
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/** The key that ties an entry's stored figures to its project and connection. */
export const entryKey = (entry: Pick<AlertEntry, 'project' | 'connection'>) =>
  `${entry.project}|${entry.connection ?? ''}`;

export function alertSettingsView(): AlertSettingsView {
  const entries = readAlertEntries();
  const refs = [...new Set(entries.flatMap((each) => each.webhooks))];
  return {
    entries,
    webhooks: refs.map(webhookView).filter((each): each is WebhookView => Boolean(each)),
    allowedWebhookHosts: WEBHOOK_HOSTS.map((each) => each.prefix),
  };
}

/**
 * Replaces the settings. Everything is checked before anything is stored,
 * so a bad entry changes nothing; the error names the field and what is
 * allowed.
 */
export function saveAlertEntries(raw: unknown): AlertSettingsView {
  if (!Array.isArray(raw) || raw.length > MAX_ALERT_ENTRIES) {
    throw invalid('entries', `must be a list of at most ${MAX_ALERT_ENTRIES} alert settings`);
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
  const entries: AlertEntry[] = checked.map(({ fresh, ...entry }) => {
    const webhooks = [...entry.webhooks];
    for (const each of fresh) {
      const id = digest(`aivis-webhook\n${each.url}`).slice(0, 16);
      userProperties().setProperty(
        `${WEBHOOK_KEY_PREFIX}${id}`,
        JSON.stringify({ url: each.url, kind: each.kind, host: each.host }),
      );
      webhooks[each.index] = `saved:${id}`;
    }
    return { ...entry, webhooks: [...new Set(webhooks)] };
  });
  documentProperties().setProperty(SETTINGS_KEY, JSON.stringify(entries));
  return alertSettingsView();
}
