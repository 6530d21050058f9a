/**
 * Several proxy instances sharing one Redis (docs/proxy-scale-out.md), against
 * one instance alone, in the same run:
 * - a dashboard of 30 distinct answers under load, each round from an empty
 *   cache: requests per second of three instances sharing Redis (the load split
 *   over the three) vs one instance alone (all of it), and the upstream calls
 *   each side made;
 * - upstream calls of three instances sharing Redis vs three without it;
 * - a HIT on an instance sharing Redis vs on a plain one (its in-memory layer
 *   answers; Redis is not asked while the copy is fresh);
 * - what one read of an answer from Redis costs (another instance's answer,
 *   read, verified and decoded) vs a bare Redis round trip (PING).
 * All instances run in this one process on loopback, so the req/s ratio shows
 * the cost of sharing, not the gain of more cores. A private redis-server on a
 * free port (support/redis.ts). Run: npx tsx bench/proxy-redis.bench.ts
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { proxyConfig } from '../proxy/config.js';
import { createProxyHandler } from '../proxy/handler.js';
import { formatLogEntry } from '../proxy/log.js';
import { MAX_BUDGET_PER_MINUTE } from '../proxy/pacer.js';
import { createRedisStore, type RedisStore } from '../proxy/redis-store.js';
import { accountName, cacheScopeName } from '../proxy/stored-answer.js';
import { startSandbox } from '../sandbox/server.js';
import { type ServedHandler, serveFetchHandler } from '../server/serve-fetch-handler.js';
import { startRedis } from '../support/redis.js';
import { LOAD, record } from './load.js';
import { figure } from './stats.js';

const ORIGIN = 'https://intranet.example.com';
const TOKEN = 'aivis_test_entry';
const DASHBOARD = Array.from(
  { length: 30 },
  (_, index) => `/api/v1/projects/1001/answers?limit=20&offset=${index}`,
);
const HIT_PATH = '/api/v1/projects/1001/answers?limit=100';
const log = (entry: Parameters<typeof formatLogEntry>[0]) => void formatLogEntry(entry);

const redis = await startRedis();
const sandbox = await startSandbox({ port: 0, rateLimit: false });
// The fast upstream: one sandbox answer replayed without rate-limit headers (budget off), counted.
const recorded = await record(`${sandbox.baseUrl}${DASHBOARD[0]}`, {
  authorization: `Bearer ${TOKEN}`,
});
for (const name of Object.keys(recorded.headers)) {
  if (name.startsWith('x-ratelimit')) delete recorded.headers[name];
}
let upstreamCalls = 0;
const upstreamServer = createServer((request, response) => {
  upstreamCalls += 1;
  request.resume();
  response.writeHead(recorded.status, {
    ...recorded.headers,
    'content-length': recorded.body.byteLength,
  });
  response.end(recorded.body);
});
await new Promise<void>((resolve) => upstreamServer.listen(0, '127.0.0.1', resolve));
const upstreamUrl = `http://127.0.0.1:${(upstreamServer.address() as AddressInfo).port}`;
const admin = new Redis(redis.url);
const config = proxyConfig({
  storeTimeoutMs: 1_000,
  baseUrl: upstreamUrl,
  token: TOKEN,
  allowedOrigins: [ORIGIN],
  clientBudgetSharePercent: 100,
  rateLimitPerMinute: MAX_BUDGET_PER_MINUTE,
});
const stores: RedisStore[] = [];

async function instance(shared: boolean): Promise<ServedHandler> {
  let store: RedisStore | undefined;
  if (shared) {
    store = createRedisStore({
      url: redis.url,
      account: await accountName(config.baseUrl, config.token),
      scope: await cacheScopeName(config.baseUrl, config.token, config.allowedProjects),
      secret: config.token,
      timeoutMs: 1_000,
      now: Date.now,
    });
    stores.push(store);
    await store.ready();
  }
  return serveFetchHandler(
    createProxyHandler(config, {
      log,
      sharedCache: null,
      // Instances closed between rounds may still be unlocking: not an outage worth a line.
      ...(store ? { store, notice: () => undefined } : {}),
    }),
  );
}

/** req/s of `connections` clients cycling through the dashboard on one instance. */
async function load(url: string, connections: number, paths = DASHBOARD): Promise<number> {
  let next = 0;
  const result = await autocannon({
    url,
    headers: { origin: ORIGIN },
    connections,
    duration: LOAD.seconds,
    requests: [
      { setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) },
    ],
  });
  const ok = Number(result.statusCodeStats['200']?.count ?? 0);
  if (result.errors || ok < result.requests.total * 0.99) {
    throw new Error(`proxy-redis bench: statuses ${JSON.stringify(result.statusCodeStats)}`);
  }
  return result.requests.total / result.duration;
}

