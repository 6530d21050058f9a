/**
 * The one way tests and benchmarks wait for something that happens behind an
 * answer (a background refresh, a server that starts listening, a widget that
 * settles): check, pause, check again, and give up with a message naming what
 * never happened. Time is injectable so the helper itself is tested without
 * waiting; the number of checks is bounded whatever the clock says.
 */

/** Upper bound on checks, so a clock that never moves cannot poll forever. */
export const MAX_POLL_CHECKS = 10_000;

export interface PollOptions {
  /** What the caller waits for, e.g. 'the background refresh'; named in the error. */
  what: string;
  /** Give up after this long. Default 5000 ms. */
  timeoutMs?: number;
  /** Pause between two checks. Default 10 ms. */
  intervalMs?: number;
  /** Default Date.now. */
  now?: () => number;
  /** Default a setTimeout promise. */
  sleep?: (ms: number) => Promise<void>;
}

/** What `if (value)` lets through. */
export type Truthy<T> = Exclude<T, false | 0 | '' | null | undefined>;

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Resolves with the first truthy value `check` returns (a check may be async
 * and may throw to stop early); rejects once `timeoutMs` or MAX_POLL_CHECKS
 * is spent.
 */
export async function pollUntil<T>(
  check: () => T | Promise<T>,
  options: PollOptions,
): Promise<Truthy<T>> {
  const { what, timeoutMs = 5_000, intervalMs = 10, now = Date.now, sleep = realSleep } = options;
  const started = now();
  for (let checks = 1; checks <= MAX_POLL_CHECKS; checks += 1) {
    const value = await check();
    if (value) return value as Truthy<T>;
    if (now() - started >= timeoutMs) break;
    await sleep(intervalMs);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}
