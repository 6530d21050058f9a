/**
 * appsscript.json: V8, the narrowest scopes that cover what the add-on does,
 * and the service as the only address UrlFetchApp may call.
 */
import { WEBHOOK_HOSTS } from '../src/alert-settings.js';
import type { ServiceSetting } from './settings.js';

export const OAUTH_SCOPES = [
  // Read and write only the spreadsheet the add-on is used in.
  'https://www.googleapis.com/auth/spreadsheets.currentonly',
  // UrlFetchApp calls to the Data API.
  'https://www.googleapis.com/auth/script.external_request',
  // The sidebar and dialogs.
  'https://www.googleapis.com/auth/script.container.ui',
  // The time-driven trigger of the schedule.
  'https://www.googleapis.com/auth/script.scriptapp',
  // Alert and digest emails (MailApp), to the user's own address (Session).
  'https://www.googleapis.com/auth/script.send_mail',
  'https://www.googleapis.com/auth/userinfo.email',
] as const;

/** What every Apps Script project built here declares: V8, UTC, and the service as the only address. */
export function baseManifest(service: ServiceSetting) {
  return {
    timeZone: 'Etc/UTC',
    runtimeVersion: 'V8',
    exceptionLogging: 'STACKDRIVER',
    urlFetchWhitelist: [service.whitelistEntry],
  };
}

/** The add-on also posts alerts to the chat services' incoming webhooks (docs/alerts.md). */
export function manifest(service: ServiceSetting) {
  const base = baseManifest(service);
  return {
    ...base,
    urlFetchWhitelist: [
      ...base.urlFetchWhitelist,
      ...new Set(WEBHOOK_HOSTS.map((each) => each.prefix)),
    ],
    oauthScopes: [...OAUTH_SCOPES],
  };
}
