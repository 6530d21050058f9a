/**
 * Webhook addresses of the alerts (docs/alerts.md, "Getting a webhook
 * address"): which forms of the three services' incoming webhooks are
 * accepted, and how a saved one is read back. A webhook URL is a secret like
 * a token: it lives in the saving person's user properties under
 * `AIVIS_WEBHOOK_<id>`, referred to as `saved:<id>`, never shown again.
 */

import { digest } from '../../apps-script-platform/response-cache.js';
import { AivisError } from '../../shared/http/errors.js';

export type WebhookKind = 'google_chat' | 'slack' | 'teams';

/** A saved webhook as the sidebar may see it: the service and host, never the URL. */
export interface WebhookView {
  ref: string;
  kind: WebhookKind;
  label: string;
}

/**
 * The incoming webhooks of the three services, as urlFetchWhitelist
 * prefixes (scripts/sheets/manifest.ts adds exactly these) with the host
 * and the path each service's own webhook URLs have, nothing wider
 * (docs/alerts.md, "Getting a webhook address"). Teams' incoming webhooks
 * are Workflows ("Post to a channel when a webhook request is received"),
 * served from a Logic Apps host (`prod-NN.<region>.logic.azure.com`) or a
 * Power Platform environment host, signed with `sig=`; the retired Office
 * 365 connectors (`*.webhook.office.com/webhookb2/`) still post for those
 * who saved one. A host anyone can create an endpoint on stays one: the
 * paths narrow what the add-on will post to, they cannot vouch for who
 * reads it (docs/security.md, "Alerts").
 */
export const WEBHOOK_HOSTS: ReadonlyArray<{
  kind: WebhookKind;
  prefix: string;
  host: RegExp;
  /** Path and query after the host. */
  path: RegExp;
}> = [
  {
    kind: 'google_chat',
    prefix: 'https://chat.googleapis.com/v1/spaces/',
    host: /^chat\.googleapis\.com$/,
    path: /^\/v1\/spaces\/[A-Za-z0-9_-]+\/messages\?/,
  },
  {
    kind: 'slack',
    prefix: 'https://hooks.slack.com/services/',
    host: /^hooks\.slack\.com$/,
    path: /^\/services\/[A-Za-z0-9]+\/[A-Za-z0-9]+\/[A-Za-z0-9]+$/,
  },
  {
    kind: 'teams',
    prefix: 'https://*.logic.azure.com/workflows/',
    host: /^prod-\d{1,3}\.[a-z0-9]+\.logic\.azure\.com$/,
    path: /^\/workflows\/[0-9a-f]{32}\/triggers\/manual\/paths\/invoke\?(.*&)?sig=[^&]+/,
  },
  {
    kind: 'teams',
    prefix:
      'https://*.environment.api.powerplatform.com/powerautomate/automations/direct/workflows/',
    host: /^[a-z0-9]{1,64}\.[a-z0-9]{1,4}\.environment\.api\.powerplatform\.com$/,
    path: /^\/powerautomate\/automations\/direct\/workflows\/[0-9a-f]{32}\/triggers\/manual\/paths\/invoke\?(.*&)?sig=[^&]+/,
  },
  {
    kind: 'teams',
    prefix: 'https://*.webhook.office.com/webhookb2/',
    host: /^[a-z0-9-]{1,63}\.webhook\.office\.com$/,
    path: /^\/webhookb2\/[^?#\s]+$/,
  },
];

export const KIND_LABELS: Record<WebhookKind, string> = {
  google_chat: 'Google Chat',
  slack: 'Slack',
  teams: 'Microsoft Teams',
};

export const MAX_URL_CHARS = 600;

export const WEBHOOK_KEY_PREFIX = 'AIVIS_WEBHOOK_';

export interface StoredWebhook {
  kind: WebhookKind;
  host: string;
  /** Which spreadsheet saved it (a digest of its id): user properties span documents. */
  sheet?: string;
}

export function sheetId(): string {
  try {
    return digest(`aivis-sheet\n${SpreadsheetApp.getActiveSpreadsheet().getId()}`).slice(0, 16);
  } catch {
    return '';
  }
}

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
  // Longer than any webhook address: refused before any pattern reads it.
  if (raw.length > MAX_URL_CHARS + 16) {
    throw invalid(field, `must be at most ${MAX_URL_CHARS} characters`);
  }
  // Teams hands out its Workflows addresses with the default port spelled out
  // (`:443`); the whitelist's prefixes have none, so it is dropped.
  const match = /^https:\/\/([^/?#@\s:]+)(?::443)?(\/[^\s#]*)$/i.exec(raw.trim());
  const host = match?.[1]?.toLowerCase() ?? '';
  const path = match?.[2] ?? '';
  const url = `https://${host}${path}`;
  const found = WEBHOOK_HOSTS.find((each) => each.host.test(host) && each.path.test(path));
  if (!match || !found || url.length > MAX_URL_CHARS) {
    throw invalid(
      field,
      `must be an incoming webhook of Google Chat, Slack or Microsoft Teams, starting with ${WEBHOOK_HOSTS.map((each) => each.prefix).join(', ')} (the add-on may call only the addresses in its manifest)`,
    );
  }
  return { url, kind: found.kind, host };
}

export function storedWebhook(ref: string): (StoredWebhook & { url: string }) | undefined {
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

/** A refusal naming the field and what is allowed (the settings' and the addresses' alike). */
export function invalid(field: string, message: string): AivisError {
  return new AivisError({
    code: 'validation_failed',
    status: 0,
    message: `${field}: ${message}`,
    errors: { [field]: [message] },
  });
}

const userProperties = () => PropertiesService.getUserProperties();
