/**
 * `npm run aivis -- snapshot` as a user runs it (docs/ledger.md, "Snapshot"):
 * over HTTP against a running sandbox, the cost stated by --dry-run, a 429
 * waited out without losing the day, and clear refusals.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openLedger } from '../../ledger/store.js';
import { startSandbox } from '../../sandbox/server.js';
import { main as aivis } from '../../scripts/aivis.js';
import { main as snapshotCli } from '../../scripts/ledger-snapshot.js';
import {
  dayAfterDefault,
  ENTRY_TOKEN,
  FakeClock,
  sandboxOn,
  snapshot,
  temporaryFolder,
} from './fixtures.js';

const temp = temporaryFolder();
afterAll(() => temp.remove());

function capture() {
  const seen = { out: '', err: '' };
  return {
    seen,
    io: {
      out: (text: string) => {
        seen.out += text;
      },
      err: (text: string) => {
        seen.err += text;
      },
    },
  };
}

describe('snapshot command', () => {
  it('writes the sandbox day over HTTP through `npm run aivis -- snapshot`', async () => {
    const sandbox = await startSandbox({ port: 0, now: dayAfterDefault(1) });
    const ledger = join(temp.folder, 'http.duckdb');
    try {
      // One project: a day of it stays under the entry plan's minute, so nothing waits on the clock
      // (the paced run of every project is test/ledger/ledger-days.test.ts, over a fake clock).
      const code = await aivis(
        ['snapshot', '--base-url', sandbox.baseUrl, '--ledger', ledger, '--project', '1001'],
        { AIVIS_TOKEN: ENTRY_TOKEN },
      );
      expect(code).toBe(0);
    } finally {
      await sandbox.close();
    }
    const store = await openLedger(ledger);
    try {
      const rows = await store.driver.all(
        "SELECT project_id FROM snapshots WHERE status = 'complete' ORDER BY project_id",
      );
      expect(rows.map((row) => row.project_id)).toEqual([1001]);
      const [requests] = await store.driver.all('SELECT requests FROM snapshots');
      // Under the plan's 60 a minute with the project list: the premise of no wait above.
      expect(Number(requests!.requests)).toBeLessThan(59);
    } finally {
      await store.close();
    }
  });

  it('states its cost in requests with --dry-run and spends one', async () => {
    const clock = new FakeClock();
    const day = sandboxOn(dayAfterDefault(1), clock);
    const { seen, io } = capture();
    const code = await snapshotCli(
      ['--base-url', 'http://127.0.0.1:8787', '--dry-run'],
      { AIVIS_TOKEN: ENTRY_TOKEN },
      { ...io, send: day.send, now: clock.now, sleep: clock.sleep },
    );
    expect(code).toBe(0);
    expect(seen.out).toMatch(/^snapshot would spend about \d+ requests for 3 projects/);
    expect(day.statuses).toEqual([200]);
    const estimate = Number(/about (\d+) requests/.exec(seen.out)![1]);
    const ledger = join(temp.folder, 'cost.duckdb');
    const run = await snapshot(day, clock, ledger);
    expect(run.code).toBe(0);
    // The estimate counts the list, each project's report, the first page of every body the
    // endpoint table documents and the answers' pages; a long list's further pages come on top.
    const store = await openLedger(ledger);
    try {
      const [further] = await store.driver.all(
        "SELECT COUNT(*) AS n FROM bodies WHERE request NOT LIKE '%/answers?%' AND request LIKE '%offset=%'",
      );
      const requests = run.report.requests as number;
      expect(Number(further!.n)).toBeGreaterThan(0);
      expect(Math.abs(requests - Number(further!.n) - estimate)).toBeLessThanOrEqual(3);
    } finally {
      await store.close();
    }
  });

  it('waits out a 429 and completes the day', async () => {
    const clock = new FakeClock();
    const day = sandboxOn(dayAfterDefault(1), clock);
    let sent = 0;
    const limited = {
      ...day,
      async send(url: string, token: string) {
        sent++;
        if (sent === 4)
          return {
            status: 429,
            header: (name: string) => (name === 'retry-after' ? '30' : null),
            text: '{"error":{"code":"rate_limited"}}',
          };
        return day.send(url, token);
      },
    };
    const started = clock.ms;
    const run = await snapshot(limited, clock, join(temp.folder, 'limited.duckdb'), {
      args: ['--project', '1001'],
    });
    expect(run.code).toBe(0);
    expect((run.report.projects as Array<{ outcome: string }>)[0]!.outcome).toBe('complete');
    expect(clock.ms - started).toBeGreaterThanOrEqual(30_000);
  });

  it('refuses to run without a token, a ledger or a valid project, with the reason', async () => {
    const cases: Array<[string[], Record<string, string>, RegExp]> = [
      [
        ['--base-url', 'http://127.0.0.1:8787', '--ledger', 'x.duckdb'],
        {},
        /AIVIS_TOKEN is not set/,
      ],
      [
        ['--base-url', 'http://127.0.0.1:8787'],
        { AIVIS_TOKEN: ENTRY_TOKEN },
        /--ledger or AIVIS_LEDGER/,
      ],
      [['--ledger', 'x.duckdb'], { AIVIS_TOKEN: ENTRY_TOKEN }, /--base-url or AIVIS_BASE_URL/],
      [
        ['--base-url', 'http://127.0.0.1:8787', '--ledger', 'x.duckdb', '--project', 'abc'],
        { AIVIS_TOKEN: ENTRY_TOKEN },
        /--project needs a project id/,
      ],
    ];
    for (const [args, env, message] of cases) {
      const { seen, io } = capture();
      expect(await snapshotCli(args, env, io)).toBe(2);
      expect(seen.out).toMatch(message);
      expect(seen.out).not.toContain(ENTRY_TOKEN);
    }
  });
});
