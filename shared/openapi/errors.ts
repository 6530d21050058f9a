/**
 * Error responses of the document (data-api 7, and 405 for other methods), one
 * reusable response object per HTTP status, with the condition of every code
 * that status carries.
 */
import { ENDPOINTS, type EndpointName, needsProject } from '../api/endpoints.js';
import { API_ERROR_CODES, ERROR_STATUS } from '../api/vocabulary.js';
import { errorEnvelope } from '../http/errors.js';
import { componentRef } from './components.js';
import type { JsonObject } from './parameters.js';

type DocumentedCode = (typeof API_ERROR_CODES)[number];

/** data-api 7, column "Condition"; keyed by code so a new code cannot miss its sentence. */
const CONDITIONS: Record<DocumentedCode, string> = {
  unauthenticated: 'Token missing, expired or revoked.',
  insufficient_scope: 'Token cannot read the API.',
  paid_plan_required:
    'Account has no paid-plan access (an active eligible trial counts); `plans_url` points to the plans page.',
  not_found: 'Project id does not exist or belongs to another account.',
  validation_failed:
    'A parameter is invalid; `errors` maps each parameter to its messages (for example an invalid period, or a prompt_id of another project).',
  rate_limited:
    'Per-minute budget used up; the Retry-After header and `retry_after` carry the same number of seconds. Wait, then retry; never retry in a tight loop.',
  server_error: 'Failure on the service side.',
  method_not_allowed:
    'The API is read-only: a method other than GET, HEAD or OPTIONS. The Allow header lists the methods.',
};

/** Example messages: what a reader of each error sees. */
const EXAMPLE_MESSAGES: Record<DocumentedCode, string> = {
  unauthenticated: 'Send a valid personal access token as Authorization: Bearer <token>.',
  insufficient_scope: 'This token cannot read the Data API.',
  paid_plan_required: 'The Data API needs a paid plan or an active eligible trial.',
  not_found: 'No project 1234 in this account.',
  validation_failed: 'Invalid parameters.',
  rate_limited: 'Too many requests; retry after 12 seconds.',
  server_error: 'Something failed on our side; try again later.',
  method_not_allowed: 'The Data API is read-only: use GET (POST is not allowed).',
};

const CODES: readonly DocumentedCode[] = API_ERROR_CODES;
/** The status of a code, from the one place that pairs them (the error envelope). */
const statusOf = (code: DocumentedCode): number => errorEnvelope(code, '').error.status;

export const RATE_LIMIT_HEADERS: JsonObject = {
  'X-RateLimit-Limit': {
    description:
      'Requests per minute of the account: 60 on the entry paid plan, 120 on the higher one. Sent on every response, errors included.',
    schema: { type: 'integer', minimum: 0 },
  },
  'X-RateLimit-Remaining': {
    description:
      "Requests left in the account's current minute; the limit when the request spent none (unauthenticated, or a server that does not enforce the limit).",
    schema: { type: 'integer', minimum: 0 },
  },
};

const headerRefs = (): JsonObject =>
  Object.fromEntries(
    Object.keys(RATE_LIMIT_HEADERS).map((name) => [name, { $ref: `#/components/headers/${name}` }]),
  );

const responseName = (status: number) => `Error${status}`;

function example(code: DocumentedCode): unknown {
  const extras =
    code === 'validation_failed'
      ? {
          errors: {
            period: [
              'must be one of last_30_days, last_60_days, last_90_days, this_year, last_year',
            ],
          },
        }
      : code === 'paid_plan_required'
        ? { plans_url: 'https://example.com/plans' }
        : code === 'rate_limited'
          ? { retry_after: 12 }
          : {};
  return errorEnvelope(code, EXAMPLE_MESSAGES[code], extras);
}

/** components.responses: one entry per error status of data-api 7. */
export function errorResponseComponents(): JsonObject {
  const statuses = [...new Set(CODES.map(statusOf))];
  const out: JsonObject = {};
  for (const status of statuses) {
    const codes = CODES.filter((code) => statusOf(code) === status);
    out[responseName(status)] = {
      description: codes.map((code) => `\`${code}\`: ${CONDITIONS[code]}`).join(' '),
      headers: {
        ...headerRefs(),
        ...(status === statusOf('method_not_allowed')
          ? {
              Allow: {
                description: 'The methods the API answers: GET, HEAD, OPTIONS.',
                schema: { type: 'string' },
              },
            }
          : {}),
        ...(status === ERROR_STATUS.rate_limited
          ? {
              'Retry-After': {
                description: 'Seconds to wait before the next request; equals `error.retry_after`.',
                schema: { type: 'integer', minimum: 0 },
              },
            }
          : {}),
      },
      content: {
        'application/json': {
          schema: componentRef('ErrorEnvelope'),
          examples: Object.fromEntries(codes.map((code) => [code, { value: example(code) }])),
        },
      },
    };
  }
  return out;
}

/**
 * The error statuses one endpoint can answer: 404 needs a project in the path,
 * 422 needs something to validate.
 */
export function errorResponsesOf(name: EndpointName): JsonObject {
  const hasInput = needsProject(name) || Object.keys(ENDPOINTS[name].params).length > 0;
  const statuses = [...new Set(CODES.map(statusOf))].filter(
    (status) =>
      (status !== ERROR_STATUS.not_found || needsProject(name)) &&
      (status !== ERROR_STATUS.validation_failed || hasInput),
  );
  return Object.fromEntries(
    statuses.map((status) => [
      String(status),
      { $ref: `#/components/responses/${responseName(status)}` },
    ]),
  );
}

export { headerRefs };
