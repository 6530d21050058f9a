/**
 * Sheets dashboard refresh figures, through the built dist/apps-script/Code.js
 * in the same fakes the tests use, against a sandbox started here:
 * - cold: Insert dashboard with an empty CacheService (every read fetched);
 * - warm: the same dashboard drawn again within the refresh cell's cache scope;
 * - Refresh now with one dashboard (a new refresh value: fetched afresh).
 * UrlFetch calls are counted; wall time is printed, never asserted.
 * Self-contained on purpose (one `figures(latencyMs)` per setting) so the
 * bench harness can adopt it as it is rewritten.
 * Run: npx tsx bench/sheets-dashboard.bench.ts (builds the add-on first).
 */
import { BUILT_SERVICE_URL, loadAddon } from '../support/apps-script/harness.js';
import type { SyncHttp } from '../support/apps-script/sync-http.js';
import { atEachLatency } from './addon-latencies.js';

const ROUNDS = 5;

function line(label: string, value: string): void {
  console.log(`sheets-dashboard  ${label.padEnd(64)} ${value}`);
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

await atEachLatency(figures);

async function figures(baseUrl: string, http: SyncHttp, tag: string): Promise<void> {
  const measure = (
    label: string,
    run: (addon: ReturnType<typeof loadAddon>) => void,
    prepare?: (addon: ReturnType<typeof loadAddon>) => void,
  ) => {
    const times: number[] = [];
    let calls = 0;
    let roundTrips = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const addon = loadAddon({
        http,
        baseUrl,
        token: 'aivis_test_entry',
        routes: { [BUILT_SERVICE_URL]: baseUrl },
      });
      prepare?.(addon);
      const before = addon.urlFetch.calls.length;
      const batchesBefore = addon.urlFetch.batches();
      const started = performance.now();
      run(addon);
      times.push(performance.now() - started);
      calls = addon.urlFetch.calls.length - before;
      roundTrips = addon.urlFetch.batches() - batchesBefore;
    }
    line(`[${tag}] ${label}: UrlFetch calls`, String(calls));
    line(`[${tag}] ${label}: round trips (fetch/fetchAll)`, String(roundTrips));
    line(`[${tag}] ${label}: wall time (median of ${ROUNDS})`, `${median(times).toFixed(0)} ms`);
  };
  // Warm up the worker threads and the JIT outside the figures.
  loadAddon({ http, baseUrl, token: 'aivis_test_entry' }).call('aivisInsertDashboard', {
    project: 1003,
  });

  measure('cold (empty CacheService)', (addon) =>
    addon.call('aivisInsertDashboard', { project: 1001 }),
  );
  measure(
    'warm (answers in CacheService)',
    (addon) => addon.call('aivisInsertDashboard', { project: 1001 }),
    (addon) => addon.call('aivisInsertDashboard', { project: 1001 }),
  );
  measure(
    'Refresh now, one dashboard',
    (addon) => addon.call('aivisRefreshNow'),
    (addon) => addon.call('aivisInsertDashboard', { project: 1001 }),
  );
  await http.close();
}
