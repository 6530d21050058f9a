/**
 * What a person looking at the widget is told for each error code (data-api 7
 * and the client's own codes): one calm sentence for the viewer, naming who
 * must act where it is not the viewer; the cause, the advice for whoever set
 * the page up and the API's own message (as text) sit behind Details.
 */
import type { ErrorCode } from '../../shared/api/vocabulary.js';
import { isAivisError } from '../../shared/http/errors.js';
import { CORS_HINT } from './request-cache.js';

export interface ErrorExplanation {
  code: ErrorCode | 'unknown';
  /** One calm sentence for whoever looks at the page: what it means and, where someone must act, who. */
  title: string;
  /** For the person who set the page up, behind Details: what happened, technically. */
  cause: string;
  /** For the same person: what to do next. */
  advice: string;
  /** Whether asking again may help (shows a "Try again" button). */
  retryable: boolean;
  /** What Details quotes instead of the client's message, when that message would contradict the cause. */
  detail?: string;
}

type Explanation = [title: string, cause: string, advice: string, retryable?: true];

const ADMIN = "the site's administrator";
export const AGAIN = 'Try again in a moment.';

/** Per code: the viewer's sentence, the cause and advice behind Details, and whether asking again may help. */
const EXPLANATIONS: Record<ErrorCode, Explanation> = {
  unauthenticated: [
    `This page's access to the data has expired; ${ADMIN} needs to renew it.`,
    'The access token is missing, expired or revoked.',
    'Create a new one on the token page and give it to this page or its proxy.',
  ],
  insufficient_scope: [
    `This page may not read the data yet; ${ADMIN} needs to give it access.`,
    'This access token is not allowed to read the Data API.',
    'Create one with API access on the token page.',
  ],
  paid_plan_required: [
    "The data needs a paid plan; the account's owner can choose one.",
    'This account has no paid plan, which the Data API needs.',
    'Choose a plan (an eligible trial counts), then reload.',
  ],
  not_found: [
    "This project was not found in this account; the page's editor should check the project number.",
    '',
    'Set project to one of your project ids.',
  ],
  // The attributes to fix are listed under the sentence; no Details.
  validation_failed: [
    "This widget is not set up correctly; the page's editor can fix what is listed below.",
    '',
    '',
  ],
  // The widget retries by itself first (a countdown follows the sentence); the API's message says why.
  rate_limited: ['Too many requests right now.', '', AGAIN, true],
  server_error: [
    `The data service did not answer. ${AGAIN}`,
    'The service failed to answer.',
    AGAIN,
    true,
  ],
  network_error: [
    `The data service cannot be reached right now. ${AGAIN}`,
    'The service could not be reached.',
    'Check the network and base-url.',
    true,
  ],
  contract_error: [
    `The data arrived in a form this widget cannot show; ${ADMIN} may need to update it.`,
    'The service answered in a form this widget does not understand.',
    'Update the widget, or report the details below.',
  ],
  // Where the sentence already says what happened, Details adds only the advice.
  timeout: [`The data service took too long to answer. ${AGAIN}`, '', AGAIN, true],
  aborted: ['Loading was cancelled.', '', 'Try again.', true],
  method_not_allowed: [
    `The data service refused this widget's request; ${ADMIN} needs to check its address.`,
    'The service refused the request method.',
    'Check that base-url points at the Data API or its proxy.',
  ],
};

/** A network error that the request cache recognised as a CORS refusal (see explainFailure). */
const CORS_REFUSAL: Explanation = [
  `This page is not allowed to load the data yet; ${ADMIN} needs to allow it.`,
  'The service refused this page (CORS).',
  "Add the page's origin to the proxy's ALLOWED_ORIGINS.",
];

const UNKNOWN: Explanation = [
  `Something went wrong while loading. ${AGAIN}`,
  '',
  'Reload the page; if it keeps happening, report it.',
  true,
];

export function explainError(error: unknown): ErrorExplanation {
  const known = isAivisError(error) && error.code in EXPLANATIONS;
  const [title, cause, advice, retryable] = known
    ? error.code === 'network_error' && error.message.includes(CORS_HINT)
      ? CORS_REFUSAL
      : EXPLANATIONS[error.code]
    : UNKNOWN;
  const explanation = {
    code: known ? error.code : 'unknown',
    title,
    cause,
    advice,
    retryable: !!retryable,
  } as const;
  // The client says "Could not reach the service … Check the network": true of
  // a refusal only as the browser sees it. Details name the refusal alone.
  const refusal =
    explanation.code === 'network_error' && CORS_REFUSAL[0] === title
      ? /\(CORS: ([^)]*)\)/.exec(error instanceof Error ? error.message : '')?.[1]
      : undefined;
  return refusal
    ? { ...explanation, detail: `${refusal.charAt(0).toUpperCase()}${refusal.slice(1)}.` }
    : explanation;
}
