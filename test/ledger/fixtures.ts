/**
 * What the ledger suites share: the sandbox on a given day with one fake
 * clock for its rate limit and the snapshot's pacer (no real waits), and
 * the stores under test (DuckDB in a temporary file; Postgres when a server
 * was started by test/ledger/postgres-server.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Exchange } from '../../ledger/snapshot.js';
import type { StoredBody } from '../../ledger/store.js';
import { createSandboxHandler } from '../../sandbox/app.js';
import { isoOf } from '../../sandbox/data/calendar.js';
import { DEFAULT_NOW } from '../../sandbox/data/dataset.js';
import { main as snapshotCli } from '../../scripts/ledger-snapshot.js';

export const ENTRY_TOKEN = 'aivis_test_entry';
export const BASE_URL = 'http://127.0.0.1:8787';
const DAY_MS = 86_400_000;

/** The sandbox's default today plus `days`, as YYYY-MM-DD. */
export const dayAfterDefault = (days: number) =>
  isoOf(Date.parse(`${DEFAULT_NOW}T00:00:00Z`) / DAY_MS + days);

export class FakeClock {
  constructor(public ms = Date.parse('2027-01-01T00:00:00Z')) {}
  now = () => this.ms;
  sleep = async (ms: number) => {
    this.ms += Math.max(0, ms);
  };
}

export interface SandboxDay {
  send: (url: string, token: string) => Promise<Exchange>;
  statuses: number[];
  /** The body the API gives for a path on that day (one request of the budget, not in `statuses`). */
  read: (path: string) => Promise<Record<string, unknown>>;
}

/** The sandbox as of `today`, its rate limit on, over the fake clock. */
export function sandboxOn(today: string, clock: FakeClock): SandboxDay {
  const handler = createSandboxHandler({ now: today, clock: clock.now });
  const statuses: number[] = [];
  const request = (url: string, token: string) =>
    new Request(url, { headers: { authorization: `Bearer ${token}`, host: '127.0.0.1:8787' } });
  return {
    statuses,
    async send(url, token) {
      const response = await handler(request(url, token));
      statuses.push(response.status);
      return {
        status: response.status,
        header: (name) => response.headers.get(name),
        text: await response.text(),
      };
    },
    async read(path) {
      return (await (
        await handler(request(`${BASE_URL}/api/v1${path}`, ENTRY_TOKEN))
      ).json()) as Record<string, unknown>;
    },
  };
}

/** Runs the snapshot command as a user would, against one sandbox day. */
export async function snapshot(
  day: SandboxDay,
  clock: FakeClock,
  ledger: string,
  extra: { args?: string[]; maxRequests?: number } = {},
) {
  let out = '';
  let err = '';
  const code = await snapshotCli(
    ['--base-url', BASE_URL, '--ledger', ledger, '--json', ...(extra.args ?? [])],
    { AIVIS_TOKEN: ENTRY_TOKEN },
    {
      send: day.send,
      now: clock.now,
      sleep: clock.sleep,
      out: (text) => {
        out += text;
      },
      err: (text) => {
        err += text;
      },
      ...(extra.maxRequests === undefined ? {} : { maxRequests: extra.maxRequests }),
    },
  );
  return { code, report: JSON.parse(out) as Record<string, unknown>, err };
}

export function temporaryFolder() {
  const folder = mkdtempSync(join(tmpdir(), 'aivis-ledger-'));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/** A body as the snapshot stores it, with nothing of the service's answer read out of it yet. */
export const storedBody = (request: string, text: string, receivedAt: string): StoredBody => ({
  request,
  status: 200,
  fetched_at: null,
  is_stale: null,
  period_used: null,
  period_start: null,
  period_end: null,
  received_at: receivedAt,
  text,
});
