/**
 * The add-on's appsscript.json: the shared base (V8, the service as the only
 * address UrlFetchApp may call) and the narrowest scopes that cover what the
 * add-on does.
 */
import { WEBHOOK_HOSTS } from '../../apps-script/src/alert-webhooks.js';
import { baseManifest } from '../apps-script-bundle/manifest.js';
import type { ServiceSetting } from '../apps-script-bundle/settings.js';

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
