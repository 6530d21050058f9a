/** The per-minute budget of the token's account (data-api 8), and the rate-limited scenario. */
import type { Scenario } from '../auth.js';
import type { RateLimiter } from '../rate-limit.js';
import type { Exchange } from './exchange.js';
import { type EncodedError, encodeError, sendBytes } from './serialize.js';

export function spendBudget(
  exchange: Exchange,
  scenario: Scenario,
  limiter: RateLimiter,
): Response | undefined {
  if (scenario.behaviour === 'rate_limited') {
    exchange.rate = { limit: scenario.rateLimitPerMinute, remaining: 0 };
    return rateLimited(exchange, 1);
  }
  const decision = limiter.take(scenario.account, scenario.rateLimitPerMinute);
  exchange.rate = decision;
  return decision.allowed ? undefined : rateLimited(exchange, decision.retryAfter);
}

/** The 429 envelope and header per whole second to wait (1 to 60: the window is a minute). */
const RATE_LIMITED = new Map<number, { error: EncodedError; headers: Record<string, string> }>();

function rateLimited(exchange: Exchange, retryAfter: number): Response {
  let answer = RATE_LIMITED.get(retryAfter);
  if (!answer) {
    // data-api 7: the Retry-After header and retry_after carry the same seconds.
    answer = {
      error: encodeError(
        'rate_limited',
        `The per-minute request budget of this account is used up. Wait ${retryAfter} s before retrying, and do not retry in a tight loop.`,
        { retry_after: retryAfter },
      ),
      headers: { 'retry-after': String(retryAfter) },
    };
    if (retryAfter >= 1 && retryAfter <= 60) RATE_LIMITED.set(retryAfter, answer);
  }
  return sendBytes(
    exchange,
    answer.error.status,
    answer.error.bytes,
    answer.headers,
    `retry-after ${retryAfter}`,
  );
}
