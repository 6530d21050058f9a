/**
 * Three proxy processes (the built Node entry, as production runs it) share
 * one real redis-server (docs/proxy-scale-out.md) in front of the sandbox with
 * the entry plan's budget enforced (60 a minute). Many concurrent clients
 * across the three make one upstream call per distinct URL; an answer fetched
 * by one instance is a HIT on another; Redis killed in the middle of a run
 * costs no cached answer and no overspending, and once it is back the
 * instances share again; the whole run never makes the service refuse.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.js';
import { pollUntil } from '../../support/poll.js';
import { type RunningRedis, startRedis } from '../../support/redis.js';
import { ENTRY_TOKEN } from './helpers.js';

interface Instance {
  child: ChildProcess;
  url: string;
  output: { stdout: string; stderr: string };
}

let redis: RunningRedis;
let sandbox: RunningSandbox;
const instances: Instance[] = [];

async function startInstance(redisUrl: string): Promise<Instance> {
  const child = spawn(process.execPath, ['dist/proxy/main.js'], {
    env: {
      PATH: process.env.PATH ?? '',
      AIVIS_BASE_URL: sandbox.baseUrl,
      AIVIS_TOKEN: ENTRY_TOKEN,
      PORT: '0',
      REDIS_URL: redisUrl,
      LOG_LEVEL: 'off',
      // Every client here is 127.0.0.1: the per-client share is tested on its own.
      CLIENT_BUDGET_SHARE: '100',
      MAX_QUEUE_WAIT_MS: '0',
      // Three processes, a sandbox and Redis on a busy test machine.
      SHARED_STORE_TIMEOUT_MS: '10000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout?.on('data', (chunk: Buffer) => {
    output.stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output.stderr += chunk.toString();
  });
  const started = await pollUntil(() => /aivis proxy on (http:\/\/\S+) /.exec(output.stdout)?.[1], {
    what: 'a proxy instance listening',
    timeoutMs: 20_000,
    intervalMs: 25,
  });
  return { child, url: started, output };
}

beforeAll(async () => {
  redis = await startRedis();
  sandbox = await startSandbox({ port: 0, rateLimit: true });
  for (let index = 0; index < 3; index += 1) instances.push(await startInstance(redis.url));
}, 60_000);

afterAll(async () => {
  for (const instance of instances) {
    if (instance.child.exitCode === null) instance.child.kill('SIGTERM');
  }
  await sandbox?.close();
  await redis?.close();
});

const url = (index: number) => `/api/v1/projects/1001/answers?offset=${index}`;

async function get(instance: Instance, path: string) {
  const response = await fetch(`${instance.url}${path}`);
  const body = await response.text();
  return { status: response.status, cache: response.headers.get('X-Aivis-Cache'), body };
}

const upstreamCalls = () => sandbox.requestLog.length;

describe('three proxy instances sharing one Redis', () => {
  it('many concurrent clients across the three make one upstream call per distinct URL', async () => {
    const distinct = Array.from({ length: 20 }, (_, index) => url(index + 1));
    const answers = await Promise.all(
      distinct.flatMap((path) =>
        instances.flatMap((instance) => Array.from({ length: 4 }, () => get(instance, path))),
      ),
    );
    expect(answers.map((answer) => answer.status).filter((status) => status !== 200)).toEqual([]);
    // One sandbox request per distinct URL, whatever instance each client reached.
    expect(sandbox.requestLog).toHaveLength(distinct.length);
    expect(new Set(sandbox.requestLog.map((entry) => entry.query)).size).toBe(distinct.length);
    // One MISS per URL; the rest joined a call (on their instance or another) or hit a copy.
    const states = answers.map((answer) => answer.cache);
    expect(states.filter((state) => state === 'MISS')).toHaveLength(distinct.length);
    expect(
      states.filter((state) => state !== 'MISS' && state !== 'COALESCED' && state !== 'HIT'),
    ).toEqual([]);
    // Every client of one URL got the same bytes, from whichever instance.
    for (let index = 0; index < distinct.length; index += 1) {
      const bodies = answers.slice(index * 12, index * 12 + 12).map((answer) => answer.body);
      expect(new Set(bodies).size).toBe(1);
    }
  });

  it('an answer fetched by instance A is a HIT on B and C', async () => {
    const path = url(40);
    const before = upstreamCalls();
    expect(await get(instances[0]!, path)).toMatchObject({ status: 200, cache: 'MISS' });
    expect(await get(instances[1]!, path)).toMatchObject({ status: 200, cache: 'HIT' });
    expect(await get(instances[2]!, path)).toMatchObject({ status: 200, cache: 'HIT' });
    expect(upstreamCalls() - before).toBe(1);
  });

  it('Redis killed mid-run: every cached answer is still served, and no one overspends', async () => {
    const dashboard = Array.from({ length: 20 }, (_, index) => url(index + 1));
    const run = (round: number) =>
      Promise.all(
        dashboard.flatMap((path, index) => [
          get(instances[(index + round) % 3]!, path),
          get(instances[(index + round + 1) % 3]!, path),
        ]),
      );
    const first = run(0);
    await redis.kill();
    const answers = [...(await first), ...(await run(1)), ...(await run(2))];
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    // New URLs while alone: answered within the fallback share, or refused by the proxy itself.
    const alone = await Promise.all(
      Array.from({ length: 9 }, (_, index) => get(instances[index % 3]!, url(60 + index))),
    );
    for (const answer of alone) expect([200, 429]).toContain(answer.status);
    await pollUntil(
      () =>
        instances.every((instance) =>
          instance.output.stderr.includes('the shared store (redis) is unreachable'),
        ),
      { what: 'each instance saying once that it counts alone', timeoutMs: 10_000 },
    );
    for (const instance of instances) {
      expect(instance.output.stderr.match(/is unreachable/g)).toHaveLength(1);
      expect(instance.output.stderr).not.toMatch(/Error|at .*\.js:\d+/);
    }
    expect(sandbox.requestLog.filter((entry) => entry.status === 429)).toEqual([]);
  });

  it('Redis back: the instances rejoin and share the cache again', async () => {
    await redis.restart();
    let probe = 100;
    // Each instance tries the store again a second after its last failure; a miss is such a try.
    await pollUntil(
      async () => {
        probe += 1;
        await Promise.all(instances.map((instance) => get(instance, url(probe))));
        return instances.every((instance) => instance.output.stderr.includes('answers again'));
      },
      { what: 'each instance rejoining Redis', timeoutMs: 20_000, intervalMs: 100 },
    );
    const path = url(200);
    const before = upstreamCalls();
    const first = await get(instances[2]!, path);
    expect(first.status, first.body).toBe(200);
    expect(await get(instances[0]!, path)).toMatchObject({ status: 200, cache: 'HIT' });
    expect(await get(instances[1]!, path)).toMatchObject({ status: 200, cache: 'HIT' });
    expect(upstreamCalls() - before).toBe(1);
  });

  it('together they spend the plan once: never more than the service allows', async () => {
    const answers = await Promise.all(
      Array.from({ length: 90 }, (_, index) => get(instances[index % 3]!, url(300 + index))),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    // The service never had to refuse: the three instances kept to one budget.
    expect(sandbox.requestLog.filter((entry) => entry.status === 429)).toEqual([]);
  });
});
