/**
 * What a person reading the widget is told for each error code (data-api 7 and
 * the client's own codes), and what to do next. The API's own message is
 * kept for details, shown as text.
 */
import type { ErrorCode } from '../../shared/api/vocabulary.js';
import { AivisError, isAivisError } from '../../shared/http/errors.js';
import { CORS_HINT } from './request-cache.js';

export interface ErrorExplanation {
  code: ErrorCode | 'unknown';
  /** One sentence: what happened. */
  title: string;
  /** What to do next. */
  advice: string;
  /** Whether asking again may help (shows a "Try again" button). */
  retryable: boolean;
}

/** Per code: what happened, what to do next, and whether asking again may help. */
const EXPLANATIONS: Record<ErrorCode, [title: string, advice: string, retryable?: true]> = {
  unauthenticated: [
    'The access token is missing, expired or revoked.',
    'Create a new one on the token page and give it to this page or its proxy.',
  ],
  insufficient_scope: [
    'This access token is not allowed to read the Data API.',
    'Create one with API access on the token page.',
  ],
  paid_plan_required: [
    'This account has no paid plan, which the Data API needs.',
    'Choose a plan (an eligible trial counts), then reload.',
  ],
  not_found: [
    'This project was not found in the account.',
    'Set project to one of your project ids.',
  ],
  validation_failed: ['This widget is not set up correctly.', 'Fix the attribute named below.'],
  // The widget retries by itself first (a countdown shows instead of this advice).
  rate_limited: ['Too many requests in the last minute.', 'Try again in a minute.', true],
  server_error: ['The service failed to answer.', 'Try again in a moment.', true],
  network_error: ['The service could not be reached.', 'Check the network and base-url.', true],
  contract_error: [
    'The service answered in a form this widget does not understand.',
    'Update the widget, or report the details below.',
  ],
  timeout: ['The service took too long to answer.', 'Try again in a moment.', true],
  aborted: ['The request was cancelled.', 'Try again.', true],
  method_not_allowed: [
    'The service refused the request method.',
    'Check that base-url points at the Data API or its proxy.',
  ],
};

/** A network error that the request cache recognised as a CORS refusal (see explainFailure). */
const CORS_REFUSAL: [title: string, advice: string] = [
  'The service refused this page (CORS).',
  'See the details.',
];

export function explainError(error: unknown): ErrorExplanation {
  const known = isAivisError(error) && error.code in EXPLANATIONS;
  const [title, advice, retryable] = known
    ? error.code === 'network_error' && error.message.includes(CORS_HINT)
      ? CORS_REFUSAL
      : EXPLANATIONS[error.code]
    : [
        'Something went wrong while loading.',
        'Reload the page; if it keeps happening, report it.',
        true,
      ];
  return { code: known ? error.code : 'unknown', title, advice, retryable: !!retryable };
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
