/**
 * The Workers entry of docs/proxy-scale-out.md, read from the page, bundled
 * with Vite and run in workerd through Miniflare as two Workers bound (by the
 * page's wrangler.toml binding) to one Durable Object: a crowd spread over
 * both makes one upstream call, and the two spend one budget between them.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.js';
import { ENTRY_TOKEN } from '../proxy/helpers.js';
import { buildDocsWorker, scaleOutBlock } from './docs-worker.js';

const entry = scaleOutBlock('ts', 'export { AivisAccount }');
const toml = scaleOutBlock('toml', 'durable_objects.bindings');
const binding = /\[\[durable_objects\.bindings\]\]\nname = "(\w+)"\nclass_name = "(\w+)"/.exec(
  toml,
);
const compatibilityDate = /compatibility_date = "([\d-]+)"/.exec(toml)?.[1];

/** The cap the two Workers keep to together (MAX_UPSTREAM_PER_MINUTE). */
const CAP = 4;

let sandbox: RunningSandbox;
let miniflare: Miniflare;
let outDir: string;

beforeAll(async () => {
  expect(binding, 'the page’s wrangler.toml binds the Durable Object').not.toBeNull();
  const [, bindingName, className] = binding!;
  sandbox = await startSandbox({ port: 0, rateLimit: true });
  outDir = await buildDocsWorker(entry, 'aivis-do-');
  const bindings = {
    AIVIS_BASE_URL: sandbox.baseUrl,
    AIVIS_TOKEN: ENTRY_TOKEN,
    MAX_UPSTREAM_PER_MINUTE: String(CAP),
    MAX_QUEUE_WAIT_MS: '0',
    CLIENT_BUDGET_SHARE: '100',
    // A busy test machine: this proves sharing, not the object's latency.
    SHARED_STORE_TIMEOUT_MS: '5000',
  };
  const worker = (name: string, durableObject: unknown) => ({
    name,
    modules: true,
    modulesRoot: join(outDir, 'dist'),
    scriptPath: join(outDir, 'dist/worker.js'),
    compatibilityDate: compatibilityDate!,
    bindings,
    durableObjects: { [bindingName!]: durableObject },
    routes: [`${name}.edge.test/*`],
  });
  miniflare = new Miniflare({
    workers: [
      worker('a', className),
      // The second Worker binds the first one's class: one object per account for both.
      worker('b', { className, scriptName: 'a' }),
    ] as never,
  });
  await miniflare.ready;
}, 120_000);

afterAll(async () => {
  await miniflare?.dispose();
  await sandbox?.close();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

async function get(name: 'a' | 'b', path: string) {
  const response = await miniflare.dispatchFetch(`http://${name}.edge.test${path}`);
  return {
    status: response.status,
    cache: response.headers.get('x-aivis-cache'),
    body: await response.text(),
  };
}

describe('two Workers sharing one Durable Object (workerd)', () => {
  it('a crowd spread over both Workers makes one upstream call', async () => {
    const path = '/api/v1/projects/1001/answers?offset=1';
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) => get(index % 2 === 0 ? 'a' : 'b', path)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(sandbox.requestLog).toHaveLength(1);
    // The object answered every call of the crowd (a stub made while answering one request is
    // not used for another's: Workers refuses that I/O), and /healthz says so.
    for (const name of ['a', 'b'] as const) {
      expect(JSON.parse((await get(name, '/healthz')).body)).toEqual({
        ok: true,
        store: { kind: 'durable-object', state: 'shared', failures: 0 },
      });
    }
  });

  it('the two spend one budget: MAX_UPSTREAM_PER_MINUTE counts both', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 2 * CAP; index += 1) {
      statuses.push(
        (
          await get(
            index % 2 === 0 ? 'a' : 'b',
            `/api/v1/projects/1001/answers?offset=${10 + index}`,
          )
        ).status,
      );
    }
    // One call was spent above; alone, each Worker would have allowed CAP.
    expect(statuses.filter((status) => status === 200)).toHaveLength(CAP - 1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(CAP + 1);
    expect(sandbox.requestLog).toHaveLength(CAP);
  });
});
