import { describe, expect, it } from 'vitest';
import { MAX_BUDGET_PER_MINUTE, PACER_WINDOW_MS, UpstreamPacer } from '../../proxy/pacer.js';

/** A clock that only moves when someone sleeps on it. */
function fakeClock(start = 1_000_000) {
  let time = start;
  return {
    now: () => time,
    sleep: async (ms: number) => {
      time += ms;
    },
    advance: (ms: number) => {
      time += ms;
    },
  };
}

describe('UpstreamPacer', () => {
  it('lets the budget through at once and then spaces requests to the window', async () => {
    const clock = fakeClock();
    const pacer = new UpstreamPacer({ limit: 3, maxWaitMs: 120_000, maxQueueLength: 10, ...clock });
    const start = clock.now();
    const sendTimes: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const slot = await pacer.acquire();
      expect(slot.ok).toBe(true);
      sendTimes.push(clock.now() - start);
    }
    expect(sendTimes.slice(0, 3)).toEqual([0, 0, 0]);
    expect(sendTimes[3]).toBe(PACER_WINDOW_MS);
    // No window of PACER_WINDOW_MS ever holds more than the limit.
    for (const time of sendTimes) {
      expect(
        sendTimes.filter((t) => t >= time && t < time + PACER_WINDOW_MS).length,
      ).toBeLessThanOrEqual(3);
    }
  });

  it('refuses at once with a Retry-After when the wait would be too long', async () => {
    const clock = fakeClock();
    const pacer = new UpstreamPacer({ limit: 2, maxWaitMs: 10_000, maxQueueLength: 10, ...clock });
    await pacer.acquire();
    await pacer.acquire();
    const before = clock.now();
    const refused = await pacer.acquire();
    expect(refused).toEqual({ ok: false, retryAfterMs: PACER_WINDOW_MS, reason: 'wait_too_long' });
    expect(clock.now()).toBe(before);
  });

  it('bounds the queue', async () => {
    let time = 0;
    const wakeups: Array<() => void> = [];
    const pacer = new UpstreamPacer({
      limit: 1,
      maxWaitMs: 200_000,
      maxQueueLength: 2,
      now: () => time,
      sleep: (ms) =>
        new Promise<void>((resolve) =>
          wakeups.push(() => {
            time += ms;
            resolve();
          }),
        ),
    });
    await pacer.acquire();
    const waiting = [pacer.acquire(), pacer.acquire()];
    expect(pacer.waiting).toBe(2);
    expect(await pacer.acquire()).toMatchObject({ ok: false, reason: 'queue_full' });
    for (const wake of wakeups) wake();
    expect(await Promise.all(waiting)).toEqual([
      { ok: true, waitedMs: PACER_WINDOW_MS },
      { ok: true, waitedMs: 2 * PACER_WINDOW_MS },
    ]);
  });

  it("adopts the service's announced limit and counts other clients' spending", async () => {
    const clock = fakeClock();
    const pacer = new UpstreamPacer({ limit: 60, maxWaitMs: 0, maxQueueLength: 0, ...clock });
    await pacer.acquire();
    pacer.observe('120', '119');
    expect(pacer.limit).toBe(120);
    expect(pacer.remaining()).toBe(119);
    await pacer.acquire();
    // Someone else used 50 of the budget with the same account.
    pacer.observe('120', '68');
    expect(pacer.remaining()).toBe(68);
    clock.advance(PACER_WINDOW_MS);
    expect(pacer.remaining()).toBe(120);
  });

  it("keeps under the operator's cap even when the plan allows more", async () => {
    const clock = fakeClock();
    const pacer = new UpstreamPacer({
      limit: 60,
      cap: 2,
      maxWaitMs: 0,
      maxQueueLength: 0,
      ...clock,
    });
    pacer.observe('120', '120');
    expect(pacer.limit).toBe(2);
    expect((await pacer.acquire()).ok).toBe(true);
    expect((await pacer.acquire()).ok).toBe(true);
    expect((await pacer.acquire()).ok).toBe(false);
  });

  it('holds everything back for Retry-After after an upstream 429', async () => {
    const clock = fakeClock();
    const pacer = new UpstreamPacer({ limit: 60, maxWaitMs: 5_000, maxQueueLength: 5, ...clock });
    pacer.blockFor(3_000);
    expect(await pacer.acquire()).toEqual({ ok: true, waitedMs: 3_000 });
    pacer.blockFor(30_000);
    expect(await pacer.acquire()).toEqual({
      ok: false,
      retryAfterMs: 30_000,
      reason: 'wait_too_long',
    });
  });

  it('clamps an absurd announced limit and keeps one record for a whole Remaining gap', async () => {
    const clock = fakeClock();
    const pacer = new UpstreamPacer({ limit: 60, maxWaitMs: 0, maxQueueLength: 0, ...clock });
    // A hostile or broken upstream: one billion a minute, all spent by "someone else".
    pacer.observe('1000000000', '0');
    expect(pacer.limit).toBe(MAX_BUDGET_PER_MINUTE);
    expect(pacer.remaining()).toBe(0);
    expect(pacer.records).toBe(1);
    expect(await pacer.acquire()).toMatchObject({ ok: false, reason: 'wait_too_long' });
    pacer.observe(`9${'9'.repeat(400)}`, '0');
    expect(pacer.limit).toBe(MAX_BUDGET_PER_MINUTE);
    expect(pacer.records).toBeLessThanOrEqual(2);
    clock.advance(PACER_WINDOW_MS);
    expect(pacer.remaining()).toBe(MAX_BUDGET_PER_MINUTE);
    expect(pacer.records).toBe(0);
  });

  it('spaces requests correctly around a block of unseen sends', async () => {
    const clock = fakeClock();
    const pacer = new UpstreamPacer({ limit: 5, maxWaitMs: 120_000, maxQueueLength: 10, ...clock });
    expect((await pacer.acquire()).ok).toBe(true);
    clock.advance(1_000);
    // Someone else spent three: one left.
    pacer.observe('5', '1');
    expect(pacer.remaining()).toBe(1);
    expect(await pacer.acquire()).toEqual({ ok: true, waitedMs: 0 });
    // Full: the next slot frees when the first send leaves the window.
    expect(await pacer.acquire()).toEqual({ ok: true, waitedMs: PACER_WINDOW_MS - 1_000 });
    // Then the three unseen ones leave together, at the same instant.
    expect(await pacer.acquire()).toEqual({ ok: true, waitedMs: 1_000 });
  });
});
