/**
 * Node entry of the proxy (`npm run proxy`, or `node dist/proxy/main.js` after
 * `npm run build`): reads the environment, serves the fetch handler on loopback
 * (or HOST), and logs one line at start and one per request. Nothing logged
 * here ever holds the token or a request header.
 *
 * SIGTERM (systemd, docker stop) and SIGINT (Ctrl+C) stop it gracefully: it
 * stops accepting, answers the requests in flight and exits 0, all within
 * STOP_TIMEOUT_MS (5 seconds by default); a second signal stops it at once.
 */
import { serveFetchHandler } from '../server/serve-fetch-handler.js';
import { readProxyConfig } from './config.js';
import { createProxyHandler } from './handler.js';
import { scheduleDaily } from './ledger-schedule.js';
import { createRedisStore, type RedisStore } from './redis-store.js';
import { openLinkStore } from './share/open-link-store.js';
import { startClient, startUpFailure } from './start-up.js';
import { batchedStdoutLog } from './stdout-log.js';
import { accountName, cacheScopeName } from './stored-answer.js';

/**
 * Of the stop timeout, the share requests in flight get to finish before
 * their connections are cut; the rest is for cutting them and exiting, and
 * whatever the drain still waits on, the process is gone at the timeout.
 */
const DRAIN_SHARE = 0.9;

async function main(): Promise<void> {
  // The settings and the clients they start stop the proxy with one line each (proxy/start-up.ts).
  const config = readProxyConfig(process.env);
  let store: RedisStore | undefined;
  const accountStores = new Map<string, RedisStore>();
  if (config.redisUrl) {
    const redisUrl = config.redisUrl;
    const storeFor = async (token: string, allowedProjects: readonly number[] | undefined) => {
      const account = await accountName(config.baseUrl, token);
      const scope = await cacheScopeName(config.baseUrl, token, allowedProjects);
      return startClient('REDIS_URL', 'the Redis client', () =>
        createRedisStore({
          url: redisUrl,
          account,
          scope,
          // Entries are sealed with a key from the account's token, which Redis never holds
          // (docs/security.md, "Shared store").
          secret: token,
          timeoutMs: config.storeTimeoutMs,
          now: Date.now,
        }),
      );
    };
    // With AIVIS_ACCOUNTS each account counts its budget under its own name (docs/agencies.md).
    for (const account of config.accounts ?? []) {
      accountStores.set(
        account.label,
        await storeFor(account.token, account.allowedProjects ?? config.allowedProjects),
      );
    }
    store = config.accounts
      ? accountStores.get(config.accounts[0]!.label)
      : await storeFor(config.token, config.allowedProjects);
    // Bounded: a Redis away at start costs a second or so, then the instance starts alone.
    const ready = await store!.ready();
    console.log(
      ready
        ? `aivis proxy: sharing cache, coalescing and budget through ${store!.where}`
        : `aivis proxy: ${store!.where} does not answer; starting alone (${config.fallbackBudgetSharePercent} % of the budget) and joining when it does`,
    );
  }
  const links = await openLinkStore(config);
  if (config.shareSecret) {
    console.log(
      links
        ? `aivis proxy: client links on, kept in ${links.where}`
        : 'aivis proxy: SHARE_SECRET is set but neither SHARE_FILE nor REDIS_URL: client links answer 503 until one is set',
    );
  }
  let ledger: Awaited<ReturnType<typeof import('../ledger/store.js').openLedger>> | undefined;
  if (config.ledger) {
    const { openLedger } = await import('../ledger/store.js');
    ledger = await openLedger(config.ledger);
    console.log(`aivis proxy: serving ledger series from ${ledger.location}`);
  }
  const handler = createProxyHandler(config, {
    log: batchedStdoutLog(),
    // The cards' PNG pictures: a native module, loaded on the first PNG and installed beside main.js.
    loadPng: () => import('@resvg/resvg-js'),
    ...(links ? { links } : {}),
    ...(ledger ? { ledger } : {}),
    ...(store ? { store, accountStores, notice: (text: string) => console.error(text) } : {}),
  });
  let stopSnapshots: (() => void) | undefined;
  if (ledger && config.ledgerSnapshotAt) {
    const store = ledger;
    const { fetchSend, runSnapshot, formatSnapshotReport } = await import('../ledger/snapshot.js');
    stopSnapshots = scheduleDaily(
      config.ledgerSnapshotAt,
      {
        now: Date.now,
        setTimer: setTimeout,
        clearTimer: (timer) => clearTimeout(timer as NodeJS.Timeout),
      },
      async () => {
        const report = await runSnapshot({
          baseUrl: config.baseUrl,
          token: config.token,
          store,
          send: fetchSend,
          pacer: handler.pacer,
          sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
          now: () => new Date(),
        });
        console.log(
          `aivis proxy: ${formatSnapshotReport(report).trimEnd().replaceAll('\n', ' / ')}`,
        );
      },
    );
    console.log(`aivis proxy: snapshot into the ledger daily at ${config.ledgerSnapshotAt} UTC`);
  }
  const served = await serveFetchHandler(handler, {
    port: config.port,
    host: config.host,
    onError: () => console.error('aivis proxy: a request failed inside the handler'),
  });
  const origins = config.allowedOrigins.length ? config.allowedOrigins.join(', ') : 'none';
  const projects = config.accounts
    ? `accounts ${config.accounts.map((account) => account.label).join(', ')}`
    : config.allowedProjects
      ? config.allowedProjects.join(', ')
      : 'all';
  console.log(
    `aivis proxy on ${served.url}${config.basePath} -> upstream ${new URL(config.baseUrl).origin}; allowed origins: ${origins}; projects: ${projects}; cache TTL ${config.cacheTtlSeconds} s`,
  );
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error(`aivis proxy: ${signal} again; stopping without waiting`);
      process.exit(1);
    }
    stopping = true;
    stopSnapshots?.();
    setTimeout(() => {
      console.error(`aivis proxy: still not stopped ${config.stopTimeoutMs} ms after ${signal}`);
      process.exit(1);
    }, config.stopTimeoutMs).unref();
    const drained = served.drain(Math.floor(config.stopTimeoutMs * DRAIN_SHARE));
    console.log(
      `aivis proxy: ${signal}: not accepting; finishing the requests in flight (at most ${config.stopTimeoutMs} ms)`,
    );
    void drained.then(async ({ inFlight, cut }) => {
      void store?.close();
      // The views a file store gathered are written before the process ends.
      await links?.close().catch(() => undefined);
      for (const other of accountStores.values()) if (other !== store) void other.close();
      void ledger?.close();
      if (cut > 0) {
        console.error(`aivis proxy: stopped; cut ${cut} request(s) unanswered at the deadline`);
        process.exit(1);
      }
      console.log(`aivis proxy: stopped; ${inFlight} request(s) in flight were answered`);
      process.exit(0);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

try {
  await main();
} catch (error) {
  const line = startUpFailure(error);
  if (line === undefined) throw error;
  // One line naming the setting, never its value (a token, a password) nor a stack.
  console.error(line);
  process.exit(1);
}
