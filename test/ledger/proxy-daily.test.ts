/**
 * The Node proxy's daily snapshot (LEDGER_SNAPSHOT_AT, docs/ledger.md): the
 * time of the next run, the daily timer (fake, no waits), and the snapshot
 * spending from the proxy's own budget.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runSnapshot } from '../../ledger/snapshot.js';
import { openLedger } from '../../ledger/store.js';
import { proxyConfig } from '../../proxy/config.js';
import { nextRunDelayMs, scheduleDaily } from '../../proxy/ledger-schedule.js';
import { testProxy } from '../proxy/helpers.js';
import {
  BASE_URL,
  dayAfterDefault,
  ENTRY_TOKEN,
  FakeClock,
  sandboxOn,
  temporaryFolder,
} from './fixtures.js';

const temp = temporaryFolder();
afterAll(() => temp.remove());
const at = (iso: string) => Date.parse(iso);

describe('the proxy runs the snapshot daily', () => {
  it('computes the next run in UTC, tomorrow once the time has passed', () => {
    expect(nextRunDelayMs('07:30', at('2027-01-01T07:00:00Z'))).toBe(30 * 60_000);
    expect(nextRunDelayMs('07:30', at('2027-01-01T07:30:00Z'))).toBe(86_400_000);
    expect(nextRunDelayMs('00:00', at('2027-01-01T23:59:00Z'))).toBe(60_000);
  });

  it('runs once a day and stops when told', async () => {
    const clock = new FakeClock(at('2027-01-01T06:00:00Z'));
    const timers: Array<{ run: () => void; ms: number }> = [];
    let runs = 0;
    const stop = scheduleDaily(
      '07:30',
      {
        now: clock.now,
        setTimer: (run, ms) => timers.push({ run, ms }),
        clearTimer: () => undefined,
      },
      async () => {
        runs++;
      },
    );
    expect(timers.map((timer) => timer.ms)).toEqual([90 * 60_000]);
    clock.ms += 90 * 60_000;
    timers[0]!.run();
    await new Promise((resolve) => setImmediate(resolve));
    expect(runs).toBe(1);
    expect(timers[1]!.ms).toBe(86_400_000);
    stop();
    clock.ms += 86_400_000;
    timers[1]!.run();
    await new Promise((resolve) => setImmediate(resolve));
    expect(timers).toHaveLength(2);
  });

  it("spends from the proxy's budget: what the snapshot sends, viewers cannot", async () => {
    const clock = new FakeClock();
    const day = sandboxOn(dayAfterDefault(1), clock);
    const proxy = testProxy({ baseUrl: BASE_URL }, { now: clock.now, sleep: clock.sleep });
    const before = proxy.handler.pacer.remaining();
    const store = await openLedger(join(temp.folder, 'daily.duckdb'));
    try {
      const report = await runSnapshot({
        baseUrl: BASE_URL,
        token: ENTRY_TOKEN,
        store,
        send: day.send,
        pacer: proxy.handler.pacer,
        sleep: clock.sleep,
        now: () => new Date(clock.now()),
        projects: [1003],
      });
      expect(report.exitCode).toBe(0);
      expect(report.requests).toBeGreaterThan(3);
      expect(proxy.handler.pacer.remaining()).toBe(before - report.requests);
      expect(day.statuses.filter((status) => status === 429)).toEqual([]);
    } finally {
      await store.close();
    }
  });

  it('reads LEDGER_SNAPSHOT_AT as HH:MM and names a bad one', () => {
    const base = { baseUrl: BASE_URL, token: ENTRY_TOKEN };
    expect(proxyConfig({ ...base, ledgerSnapshotAt: '07:30' }).ledgerSnapshotAt).toBe('07:30');
    expect(() => proxyConfig({ ...base, ledgerSnapshotAt: '25:00' })).toThrow(/LEDGER_SNAPSHOT_AT/);
  });
});
