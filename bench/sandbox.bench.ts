/**
 * Throughput of the sandbox's answers endpoint over loopback: ~50 concurrent
 * fetches for ~5 s (bounded by count too). Run: npx tsx bench/sandbox.bench.ts
 */
import { startSandbox } from '../sandbox/server.js';

const CONCURRENCY = 50;
const DURATION_MS = 5_000;
const MAX_REQUESTS = 200_000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function measure(baseUrl: string, path: string, label: string) {
  const url = `${baseUrl}${path}`;
  const headers = { authorization: 'Bearer aivis_test_entry' };
  // Warm-up: the first request generates the project's data.
  await (await fetch(url, { headers })).text();
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  const deadline = started + DURATION_MS;
  const worker = async () => {
    while (performance.now() < deadline && latencies.length + failures < MAX_REQUESTS) {
      const t = performance.now();
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      if (response.status === 200) latencies.push(performance.now() - t);
      else failures++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(
    `${label}: ${Math.round(latencies.length / seconds)} req/s (p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p95 ${percentile(latencies, 0.95).toFixed(1)} ms${failures ? `, ${failures} failed` : ''})`,
  );
}

const coldStart = performance.now();
const sandbox = await startSandbox({ port: 0, rateLimit: false });
console.log(`sandbox start-up: ${(performance.now() - coldStart).toFixed(1)} ms`);
const firstData = performance.now();
await (
  await fetch(`${sandbox.baseUrl}/api/v1/projects`, {
    headers: { authorization: 'Bearer aivis_test_entry' },
  })
).text();
console.log(
  `sandbox first GET /projects (generates account A's data): ${(performance.now() - firstData).toFixed(1)} ms`,
);
try {
  await measure(
    sandbox.baseUrl,
    '/api/v1/projects/1001/answers?limit=25',
    'sandbox answers endpoint',
  );
} finally {
  await sandbox.close();
}
