/**
 * HTTP load for the server benches: autocannon with the same connections and
 * duration on both sides of a figure, and the floor every server is compared
 * with, a bare node:http server answering precomputed bytes.
 */
import { execFile } from 'node:child_process';
import { createServer, type OutgoingHttpHeaders } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';

/** Same on both sides of every figure; BENCH_SECONDS lengthens each side's run. */
export const LOAD = {
  connections: 10,
  seconds: Math.max(1, Number(process.env.BENCH_SECONDS) || 2),
};

/** Responses per second over one autocannon run; any status counts (the 429 figure is all 429s). */
export async function requestsPerSecond(
  url: string,
  headers: Record<string, string> = {},
  expectedStatus = 200,
): Promise<number> {
  const result = await autocannon({
    url,
    headers,
    connections: LOAD.connections,
    duration: LOAD.seconds,
  });
  const expected = Number(result.statusCodeStats[String(expectedStatus)]?.count ?? 0);
  if (result.errors || expected === 0 || expected < result.requests.total * 0.99)
    throw new Error(
      `bench load on ${new URL(url).pathname}: ${result.errors} errors, statuses ${JSON.stringify(result.statusCodeStats)}; expected ${expectedStatus}`,
    );
  return result.requests.total / result.duration;
}

const AUTOCANNON_CLI = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/** What one load from a child process measured of the server in this process. */
export interface ChildLoad {
  /** Responses per second, counted by the child. */
  requestsPerSecond: number;
  /** This process's CPU time per response, in µs. */
  cpuPerResponse: number;
}

/**
 * The same load made by autocannon in a child process, so the process
 * measured runs only the servers: its responses per second and its CPU time
 * per response. On two cores the child reads the answers on the other core,
 * so a larger body costs the figure what it costs the server, not the
 * reader's work as well (docs/benchmarks.md). On a shared machine other
 * work changes how long a run takes, not what one response costs: the CPU
 * figure is steadier than req/s when the load average is high.
 */
export async function childLoad(
  url: string,
  headers: Record<string, string> = {},
): Promise<ChildLoad> {
  const args = ['-j', '-c', String(LOAD.connections), '-d', String(LOAD.seconds)];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  const before = process.cpuUsage();
  const output = await new Promise<string>((resolve, reject) =>
    execFile(
      process.execPath,
      [AUTOCANNON_CLI, ...args, url],
      { maxBuffer: 16 * 1024 * 1024 },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    ),
  );
  const used = process.cpuUsage(before);
  const result = JSON.parse(output) as {
    errors: number;
    '2xx': number;
    duration: number;
    requests: { total: number };
  };
  if (result.errors || result['2xx'] < result.requests.total * 0.99)
    throw new Error(
      `bench load on ${new URL(url).pathname}: ${result.errors} errors, ${result['2xx']} of ${result.requests.total} 2xx`,
    );
  return {
    requestsPerSecond: result.requests.total / result.duration,
    cpuPerResponse: (used.user + used.system) / result.requests.total,
  };
}

/** This process's CPU time per response, in µs, under childLoad's load. */
export async function cpuPerResponse(
  url: string,
  headers: Record<string, string> = {},
): Promise<number> {
  return (await childLoad(url, headers)).cpuPerResponse;
}

/** node:http sets these itself for a known-length body. */
const SET_BY_NODE = new Set([
  'content-length',
  'transfer-encoding',
  'connection',
  'date',
  'keep-alive',
]);

/** A recorded answer: what the bare server replays. */
export interface Recorded {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Uint8Array;
}

/** Fetches once and keeps status, headers and bytes, so the floor answers exactly the same. */
export async function record(url: string, headers: Record<string, string> = {}): Promise<Recorded> {
  const response = await fetch(url, { headers });
  const body = new Uint8Array(await response.arrayBuffer());
  const kept: OutgoingHttpHeaders = {};
  response.headers.forEach((value, name) => {
    if (!SET_BY_NODE.has(name)) kept[name] = value;
  });
  return { status: response.status, headers: kept, body };
}

export interface BareServer {
  url: string;
  close(): Promise<void>;
}

/** The floor: node:http answering every request with the same precomputed bytes. */
export async function startBareServer(answer: Recorded): Promise<BareServer> {
  const headers = { ...answer.headers, 'content-length': answer.body.byteLength };
  const server = createServer((request, response) => {
    request.resume();
    response.writeHead(answer.status, headers);
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
