/**
 * Sheets add-on figures, against a sandbox started here (rate limit off),
 * through the built dist/apps-script/Code.js in the same fakes the tests use:
 * - a sheet of 20 formulas, cold and warm (warm = served from CacheService);
 * - 1,000+ answers fetched page by page (one UrlFetchApp.fetch per page)
 *   versus page 1 then one fetchAll batch (what the add-on does).
 * Run: npx tsx bench/apps-script.bench.ts (builds the add-on first).
 */
import { buildAppsScript } from '../apps-script/build/index.js';
import { loadAddon } from '../support/apps-script/harness.js';
import { startSandboxThread } from '../support/apps-script/sandbox-thread.js';
import { createSyncHttp } from '../support/apps-script/sync-http.js';

const FORMULAS: Array<[string, ...unknown[]]> = [
  ['AIVIS_PROJECTS'],
  ['AIVIS_SUMMARY', 1001],
  ['AIVIS_SUMMARY', 1002, 'ai_visibility'],
  ['AIVIS_ANSWERS', 1001, 'platform=chatgpt; max_rows=200'],
  ['AIVIS_ANSWERS', 1001, 'prominence_max=1; max_rows=200'],
  ['AIVIS_ANSWERS', 1002],
  ['AIVIS_SEARCH', 1001],
  ['AIVIS_SEARCH', 1001, 'top_queries'],
  ['AIVIS_SEARCH', 1001, 'top_pages', 'source=bing'],
  ['AIVIS_SEARCH', 1001, 'daily'],
  ['AIVIS_COMPETITORS', 1001],
  ['AIVIS_COMPETITORS', 1001, 'history'],
  ['AIVIS_COMPETITORS', 1002],
  ['AIVIS_CITATIONS', 1001],
  ['AIVIS_CITATIONS', 1001, 'domain'],
  ['AIVIS_AI_TRAFFIC', 1001],
  ['AIVIS_AI_TRAFFIC', 1001, 'landing_pages'],
  ['AIVIS_AI_TRAFFIC', 1002],
  ['AIVIS_ACTION_PLAN', 1001],
  ['AIVIS_ACTION_PLAN', 1001, 'seo'],
];

function line(label: string, value: string): void {
  console.log(`apps-script  ${label.padEnd(70)} ${value}`);
}

await buildAppsScript();
const sandbox = await startSandboxThread({ rateLimit: false });
try {
  // Loopback has no latency; UrlFetchApp from Google's servers has some, so both are shown.
  for (const latencyMs of [0, 100]) await figures(sandbox.baseUrl, latencyMs);
} finally {
  await sandbox.close();
}

async function figures(baseUrl: string, latencyMs: number): Promise<void> {
  const http = createSyncHttp(60_000, latencyMs);
  const tag = latencyMs ? `+${latencyMs} ms/request` : 'loopback';
  const addon = loadAddon({ http, baseUrl, token: 'aivis_test_entry' });
  addon.call('AIVIS_SUMMARY', 1003); // warm up the worker threads and the JIT, outside the figures

  const sheet = (label: string) => {
    const before = addon.urlFetch.calls.length;
    const started = performance.now();
    for (const [name, ...args] of FORMULAS) addon.call(name, ...args);
    const ms = performance.now() - started;
    line(
      `[${tag}] ${label}: 20 formulas, UrlFetch calls`,
      String(addon.urlFetch.calls.length - before),
    );
    line(`[${tag}] ${label}: 20 formulas, wall time`, `${ms.toFixed(0)} ms`);
  };
  sheet('cold');
  sheet('warm (CacheService)');

  // 1,000 answers, 25 per page (the API default), both ways; new refresh values bypass the cache.
  let before = addon.urlFetch.calls.length;
  let started = performance.now();
  let rows = 0;
  for (let offset = 0; rows < 1000; offset += 25) {
    const page = addon.call(
      'AIVIS_ANSWERS',
      1001,
      `limit=25; offset=${offset}; max_rows=25`,
      `p${offset}`,
    ) as unknown[][];
    const got = page.filter((row) => !String(row[0]).startsWith('Showing')).length - 1;
    if (got <= 0) break;
    rows += got;
  }
  line(
    `[${tag}] 1,000 answers page by page: UrlFetch calls`,
    String(addon.urlFetch.calls.length - before),
  );
  line(
    `[${tag}] 1,000 answers page by page: wall time`,
    `${(performance.now() - started).toFixed(0)} ms`,
  );

  before = addon.urlFetch.calls.length;
  const batchesBefore = addon.urlFetch.batches();
  started = performance.now();
  addon.call('AIVIS_ANSWERS', 1001, 'limit=25; max_rows=1000', 'batch');
  line(
    `[${tag}] 1,000 answers page 1 + fetchAll: UrlFetch calls`,
    String(addon.urlFetch.calls.length - before),
  );
  line(
    `[${tag}] 1,000 answers page 1 + fetchAll: round trips`,
    String(addon.urlFetch.batches() - batchesBefore),
  );
  line(
    `[${tag}] 1,000 answers page 1 + fetchAll: wall time`,
    `${(performance.now() - started).toFixed(0)} ms`,
  );

  before = addon.urlFetch.calls.length;
  started = performance.now();
  addon.call('AIVIS_ANSWERS', 1001, 'max_rows=1000', 'largest-page');
  line(
    `[${tag}] 1,000 answers, 100 per page + fetchAll: UrlFetch calls`,
    String(addon.urlFetch.calls.length - before),
  );
  line(
    `[${tag}] 1,000 answers, 100 per page + fetchAll: wall time`,
    `${(performance.now() - started).toFixed(0)} ms`,
  );
  await http.close();
}
