/**
 * The service address an Apps Script build is made for, shared by the Sheets
 * add-on and the Looker Studio connector: both are built from the same
 * setting (AIVIS_SERVICE_URL, scripts/apps-script-bundle/settings.ts).
 */

/** Injected by the build from AIVIS_SERVICE_URL (scripts/apps-script-bundle/project.ts). */
declare const __AIVIS_SERVICE_URL__: string | undefined;

/** The service address this build was made for, without /api/v1. */
export function defaultBaseUrl(): string {
  return typeof __AIVIS_SERVICE_URL__ === 'string' ? __AIVIS_SERVICE_URL__ : '';
}

/**
 * The manifest's urlFetchWhitelist (scripts/apps-script-bundle/manifest.ts writes the
 * same entry from the same build setting): the only addresses a connection may use.
 */
export function urlFetchWhitelist(): string[] {
  const base = defaultBaseUrl();
  return base ? [`${base}/`] : [];
}
