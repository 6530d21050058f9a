import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AivisError } from '../../shared/http/errors.js';
import { DEFAULT_RETRY_POLICY, retryDelay } from '../../shared/http/retry.js';

const error = (code: ConstructorParameters<typeof AivisError>[0]['code'], extra: object = {}) =>
  new AivisError({ code, status: 0, message: code, ...extra });

describe('retry policy', () => {
  it('never retries answers that will not change by asking again (401, 403, 404, 422, contract)', () => {
    for (const code of [
      'unauthenticated',
      'insufficient_scope',
      'paid_plan_required',
      'not_found',
      'validation_failed',
      'contract_error',
      'aborted',
    ] as const) {
      expect(
        retryDelay(error(code), 1, 0, DEFAULT_RETRY_POLICY, Math.random),
        code,
      ).toBeUndefined();
    }
  });

  it('waits exactly Retry-After on a 429, and gives up when it is longer than the policy allows', () => {
    expect(
      retryDelay(error('rate_limited', { retryAfter: 3 }), 1, 0, DEFAULT_RETRY_POLICY, Math.random),
    ).toBe(3000);
    expect(retryDelay(error('rate_limited'), 1, 0, DEFAULT_RETRY_POLICY, Math.random)).toBe(1000);
    expect(
      retryDelay(error('rate_limited', { retryAfter: 0 }), 1, 0, DEFAULT_RETRY_POLICY, Math.random),
    ).toBe(1000);
    expect(
      retryDelay(
        error('rate_limited', { retryAfter: 3600 }),
        1,
        0,
        DEFAULT_RETRY_POLICY,
        Math.random,
      ),
    ).toBeUndefined();
  });

  it('backs off exponentially with jitter on 500 and network failures, never below half the step (no tight loop)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3 }),
        fc.double({ min: 0, max: 0.9999, noNaN: true }),
        (attempt, jitter) => {
          for (const code of ['server_error', 'network_error', 'timeout'] as const) {
            const step = Math.min(
              DEFAULT_RETRY_POLICY.maxDelayMs,
              DEFAULT_RETRY_POLICY.baseDelayMs * 2 ** (attempt - 1),
            );
            const delay = retryDelay(error(code), attempt, 0, DEFAULT_RETRY_POLICY, () => jitter)!;
            expect(delay).toBeGreaterThanOrEqual(step / 2);
            expect(delay).toBeLessThanOrEqual(step);
          }
        },
      ),
    );
  });

  it('bounds attempts and total waiting', () => {
    const policy = { ...DEFAULT_RETRY_POLICY, maxAttempts: 3, maxTotalWaitMs: 2500 };
    expect(retryDelay(error('server_error'), 3, 0, policy, () => 0)).toBeUndefined();
    expect(
      retryDelay(error('rate_limited', { retryAfter: 2 }), 1, 1000, policy, () => 0),
    ).toBeUndefined();
    expect(retryDelay(error('rate_limited', { retryAfter: 2 }), 1, 0, policy, () => 0)).toBe(2000);
  });
});
