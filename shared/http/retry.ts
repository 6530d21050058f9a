/**
 * The retry policy as data and one pure decision function, shared by the
 * async and the sync driver (Octokit's habit). data-api 7: clients wait and retry
 * after a 429 and never retry in a tight loop.
 */
import type { RetryPolicy } from '../client/types.js';
import type { AivisError } from './errors.js';

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  maxTotalWaitMs: 30_000,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 20_000,
};

/**
 * Failures that asking again after a wait may cure; 4xx answers other than
 * 429 will not change by asking again (Octokit's do-not-retry list).
 */
export const TRANSIENT_CODES: ReadonlySet<string> = new Set([
  'server_error',
  'network_error',
  'timeout',
]);

/**
 * How long to wait before the next attempt, or undefined to give up.
 * @param attemptsMade attempts so far, the failed one included (1 after the first).
 * @param waitedMs time already spent waiting between attempts of this call.
 */
export function retryDelay(
  error: AivisError,
  attemptsMade: number,
  waitedMs: number,
  policy: RetryPolicy,
  random: () => number,
): number | undefined {
  if (attemptsMade >= policy.maxAttempts) return undefined;
  let delay: number;
  if (error.code === 'rate_limited') {
    // data-api 7: Retry-After (header, else body retry_after); at least a second, never a tight loop.
    delay = Math.max(1, error.retryAfter ?? 1) * 1000;
    if (delay > policy.maxRetryAfterMs) return undefined;
  } else if (TRANSIENT_CODES.has(error.code)) {
    // Exponential backoff with "equal jitter": never below half the step, so never a tight loop.
    const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attemptsMade - 1));
    delay = Math.round(step / 2 + random() * (step / 2));
  } else {
    return undefined;
  }
  return waitedMs + delay > policy.maxTotalWaitMs ? undefined : delay;
}

export function resolvePolicy(overrides: Partial<RetryPolicy> | undefined): RetryPolicy {
  return { ...DEFAULT_RETRY_POLICY, ...overrides };
}
