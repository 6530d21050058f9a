/**
 * The Sheets benches' shared frame: the add-on built, a sandbox thread
 * (rate limit off), and each figure run on loopback and with 100 ms per
 * request, since UrlFetchApp from Google's servers has latency and loopback none.
 */
import { buildAppsScript } from '../scripts/sheets/index.js';
import { startSandboxThread } from '../support/apps-script/sandbox-thread.js';
import { createSyncHttp, type SyncHttp } from '../support/apps-script/sync-http.js';

export async function atEachLatency(
  figures: (baseUrl: string, http: SyncHttp, tag: string) => Promise<void> | void,
): Promise<void> {
  await buildAppsScript();
  const sandbox = await startSandboxThread({ rateLimit: false });
  try {
    for (const latencyMs of [0, 100]) {
      const http = createSyncHttp(60_000, latencyMs);
      await figures(sandbox.baseUrl, http, latencyMs ? `+${latencyMs} ms/request` : 'loopback');
    }
  } finally {
    await sandbox.close();
  }
}
