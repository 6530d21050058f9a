/** The per-minute budget of the token's account (spec 8), and the rate-limited scenario. */
import type { Scenario } from '../auth.js';
import type { RateLimiter } from '../rate-limit.js';
import type { Exchange } from './exchange.js';
import { fail } from './serialize.js';

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

function rateLimited(exchange: Exchange, retryAfter: number): Response {
  // spec 7: the Retry-After header and retry_after carry the same seconds.
  return fail(
    exchange,
    'rate_limited',
    `The per-minute request budget of this account is used up. Wait ${retryAfter} s before retrying, and do not retry in a tight loop.`,
    { retry_after: retryAfter },
    { 'retry-after': String(retryAfter) },
  );
}
