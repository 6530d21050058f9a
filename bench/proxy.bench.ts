/**
 * Proxy throughput against its floors, under the same autocannon load (load.ts):
 * - cache HIT (one answers page asked again and again) vs a bare node:http
 *   server answering the proxy's own recorded HIT bytes and headers, as
 *   responses per second and as this process's CPU time per response (the
 *   load from a child process: steadier on a busy machine);
 * - all-MISS (a distinct query per request, so neither the cache nor request
 *   coalescing answers; budget off; a bare server as the fast upstream) vs
 *   asking that upstream directly.
 * Run: npx tsx bench/proxy.bench.ts
 */

import autocannon from 'autocannon';
import { proxyConfig } from '../proxy/config.js';
import { createProxyHandler } from '../proxy/handler.js';
import { formatLogEntry } from '../proxy/log.js';
import { MAX_BUDGET_PER_MINUTE } from '../proxy/pacer.js';
import { startSandbox } from '../sandbox/server.js';
import { serveFetchHandler } from '../server/serve-fetch-handler.js';
import { cpuPerResponse, LOAD, record, startBareServer } from './load.js';
import { figure } from './stats.js';

const ANSWERS = '/api/v1/projects/1001/answers?limit=100';
const ORIGIN = 'https://intranet.example.com';
const VIEWER = { origin: ORIGIN };
const TOKEN = 'aivis_test_entry';

/** Responses per second; with `distinct`, every request gets its own offset. */
async function rate(url: string, distinct = false): Promise<number> {
  let next = 0;
  const path = new URL(url).pathname + new URL(url).search;
  const result = await autocannon({
    url,
    headers: VIEWER,
    connections: LOAD.connections,
    duration: LOAD.seconds,
    ...(distinct
      ? {
          requests: [
            {
              setupRequest: (request) => ({
                ...request,
                path: `${path}&offset=${(next++ % 9_000) + 1}`,
              }),
            },
          ],
        }
      : {}),
  });
  const ok = Number(result.statusCodeStats['200']?.count ?? 0);
  if (result.errors || ok < result.requests.total * 0.99)
    throw new Error(
      `proxy bench: ${result.errors} errors, statuses ${JSON.stringify(result.statusCodeStats)}`,
    );
  return result.requests.total / result.duration;
}

// Logging stays on as a deployment has it, formatted but not printed (printing would measure the terminal).
const log = (entry: Parameters<typeof formatLogEntry>[0]) => void formatLogEntry(entry);

const sandbox = await startSandbox({ port: 0, rateLimit: false });
const hitProxy = await serveFetchHandler(
  createProxyHandler(
    proxyConfig({
      baseUrl: sandbox.baseUrl,
      token: TOKEN,
      allowedOrigins: [ORIGIN],
      clientBudgetSharePercent: 100,
    }),
    { log, sharedCache: null },
  ),
);
try {
  await record(`${hitProxy.url}${ANSWERS}`, VIEWER); // MISS: fills the cache
  const hit = await record(`${hitProxy.url}${ANSWERS}`, VIEWER);
  const bareHit = await startBareServer(hit);

  // The fast upstream: the sandbox's answer replayed, without rate-limit headers (budget off).
  const answer = await record(`${sandbox.baseUrl}${ANSWERS}`, { authorization: `Bearer ${TOKEN}` });
  for (const name of Object.keys(answer.headers))
    if (name.startsWith('x-ratelimit')) delete answer.headers[name];
  const upstream = await startBareServer(answer);
  const missProxy = await serveFetchHandler(
    createProxyHandler(
      proxyConfig({
        baseUrl: upstream.url,
        token: TOKEN,
        allowedOrigins: [ORIGIN],
        clientBudgetSharePercent: 100,
        rateLimitPerMinute: MAX_BUDGET_PER_MINUTE,
      }),
      { log, sharedCache: null },
    ),
  );
  try {
    await figure(
      'proxy',
      `cache HIT, answers limit=100 (${(hit.body.byteLength / 1024).toFixed(0)} KB)`,
      'req/s',
      'bare node:http, same bytes and headers',
      () => rate(`${hitProxy.url}${ANSWERS}`),
      () => rate(`${bareHit.url}${ANSWERS}`),
    );
    await figure(
      'proxy',
      'cache HIT: server CPU per response (load from a child process; lower is better)',
      'µs',
      'bare node:http, same bytes and headers',
      () => cpuPerResponse(`${hitProxy.url}${ANSWERS}`, VIEWER),
      () => cpuPerResponse(`${bareHit.url}${ANSWERS}`, VIEWER),
    );
    await figure(
      'proxy',
      'all MISS (distinct queries, budget off, fast upstream)',
      'req/s',
      'direct to the same upstream',
      () => rate(`${missProxy.url}${ANSWERS}`, true),
      () => rate(`${upstream.url}${ANSWERS}`, true),
    );
  } finally {
    await missProxy.close();
    await upstream.close();
    await bareHit.close();
  }
} finally {
  await hitProxy.close();
  await sandbox.close();
}
