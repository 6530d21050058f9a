/**
 * The connector's own settings. The service address is the build setting
 * (AIVIS_SERVICE_URL, shared with the Sheets add-on through
 * apps-script-platform/); everything about the API comes from shared/.
 */

/** Looker Studio shows this in the connector gallery (at most 28 characters). */
export const CONNECTOR_NAME = 'AI Visibility';

/** Script property that points a deployment at another service address (a staging service, the sandbox in tests). */
export const BASE_URL_PROPERTY = 'AIVIS_BASE_URL';
/** Script property: comma-separated e-mail addresses that see the technical detail of errors. */
export const ADMINS_PROPERTY = 'AIVIS_ADMIN_EMAILS';

/** Apps Script stops a run at 6 minutes; a getData stops starting requests and waits after 5. */
export const GET_DATA_BUDGET_MS = 300_000;
/** Checking a token and listing projects for the config. */
export const QUICK_BUDGET_MS = 30_000;
/** Rows getSchema reads to learn which fields the service sends (one small page, cached). */
export const SCHEMA_SAMPLE_ROWS = 20;
/** Rows of one report at most: 100 pages of the largest page size. */
export const MAX_REPORT_ROWS = 10_000;

/** Where the connector's settings live in Looker Studio, for messages. */
export const RECONNECT_PATH = 'Resource > Manage added data sources > Edit > Edit connection';
export const RESET_CREDENTIALS_PATH =
  'the data source’s Edit connection page > Revoke access (Reset credentials)';
