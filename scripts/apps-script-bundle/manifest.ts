/**
 * What every Apps Script project this repository builds declares in its
 * appsscript.json: V8, UTC, and the service as the only address UrlFetchApp
 * may call. Each product adds its own scopes and sections
 * (scripts/sheets/manifest.ts, scripts/looker-studio/manifest.ts).
 */
import type { ServiceSetting } from './settings.js';

export function baseManifest(service: ServiceSetting) {
  return {
    timeZone: 'Etc/UTC',
    runtimeVersion: 'V8',
    exceptionLogging: 'STACKDRIVER',
    urlFetchWhitelist: [service.whitelistEntry],
  };
}
