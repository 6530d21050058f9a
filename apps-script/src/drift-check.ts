/**
 * Settings' "Check the service's answers": the drift check of the CLI
 * (shared/drift.ts, docs/service-drift.md) through UrlFetchApp, for one
 * connection. The sidebar gets the report's lines, never the token: each
 * line is scrubbed of it, as every answer the add-on reads is.
 */

import {
  scrubbedTransport,
  startBudget,
  urlFetchTransport,
} from '../../apps-script-platform/gas-transport.js';
import { type DriftReport, formatDriftReport, runDriftCheckSync } from '../../shared/drift.js';
import { redactSecret } from '../../shared/http/redaction.js';
import { readCredentials } from './connections.js';

/** What the sidebar shows: the exit code and the report as the CLI prints it, one line each. */
export interface DriftView {
  exitCode: DriftReport['exitCode'];
  lines: string[];
}

/** Apps Script stops a sidebar call at six minutes; the check's 24 small reads take seconds. */
const CHECK_BUDGET_MS = 240_000;

export function checkService(connection?: string): DriftView {
  const credentials = readCredentials(connection);
  const transport = scrubbedTransport(
    urlFetchTransport(startBudget(CHECK_BUDGET_MS)),
    credentials.token,
  );
  const report = runDriftCheckSync(credentials, (request) => transport.fetch(request));
  const text = redactSecret(formatDriftReport(report), credentials.token);
  return { exitCode: report.exitCode, lines: text.trimEnd().split('\n') };
}
