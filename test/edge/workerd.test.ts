/**
 * The proxy inside workerd, Cloudflare's runtime, through Miniflare: the
 * README's Workers entry is bundled with Vite (no Node built-ins, no
 * nodejs_compat flag; Lit's `node` export condition for the cards) and runs
 * the shared cases. Two workers with the same
 * configuration stand for two isolates of one location: they share answers
 * through caches.default.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Miniflare } from 'miniflare';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';
import { type ProxyName, proxyCases } from './cases.js';

/** workerd of the pinned miniflare supports compatibility dates up to its own release. */
const COMPATIBILITY_DATE = '2026-04-01';

async function bundleWorker(outDir: string): Promise<string> {
  await build({
    configFile: false,
    logLevel: 'silent',
    // The cards' templates are Lit's: its server build (the `node` condition,
    // no DOM needed) rather than its browser build (docs/widgets.md, "Cards from the proxy").
    resolve: { conditions: ['node', 'import', 'module', 'default'] },
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      target: 'es2022',
      lib: {
        entry: resolve(import.meta.dirname, 'worker-entry.ts'),
        formats: ['es'],
        fileName: () => 'worker.js',
      },
      // One module: the cards' error words are a dynamic import the Worker must carry.
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
  return join(outDir, 'worker.js');
}

const TWIN = 'main-twin';
let miniflare: Miniflare;

const cases = proxyCases('workerd (Miniflare)', async (upstream) => {
  const outDir = await mkdtemp(join(tmpdir(), 'aivis-workerd-'));
  const scriptPath = await bundleWorker(outDir);
  const worker = (name: string, bindings: Record<string, string>) => ({
    name,
    modules: true,
    modulesRoot: outDir,
    scriptPath,
    compatibilityDate: COMPATIBILITY_DATE,
    bindings,
    routes: [`${name}.edge.test/*`],
  });
  miniflare = new Miniflare({
    workers: [
      ...(Object.entries(upstream.configs) as Array<[ProxyName, Record<string, string>]>).map(
        ([name, env]) => worker(name, env),
      ),
      worker(TWIN, upstream.configs.main),
    ],
  });
  await miniflare.ready;
  return {
    async fetch(name, path, init) {
      // Routed by host name, the way a zone's routes pick a Worker.
      // Miniflare's own fetch types differ from the global ones only nominally.
      const answer = await miniflare.dispatchFetch(
        `http://${name}.edge.test${path}`,
        init as never,
      );
      const empty = answer.status === 204 || answer.status === 304;
      return new Response(empty ? null : await answer.arrayBuffer(), {
        status: answer.status,
        headers: answer.headers as unknown as Headers,
      });
    },
    async close() {
      await miniflare.dispose();
      await rm(outDir, { recursive: true, force: true });
    },
  };
});

describe('caches.default on workerd', () => {
  it('lets a second isolate answer from the first one’s upstream call', async () => {
    const path = '/api/v1/projects/1002/citations?limit=7';
    const calls = () =>
      cases
        .upstream()
        .sandbox.requestLog.filter((entry) => entry.path === '/api/v1/projects/1002/citations')
        .length;
    const before = calls();
    const first = await cases.target().fetch('main', path);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-aivis-cache')).toBe('MISS');
    const body = await first.text();
    const twin = await cases.target().fetch(TWIN as ProxyName, path);
    expect(twin.status).toBe(200);
    expect(twin.headers.get('x-aivis-cache')).toBe('HIT');
    expect(await twin.text()).toBe(body);
    expect(twin.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(calls() - before).toBe(1);
  });
});
