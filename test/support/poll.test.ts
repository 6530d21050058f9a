import { describe, expect, it } from 'vitest';
import { MAX_POLL_CHECKS, pollUntil } from '../../support/poll.js';

/** A clock that moves only when the poller sleeps. */
function steppedClock() {
  let time = 0;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => time,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      time += ms;
    },
  };
}

describe('pollUntil', () => {
  it('returns the first truthy value, pausing intervalMs between checks', async () => {
    const clock = steppedClock();
    let calls = 0;
    const value = await pollUntil(() => (++calls === 3 ? 'ready' : null), {
      what: 'the third call',
      intervalMs: 25,
      ...clock,
    });
    expect(value).toBe('ready');
    expect(clock.sleeps).toEqual([25, 25]);
  });

  it('awaits async checks', async () => {
    const clock = steppedClock();
    let calls = 0;
    const value = await pollUntil(async () => (++calls > 1 ? { calls } : undefined), {
      what: 'a second call',
      ...clock,
    });
    expect(value).toEqual({ calls: 2 });
  });

  it('gives up after timeoutMs with a message naming what never happened', async () => {
    const clock = steppedClock();
    await expect(
      pollUntil(() => false, { what: 'the refresh', timeoutMs: 100, intervalMs: 10, ...clock }),
    ).rejects.toThrow('timed out after 100 ms waiting for the refresh');
    expect(clock.sleeps).toHaveLength(10);
  });

  it('stops after MAX_POLL_CHECKS even when the clock never moves', async () => {
    let calls = 0;
    await expect(
      pollUntil(
        () => {
          calls += 1;
          return false;
        },
        { what: 'a frozen clock', now: () => 0, sleep: async () => {} },
      ),
    ).rejects.toThrow('a frozen clock');
    expect(calls).toBe(MAX_POLL_CHECKS);
  });

  it('lets a check stop the wait by throwing', async () => {
    const clock = steppedClock();
    await expect(
      pollUntil(
        () => {
          throw new Error('the server exited');
        },
        { what: 'a listener', ...clock },
      ),
    ).rejects.toThrow('the server exited');
  });
});
