/**
 * Sheets add-on figures, against a sandbox started here (rate limit off),
 * through the built dist/apps-script/Code.js in the same fakes the tests use:
 * - a sheet of 20 formulas, cold and warm (warm = served from CacheService);
 * - 1,000 answers as page 1 then one fetchAll batch (what the add-on does),
 *   beside page by page (one UrlFetchApp.fetch per page), interleaved (stats.ts).
 * Run: npx tsx bench/apps-script.bench.ts (builds the add-on first).
 * It drives the add-on through support/apps-script (the Apps Script globals
 * over a synchronous HTTP worker), the fakes the tests use too.
 */
import { loadAddon } from '../support/apps-script/harness.js';
import type { SyncHttp } from '../support/apps-script/sync-http.js';
import { atEachLatency } from './addon-latencies.js';
import { figure } from './stats.js';

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

await atEachLatency(figures);

async function figures(baseUrl: string, http: SyncHttp, tag: string): Promise<void> {
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

  // 1,000 answers, 25 per page (the API default), both ways; a new refresh value per run bypasses
  // the cache. The figure: the add-on's page 1 + one fetchAll batch against page by page.
  let run = 0;
  const pageByPage = () => {
    run += 1;
    const started = performance.now();
    let rows = 0;
    for (let offset = 0; rows < 1000; offset += 25) {
      const page = addon.call(
        'AIVIS_ANSWERS',
        1001,
        `limit=25; offset=${offset}; max_rows=25`,
        `p${run}-${offset}`,
      ) as unknown[][];
      const got = page.filter((row) => !String(row[0]).startsWith('Showing')).length - 1;
      if (got <= 0) break;
      rows += got;
    }
    return performance.now() - started;
  };
  const batched = () => {
    run += 1;
    const started = performance.now();
    addon.call('AIVIS_ANSWERS', 1001, 'limit=25; max_rows=1000', `batch${run}`);
    return performance.now() - started;
  };

  let before = addon.urlFetch.calls.length;
  pageByPage();
  const pageCalls = addon.urlFetch.calls.length - before;
  before = addon.urlFetch.calls.length;
  const batchesBefore = addon.urlFetch.batches();
  batched();
  line(
    `[${tag}] 1,000 answers: UrlFetch calls, page 1 + fetchAll vs page by page`,
    `${addon.urlFetch.calls.length - before} in ${addon.urlFetch.batches() - batchesBefore} round trips vs ${pageCalls} in ${pageCalls}`,
  );
  await figure(
    'sheets',
    `[${tag}] 1,000 answers, 25 per page: page 1 + one fetchAll batch`,
    'ms',
    'page by page, one UrlFetchApp.fetch each',
    batched,
    pageByPage,
  );
  await http.close();
}
