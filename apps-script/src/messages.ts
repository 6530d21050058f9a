/**
 * What a person reads when something fails: one sentence of what happened
 * and one of what to do, for every error code of data-api 7 and the client's own.
 * Every message passes through redaction, so no token can reach a cell, a
 * sidebar or a log even if a server echoed it.
 */
import type { ErrorCode } from '../../shared/api/vocabulary.js';
import {
  type AivisError,
  isAivisError,
  summarizeValidationErrors,
} from '../../shared/http/errors.js';
import { redactSecret } from '../../shared/http/redaction.js';
import { SETTINGS_PATH } from './config.js';

type AivisFailure = Pick<
  AivisError,
  'code' | 'message' | 'status' | 'errors' | 'retryAfter' | 'plansUrl' | 'path'
>;

const REFRESH_PATH = 'Extensions > AI Visibility > Refresh now';

const MESSAGES: Record<ErrorCode, (error: AivisFailure) => string> = {
  unauthenticated: (error) =>
    error.status === 0
      ? error.message
      : `The API token was not accepted: it is missing, expired or revoked. Create a new token on the service's token page and set it in ${SETTINGS_PATH}.`,
  insufficient_scope: () =>
    `This token cannot read the Data API. Create a personal access token on the token page (the tab for other clients) and set it in ${SETTINGS_PATH}.`,
  paid_plan_required: (error) =>
    `The account behind this token has no paid plan or active trial. Choose a plan${error.plansUrl ? ` at ${error.plansUrl}` : ' on the plans page'}, then refresh.`,
  not_found: () =>
    'This project was not found in the account of your token. Use =AIVIS_PROJECTS() to list the project ids you can read.',
  validation_failed: (error) =>
    error.errors
      ? `Check the arguments: ${summarizeValidationErrors(error.errors)}.`
      : `Check the arguments: ${error.message}`,
  rate_limited: (error) =>
    `The service's per-minute request budget is used up${error.retryAfter ? ` (retry after ${error.retryAfter} s)` : ''}. Wait a minute, then use ${REFRESH_PATH}; results served from the cache cost no requests.`,
  server_error: () =>
    'The AI Visibility service had an internal error and did not recover after retries. Try again in a few minutes.',
  network_error: (error) =>
    `${error.message.replace(/\.$/, '')}. Check the service address in ${SETTINGS_PATH}.`,
  contract_error: (error) =>
    `The service answered in a shape this add-on does not understand${error.path ? ` (at ${error.path})` : ''}. Update the add-on, or report it with the time of the call.`,
  timeout: (error) => error.message,
  aborted: () => 'The request was cancelled. Try again.',
  method_not_allowed: () =>
    'The service refused the request method. Update the add-on to a version made for Data API v1.',
};

export function userMessage(error: unknown, token?: string | readonly string[]): string {
  let message: string;
  if (isAivisError(error)) {
    const failure = error as AivisFailure;
    message = (MESSAGES[failure.code] ?? (() => failure.message))(failure);
  } else if (error instanceof Error) {
    message = `Unexpected failure: ${error.message}`;
  } else {
    message = `Unexpected failure: ${String(error)}`;
  }
  return redact(message, token);
}

/** Every token given is replaced, so a message about one connection cannot carry another's. */
export function redact(text: string, token: string | readonly string[] | undefined): string {
  const tokens = typeof token === 'string' ? [token] : (token ?? []);
  return tokens.reduce((scrubbed, each) => redactSecret(scrubbed, each), text);
}
