/**
 * The proxy as production runs it: `npm run build` writes dist/proxy/main.js,
 * which starts with plain `node` from a folder with no node_modules, and stops
 * gracefully on SIGTERM and SIGINT. An upstream gate in front of the sandbox
 * holds one answer until the test lets it go, so the checks follow the order
 * of events: request in flight, signal, new connections refused, answer, exit.
 */
import { rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.js';
import { type ServedHandler, serveFetchHandler } from '../../server/serve-fetch-handler.js';
import {
  BUILT_PROXY_DIR,
  deferred,
  installBuiltProxy,
  PROXY_START_LINE,
  type RunningProcess,
  runBuiltProxy,
} from './helpers.js';

const HELD_PATH = '/api/v1/projects/1001';

let sandbox: RunningSandbox;
let gate: ServedHandler;
let installDir: string;
let held = holdOne();
const runs: RunningProcess[] = [];

/** The upstream's answer to HELD_PATH waits for `release`; `arrived` says the proxy asked. */
function holdOne() {
  return { arrived: deferred(), release: deferred() };
}

beforeAll(async () => {
  installDir = await installBuiltProxy();
  sandbox = await startSandbox({ port: 0, rateLimit: false });
  gate = await serveFetchHandler(async (request) => {
    const { pathname, search } = new URL(request.url);
    if (pathname === HELD_PATH) {
      held.arrived.resolve();
      await held.release.promise;
    }
    const upstream = await fetch(`${sandbox.baseUrl}${pathname}${search}`, {
      headers: { authorization: request.headers.get('authorization') ?? '' },
    });
    const headers = new Headers(upstream.headers);
    headers.delete('content-encoding');
    headers.delete('content-length');
    return new Response(await upstream.arrayBuffer(), { status: upstream.status, headers });
  });
});
afterAll(async () => {
  for (const run of runs) if (run.child.exitCode === null) run.child.kill('SIGKILL');
  held.release.resolve();
  await gate?.close();
  await sandbox?.close();
  if (installDir) await rm(installDir, { recursive: true, force: true });
});

async function startProxy(
  settings: Record<string, string> = {},
): Promise<{ run: RunningProcess; url: string; port: number }> {
  const run = runBuiltProxy(installDir, {
    AIVIS_BASE_URL: gate.url,
    AIVIS_TOKEN: 'aivis_test_entry',
    PORT: '0',
    ...settings,
  });
  runs.push(run);
  const [, url] = await run.printed(PROXY_START_LINE);
  return { run, url: url!, port: Number(new URL(url!).port) };
}

/** Starts the proxy with a request to HELD_PATH held at the gate; `inFlight` says how that request ended. */
async function startWithHeldRequest(settings: Record<string, string> = {}) {
  held = holdOne();
  const started = await startProxy(settings);
  const inFlight = fetch(`${started.url}${HELD_PATH}`).then(
    (response) => `answered ${response.status}`,
    () => 'connection cut',
  );
  await held.arrived.promise;
  return { ...started, inFlight };
}

/** Resolves with the error code of a fresh TCP connection, or 'connected'. */
function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });
}

describe('the built proxy (node dist/proxy/main.js)', () => {
  it('runs from a copy of dist/proxy with plain node: no tsx, no node_modules', async () => {
    expect(installDir.startsWith(BUILT_PROXY_DIR)).toBe(false);
    const { run, url } = await startProxy();
    const response = await fetch(`${url}/api/v1/projects`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { projects: Array<{ id: number }> };
    expect(body.projects.map((project) => project.id)).toEqual([1001, 1002, 1003]);
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
    expect(run.stdout()).toContain('SIGINT: not accepting');
    expect(run.stderr()).toBe('');
  });

  it('on SIGTERM refuses new connections, answers the request in flight with 200 and exits 0', async () => {
    held = holdOne();
    const { run, url, port } = await startProxy();
    const inFlight = fetch(`${url}${HELD_PATH}`);
    await held.arrived.promise;

    run.child.kill('SIGTERM');
    await run.printed(/SIGTERM: not accepting/);
    expect(await tryConnect(port)).toBe('ECONNREFUSED');
    expect(run.child.exitCode).toBeNull();

    held.release.resolve();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(((await response.json()) as { id: number }).id).toBe(1001);
    expect(await run.exited).toBe(0);
    expect(run.stdout()).toContain('1 request(s) in flight were answered');
  });

  it('cuts a request still unanswered at the stop timeout (STOP_TIMEOUT_MS) and exits 1', async () => {
    // 150 ms instead of the default 5 s: the deadline is the proxy's own timer, in another process.
    const { run, inFlight } = await startWithHeldRequest({ STOP_TIMEOUT_MS: '150' });
    run.child.kill('SIGTERM');
    await run.printed(
      /SIGTERM: not accepting; finishing the requests in flight \(at most 150 ms\)/,
    );
    // The gate never lets go: only the proxy's own deadline ends this.
    expect(await run.exited).toBe(1);
    expect(await inFlight).toBe('connection cut');
    expect(run.stderr()).toContain('cut 1 request(s) unanswered at the deadline');
    held.release.resolve();
  });

  it('stops at once on a second signal during the drain', async () => {
    const { run, inFlight } = await startWithHeldRequest();
    run.child.kill('SIGINT');
    await run.printed(/SIGINT: not accepting/);
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(1);
    expect(await inFlight).toBe('connection cut');
    expect(run.stderr()).toContain('SIGINT again; stopping without waiting');
    held.release.resolve();
  });
});
