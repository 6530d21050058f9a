/**
 * Budget keeping, not speed (proxy.bench.ts has the ratios): no viewer error and
 * no upstream 429 while the crowd below arrives.
 * A dashboard opened by a crowd: 300 viewers, each loading a three-widget
 * dashboard (summary with ai_visibility and connections, competitor ranking,
 * action plan) at a random moment within 60 s, through the proxy in front of
 * the sandbox with the entry plan's budget enforced (60 requests per minute).
 * Then a cold burst: the same 300 viewers within one second on an empty cache.
 * Loopback only; bounded in count and time (about 62 s in all).
 * Run: npx tsx bench/proxy-crowd.bench.ts   (PROXY_BENCH_SECONDS=20 compresses the schedule)
 */
import { proxyConfig } from '../proxy/config.js';
import { createProxyHandler, type ProxyHandler } from '../proxy/handler.js';
import { PACER_WINDOW_MS } from '../proxy/pacer.js';
import { startSandbox } from '../sandbox/server.js';
import { serveFetchHandler } from '../server/serve-fetch-handler.js';
import { LIMITS } from '../shared/api/vocabulary.js';

const VIEWERS = 300;
const PROJECTS = [1001, 1002, 1003];
const ORIGIN = 'https://intranet.example.com';
const REQUEST_TIMEOUT_MS = 15_000;
const dashboard = (project: number) => [
  `/api/v1/projects/${project}?include=ai_visibility,connections`,
  `/api/v1/projects/${project}/competitors?dataset=ranking`,
  `/api/v1/projects/${project}/action-plan`,
];

interface Sample {
  status: number;
  ms: number;
  cache: string;
}

export interface ProxyBenchResult {
  viewers: number;
  requests: number;
  errors: number;
  /** Sent by the proxy. */
  upstreamRequests: number;
  /** Seen by the sandbox: the proxy's plus the warm-up's. */
  sandboxRequests: number;
  upstreamRefusals: number;
  maxUpstreamPerWindow: number;
  p50: number;
  p95: number;
  cacheStates: Record<string, number>;
  /** Time inside the proxy handler, without sockets and the viewers' own fetch machinery. */
  handlerP95: number;
  /** Longest stall of the one event loop that viewers, proxy and sandbox share here. */
  maxEventLoopLag: number;
}