interface Round {
  rate: number;
  upstream: number;
}

/** One round from an empty cache: `count` fresh instances, the load split over them. */
async function round(count: number, shared: boolean): Promise<Round> {
  await admin.flushall();
  const servers = await Promise.all(Array.from({ length: count }, () => instance(shared)));
  const before = upstreamCalls;
  try {
    const split = servers.map(
      (_, index) =>
        Math.floor(LOAD.connections / count) + (index < LOAD.connections % count ? 1 : 0),
    );
    const rates = await Promise.all(
      servers.map((server, index) => load(server.url, split[index]!)),
    );
    return {
      rate: rates.reduce((sum, rate) => sum + rate, 0),
      upstream: upstreamCalls - before,
    };
  } finally {
    for (const server of servers) await server.close();
    for (const store of stores.splice(0)) await store.close();
  }
}

try {
  const upstream = { shared: [] as number[], alone: [] as number[] };
  await figure(
    'redis',
    `dashboard of ${DASHBOARD.length} answers from an empty cache: 3 instances sharing Redis`,
    'req/s',
    '1 instance alone, same load',
    async () => {
      const result = await round(3, true);
      upstream.shared.push(result.upstream);
      return result.rate;
    },
    async () => {
      const result = await round(1, false);
      upstream.alone.push(result.upstream);
      return result.rate;
    },
  );
  let index = 0;
  await figure(
    'redis',
    'upstream calls in those rounds: 3 instances sharing Redis',
    'calls',
    '1 instance alone',
    () => upstream.shared[index]!,
    () => upstream.alone[index++]!,
  );
  await figure(
    'redis',
    'upstream calls: 3 instances sharing Redis',
    'calls',
    '3 instances without Redis',
    async () => (await round(3, true)).upstream,
    async () => (await round(3, false)).upstream,
  );

  const sharedHit = await instance(true);
  const plainHit = await instance(false);
  try {
    for (const server of [sharedHit, plainHit]) await load(server.url, 1, [HIT_PATH]);
    await figure(
      'redis',
      'cache HIT on an instance sharing Redis (in-memory layer in front)',
      'req/s',
      'HIT on an instance without Redis',
      () => load(sharedHit.url, LOAD.connections, [HIT_PATH]),
      () => load(plainHit.url, LOAD.connections, [HIT_PATH]),
    );
  } finally {
    await sharedHit.close();
    await plainHit.close();
  }

  // Another instance's answer read from Redis: the round trip, the SHA-256 check and the decoding.
  const reader = createRedisStore({
    url: redis.url,
    account: await accountName(config.baseUrl, config.token),
    scope: await cacheScopeName(config.baseUrl, config.token, config.allowedProjects),
    secret: config.token,
    timeoutMs: 1_000,
    now: Date.now,
  });
  await reader.ready();
  // The seed instance's log names the canonical key its answer is stored under.
  let key = '';
  const seedStore = createRedisStore({
    url: redis.url,
    account: await accountName(config.baseUrl, config.token),
    scope: await cacheScopeName(config.baseUrl, config.token, config.allowedProjects),
    secret: config.token,
    timeoutMs: 1_000,
    now: Date.now,
  });
  await seedStore.ready();
  const seed = createProxyHandler(config, {
    sharedCache: null,
    store: seedStore,
    notice: () => undefined,
    log: (entry) => {
      key = entry.path;
    },
  });
  await (await seed(new Request(`http://localhost${HIT_PATH}`))).arrayBuffer();
  await seedStore.close();
  const found = await reader.answers.get(key);
  if (!found) throw new Error('proxy-redis bench: the seeded answer is not in Redis');
  const reads = 200;
  const perCall = async (call: () => Promise<unknown>) => {
    const started = performance.now();
    for (let read = 0; read < reads; read += 1) await call();
    return (performance.now() - started) / reads;
  };
  await figure(
    'redis',
    `one read of another instance's answer from Redis (${Math.round(found.body.byteLength / 1024)} KB, verified and decoded)`,
    'ms',
    'a bare Redis round trip (PING)',
    () => perCall(() => reader.answers.get(key)),
    () => perCall(() => admin.ping()),
  );
  await reader.close();
} finally {
  admin.disconnect();
  upstreamServer.closeAllConnections();
  upstreamServer.close();
  await sandbox.close();
  await redis.close();
}
