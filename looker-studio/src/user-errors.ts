/**
 * Failures as Looker Studio user errors: one sentence of what happened and one
 * of what to do, in the report author's words; the technical detail (code,
 * status, request without its token) as debug text, which Looker Studio shows
 * to admins only. Every text passes through redaction.
 */

import { storedToken } from '../../apps-script-platform/user-token.js';
import type { ErrorCode } from '../../shared/api/vocabulary.js';
import {
  type AivisError,
  isAivisError,
  summarizeValidationErrors,
} from '../../shared/http/errors.js';
import { redactSecret } from '../../shared/http/redaction.js';
import { RECONNECT_PATH, RESET_CREDENTIALS_PATH } from './config.js';

type Failure = Pick<
  AivisError,
  'code' | 'message' | 'status' | 'errors' | 'retryAfter' | 'plansUrl' | 'path' | 'request'
>;

const RESET = `Create a new personal access token on the service's token page, then reset the credentials in ${RESET_CREDENTIALS_PATH} and paste it.`;

const MESSAGES: Record<ErrorCode, (error: Failure) => string> = {
  unauthenticated: (error) =>
    error.status === 0
      ? `${error.message} Paste your personal access token when Looker Studio asks for it (or reset the credentials in ${RESET_CREDENTIALS_PATH}).`
      : `The access token was not accepted: it expired or was revoked. ${RESET}`,
  insufficient_scope: () => `This token cannot read the Data API. ${RESET}`,
  paid_plan_required: (error) =>
    `The account behind this token has no paid plan or active trial. Choose a plan${error.plansUrl ? ` at ${error.plansUrl}` : ' on the plans page'}, then refresh the data.`,
  not_found: () =>
    `This project is not in the account of your token (or no longer exists). Choose one of your projects in ${RECONNECT_PATH}.`,
  validation_failed: (error) =>
    `Check the data source settings in ${RECONNECT_PATH}: ${error.errors ? summarizeValidationErrors(error.errors) : error.message}.`,
  rate_limited: (error) =>
    `The service's per-minute request budget is used up${error.retryAfter ? ` (retry after ${error.retryAfter} s)` : ''}. Wait a minute, then refresh the data; answers from the last 10 minutes come from the cache and cost no requests.`,
  server_error: () =>
    'The AI Visibility service had an internal error and did not recover after retries. Refresh the data in a few minutes.',
  network_error: () =>
    'The AI Visibility service could not be reached. Refresh the data in a few minutes; if it keeps failing, tell the connector’s administrator.',
  contract_error: (error) =>
    `The service answered in a shape this connector does not understand${error.path ? ` (at ${error.path})` : ''}. Ask the connector’s administrator to update it.`,
  timeout: () =>
    'The report did not finish within Apps Script’s 6-minute limit. Choose a shorter date range or a narrower report, then refresh the data.',
  aborted: () => 'The request was cancelled. Refresh the data.',
  method_not_allowed: () =>
    'The service refused the request method. Ask the connector’s administrator to update it.',
};

export interface UserFailure {
  text: string;
  debugText: string;
}

/** A failure the connector itself detects (an unknown report, a source not connected). */
export class ConnectorProblem extends Error {
  constructor(
    message: string,
    readonly detail: string,
  ) {
    super(message);
    this.name = 'ConnectorProblem';
  }
}

export function describeFailure(error: unknown): UserFailure {
  const token = storedToken();
  let text: string;
  let debugText: string;
  if (isAivisError(error)) {
    const failure = error as Failure;
    text = (MESSAGES[failure.code] ?? (() => failure.message))(failure);
    const request = failure.request ? ` ${failure.request.method} ${failure.request.url}` : '';
    debugText = `${failure.code} (HTTP ${failure.status})${request}: ${failure.message}`;
  } else if (error instanceof ConnectorProblem) {
    text = error.message;
    debugText = error.detail;
  } else {
    text =
      'The connector failed unexpectedly. Refresh the data; if it keeps failing, tell the connector’s administrator.';
    debugText = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  }
  return { text: redactSecret(text, token), debugText: redactSecret(debugText, token) };
}

/** Throws the failure as a Looker Studio user error (never returns). */
export function throwUserError(error: unknown): never {
  const { text, debugText } = describeFailure(error);
  DataStudioApp.createCommunityConnector()
    .newUserError()
    .setText(text)
    .setDebugText(debugText)
    .throwException();
  throw new Error(text);
}