/** Deterministic arrivals: the same schedule on every run. */
function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function viewer(baseUrl: string, project: number): Promise<Sample[]> {
  return Promise.all(
    dashboard(project).map(async (path) => {
      const started = performance.now();
      try {
        const response = await fetch(`${baseUrl}${path}`, {
          headers: { Origin: ORIGIN },
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        await response.arrayBuffer();
        return {
          status: response.status,
          ms: performance.now() - started,
          cache: response.headers.get('x-aivis-cache') ?? '-',
        };
      } catch {
        return { status: 0, ms: performance.now() - started, cache: '-' };
      }
    }),
  );
}

/** Largest number of upstream sends inside any window of the pacer's length. */
function maxPerWindow(times: number[]): number {
  let best = 0;
  let start = 0;
  for (let end = 0; end < times.length; end += 1) {
    while (times[end]! - times[start]! >= PACER_WINDOW_MS - 1_000) start += 1;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

export async function runProxyBench(options: { seconds?: number } = {}): Promise<ProxyBenchResult> {
  const seconds = options.seconds ?? 60;
  const sandbox = await startSandbox({ port: 0, rateLimit: true });
  const sendTimes: number[] = [];
  const handlerMs: number[] = [];
  const handler: ProxyHandler = createProxyHandler(
    proxyConfig({
      baseUrl: sandbox.baseUrl,
      token: 'aivis_test_entry',
      allowedOrigins: [ORIGIN],
      // The simulated viewers all come from one loopback address: no per-client share.
      clientBudgetSharePercent: 100,
    }),
    {
      fetch: (input, init) => {
        sendTimes.push(performance.now());
        return fetch(input, init);
      },
      log: (entry) => handlerMs.push(entry.ms),
    },
  );
  const served = await serveFetchHandler(handler);
  // The sandbox builds a project's data on first use, synchronously; in this one process that
  // would stall the viewers and the proxy too. One direct request per dashboard widget warms
  // it (9 of the account's 60 for this minute, which the proxy learns from X-RateLimit-Remaining).
  for (const path of PROJECTS.flatMap(dashboard)) {
    const warm = await fetch(`${sandbox.baseUrl}${path}`, {
      headers: { Authorization: 'Bearer aivis_test_entry' },
    });
    await warm.arrayBuffer();
  }
  try {
    const random = mulberry32(20261115);
    const arrivals = Array.from({ length: VIEWERS }, () => ({
      at: random() * seconds * 1000,
      project: PROJECTS[Math.floor(random() * PROJECTS.length)]!,
    })).sort((a, b) => a.at - b.at);

    let maxLag = 0;
    let tick = performance.now();
    const lagProbe = setInterval(() => {
      const now = performance.now();
      maxLag = Math.max(maxLag, now - tick - 20);
      tick = now;
    }, 20);
    const started = performance.now();
    const runs: Array<Promise<Sample[]>> = [];
    for (const arrival of arrivals) {
      const delay = arrival.at - (performance.now() - started);
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      runs.push(viewer(served.url, arrival.project));
    }
    const samples = (await Promise.all(runs)).flat();
    clearInterval(lagProbe);
    const inHandler = handlerMs.sort((a, b) => a - b);
    const latencies = samples.map((sample) => sample.ms).sort((a, b) => a - b);
    const cacheStates: Record<string, number> = {};
    for (const sample of samples) cacheStates[sample.cache] = (cacheStates[sample.cache] ?? 0) + 1;
    return {
      viewers: VIEWERS,
      requests: samples.length,
      errors: samples.filter((sample) => sample.status !== 200).length,
      upstreamRequests: sendTimes.length,
      sandboxRequests: sandbox.requestLog.length,
      upstreamRefusals: sandbox.requestLog.filter((entry) => entry.status === 429).length,
      maxUpstreamPerWindow: maxPerWindow(sendTimes),
      p50: percentile(latencies, 0.5),
      p95: percentile(latencies, 0.95),
      cacheStates,
      handlerP95: percentile(inHandler, 0.95),
      maxEventLoopLag: maxLag,
    };
  } finally {
    await served.close();
    await sandbox.close();
  }
}

function report(label: string, result: ProxyBenchResult): void {
  const states = Object.entries(result.cacheStates)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([state, count]) => `${state} ${count}`)
    .join(', ');
  console.log(
    `${label}: viewer requests ${result.requests} (${result.viewers} viewers x 3 widgets)`,
  );
  console.log(`${label}: viewer errors ${result.errors} (goal 0)`);
  console.log(
    `${label}: upstream requests ${result.upstreamRequests} from the proxy, at most ${result.maxUpstreamPerWindow} in any minute (budget ${LIMITS.rateLimitPerMinute.entry}/min; sandbox saw ${result.sandboxRequests} with the warm-up)`,
  );
  console.log(`${label}: upstream 429s ${result.upstreamRefusals} (goal 0)`);
  console.log(`${label}: latency p50 ${result.p50.toFixed(1)} ms`);
  console.log(`${label}: latency p95 ${result.p95.toFixed(1)} ms`);
  console.log(`${label}: cache states ${states}`);
  console.log(
    `${label}: in-handler p95 ${result.handlerP95.toFixed(1)} ms; longest event-loop stall ${result.maxEventLoopLag.toFixed(0)} ms`,
  );
}

const isMain =
  process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isMain) {
  const seconds = Number(process.env.PROXY_BENCH_SECONDS ?? 60);
  const spread = Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 60) : 60;
  report(`proxy ${spread} s`, await runProxyBench({ seconds: spread }));
  // The same crowd within one second on a cold cache: coalescing alone has to hold. (Truly
  // simultaneous connects would measure the loopback listen backlog, not the proxy.)
  report('proxy burst 1 s', await runProxyBench({ seconds: 1 }));
}
