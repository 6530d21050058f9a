/**
 * Scenario tokens (the payment-sandbox habit): each named token reaches one
 * behaviour of data-api 5 and 7 on demand. Bearer only (data-api 5 rule 1).
 */
import { LIMITS } from '../shared/api/vocabulary.js';
import type { AccountId } from './data/world.js';
import { PLANS_URL, TOKEN_PAGE_URL } from './data/world.js';

export type ScenarioBehaviour = 'data' | 'slow' | 'server_error' | 'rate_limited';

export interface Scenario {
  token: string;
  /** Rate-limit and data account; data scenarios read A's or B's projects. */
  account: string;
  /** The account whose projects the token reads, for data scenarios. */
  dataAccount?: AccountId;
  rateLimitPerMinute: number;
  behaviour: ScenarioBehaviour;
  /** Answers with our first guesses of the field names (shared/aliases.ts FIRST_GUESSES). */
  oldNames?: true;
  description: string;
}

export type AuthFailure = {
  code: 'unauthenticated' | 'insufficient_scope' | 'paid_plan_required';
  message: string;
  plans_url?: string;
};

const CREATE_TOKEN = `Create a new personal access token on the MCP connection's token page (${TOKEN_PAGE_URL}) and send it as Authorization: Bearer <token>.`;

export const SCENARIOS: readonly Scenario[] = [
  {
    token: 'aivis_test_entry',
    account: 'A',
    dataAccount: 'A',
    rateLimitPerMinute: LIMITS.rateLimitPerMinute.entry,
    behaviour: 'data',
    description: 'account A, entry paid plan, 60 req/min; projects 1001, 1002, 1003',
  },
  {
    token: 'aivis_test_pro',
    account: 'B',
    dataAccount: 'B',
    rateLimitPerMinute: LIMITS.rateLimitPerMinute.higher,
    behaviour: 'data',
    description: 'account B, higher paid plan, 120 req/min; project 2001',
  },
  {
    token: 'aivis_test_showcase',
    account: 'C',
    dataAccount: 'C',
    rateLimitPerMinute: LIMITS.rateLimitPerMinute.higher,
    behaviour: 'data',
    description:
      'account C, higher paid plan, 120 req/min; project 3001 (clean, every source fresh)',
  },
  {
    token: 'aivis_test_old_names',
    account: 'old-names',
    dataAccount: 'A',
    rateLimitPerMinute: LIMITS.rateLimitPerMinute.entry,
    behaviour: 'data',
    oldNames: true,
    description:
      "account A's data under the field names the client first guessed (change, highlights, web_searches)",
  },
  {
    token: 'aivis_test_slow',
    // Account A's data on a budget of its own: the demo shows the loading
    // state on every visit, and that must not spend account A's minute.
    account: 'slow',
    dataAccount: 'A',
    rateLimitPerMinute: LIMITS.rateLimitPerMinute.entry,
    behaviour: 'slow',
    description: "account A's data, every response delayed (5 s by default)",
  },
  {
    token: 'aivis_test_server_error',
    account: 'server-error',
    // Widgets retry a 500: the higher plan's minute lets a person reload the demo's error cards.
    rateLimitPerMinute: LIMITS.rateLimitPerMinute.higher,
    behaviour: 'server_error',
    description: '500 server_error on every endpoint',
  },
  {
    token: 'aivis_test_rate_limited',
    account: 'rate-limited',
    rateLimitPerMinute: LIMITS.rateLimitPerMinute.entry,
    behaviour: 'rate_limited',
    description: '429 rate_limited on every request, Retry-After: 1',
  },
];

/** Tokens that fail authentication or authorization, with the error each gives (data-api 5 rules 6-8). */
export const FAILING_TOKENS: Readonly<Record<string, AuthFailure & { description: string }>> = {
  aivis_test_expired: {
    code: 'unauthenticated',
    message: `This token has expired. ${CREATE_TOKEN}`,
    description: '401 unauthenticated (expired token)',
  },
  aivis_test_revoked: {
    code: 'unauthenticated',
    message: `This token was revoked on the MCP connection's token page and no longer works. ${CREATE_TOKEN}`,
    description: '401 unauthenticated (revoked token)',
  },
  aivis_test_no_scope: {
    code: 'insufficient_scope',
    message: `This token cannot read the Data API. ${CREATE_TOKEN.replace('a new', 'a')}`,
    description: '403 insufficient_scope',
  },
  aivis_test_free: {
    code: 'paid_plan_required',
    message: `The Data API needs a paid plan or an active eligible trial. Choose a plan at ${PLANS_URL}.`,
    plans_url: PLANS_URL,
    description: '403 paid_plan_required with plans_url',
  },
};

/** Every scenario token and what it does, for the CLI banner and the README. */
export const SCENARIO_TABLE: ReadonlyArray<{ token: string; description: string }> = [
  ...SCENARIOS.map(({ token, description }) => ({ token, description })),
  ...Object.entries(FAILING_TOKENS).map(([token, { description }]) => ({ token, description })),
];

const QUERY_TOKEN_PARAMS = ['token', 'access_token', 'api_key', 'apikey'];

export function authenticate(
  authorization: string | null,
  searchParams: URLSearchParams,
): { ok: true; scenario: Scenario } | { ok: false; failure: AuthFailure } {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization ?? '');
  if (!match) {
    // data-api 5 rule 1: a token in the query string never authenticates.
    const inQuery = QUERY_TOKEN_PARAMS.some((name) => searchParams.has(name));
    return {
      ok: false,
      failure: {
        code: 'unauthenticated',
        message: inQuery
          ? `Tokens in the query string are not accepted: they end up in logs. Send the token as an Authorization: Bearer <token> header.`
          : authorization
            ? `The Authorization header must be Bearer <token>. ${CREATE_TOKEN}`
            : `No token was sent. ${CREATE_TOKEN}`,
      },
    };
  }
  const token = match[1]!;
  const scenario = SCENARIOS.find((item) => item.token === token);
  if (scenario) return { ok: true, scenario };
  const failing = FAILING_TOKENS[token];
  if (failing) {
    const { description: _description, ...failure } = failing;
    return { ok: false, failure };
  }
  return {
    ok: false,
    failure: { code: 'unauthenticated', message: `This token is not valid. ${CREATE_TOKEN}` },
  };
}
