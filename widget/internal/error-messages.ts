/**
 * What a person reading the widget is told for each error code (spec 7 and
 * the client's own codes), and what to do next. The API's own message is
 * kept for details, shown as text.
 */
import type { ErrorCode } from '../../shared/api/vocabulary.js';
import { AivisError, isAivisError } from '../../shared/http/errors.js';

export interface ErrorExplanation {
  code: ErrorCode | 'unknown';
  /** One sentence: what happened. */
  title: string;
  /** What to do next. */
  advice: string;
  /** Whether asking again may help (shows a "Try again" button). */
  retryable: boolean;
}

const EXPLANATIONS: Record<ErrorCode, Omit<ErrorExplanation, 'code'>> = {
  unauthenticated: {
    title: 'The access token was not accepted: it is missing, expired or revoked.',
    advice:
      'Create a new personal access token on the service’s token page and put it where this page (or its proxy) keeps it.',
    retryable: false,
  },
  insufficient_scope: {
    title: 'This access token is not allowed to read the Data API.',
    advice: 'Create a token with API access on the service’s token page.',
    retryable: false,
  },
  paid_plan_required: {
    title: 'This account has no paid plan, and the Data API comes with paid plans only.',
    advice: 'Choose a plan (an eligible trial counts), then reload this page.',
    retryable: false,
  },
  not_found: {
    title: 'This project was not found in the account.',
    advice: 'Check the project attribute: it must be the id of one of your projects.',
    retryable: false,
  },
  validation_failed: {
    title: 'This widget is not set up correctly.',
    advice: 'Fix the attribute named below.',
    retryable: false,
  },
  rate_limited: {
    title: 'Too many requests in the last minute.',
    advice: 'The widget tries again by itself.',
    retryable: true,
  },
  server_error: {
    title: 'The service failed to answer.',
    advice: 'Try again in a moment.',
    retryable: true,
  },
  network_error: {
    title: 'The service could not be reached.',
    advice: 'Check the network connection and the widget’s base-url.',
    retryable: true,
  },
  contract_error: {
    title: 'The service answered in a form this widget does not understand.',
    advice: 'The widget may be older than the service: update it, or report the details below.',
    retryable: false,
  },
  timeout: {
    title: 'The service took too long to answer.',
    advice: 'Try again in a moment.',
    retryable: true,
  },
  aborted: {
    title: 'The request was cancelled.',
    advice: 'Try again.',
    retryable: true,
  },
  method_not_allowed: {
    title: 'The service refused the request method.',
    advice: 'Check that base-url points at the Data API or its proxy.',
    retryable: false,
  },
};

export function explainError(error: unknown): ErrorExplanation {
  if (isAivisError(error) && error.code in EXPLANATIONS) {
    return { code: error.code, ...EXPLANATIONS[error.code] };
  }
  return {
    code: 'unknown',
    title: 'Something went wrong while loading this widget.',
    advice: 'Reload the page; if it keeps happening, report it.',
    retryable: true,
  };
}

/** Any thrown value as an AivisError, so events always carry the same shape. */
export function asAivisError(error: unknown): AivisError {
  if (error instanceof AivisError) return error;
  if (isAivisError(error)) return new AivisError((error as AivisError).toJSON());
  return new AivisError({
    code: 'contract_error',
    status: 0,
    message: error instanceof Error ? error.message : 'Unexpected failure',
  });
}

/** Attribute names are the parameter names in kebab case (include_highlights -> include-highlights). */
export const attributeNameOf = (param: string): string => param.replaceAll('_', '-');
