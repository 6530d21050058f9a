/**
 * Client links on Workers (docs/agencies.md#on-workers): the Workers entry
 * and wrangler.toml of docs/proxy-scale-out.md, read from the page, run in
 * workerd through Miniflare as two Workers bound to one AivisLinks Durable
 * Object. The `share` command, with only SHARE_SECRET and PUBLIC_URL, makes,
 * lists and revokes links through the proxy's signed admin route over HTTP;
 * a link shows on both Workers, is counted once, and answers 410 on both
 * once revoked; tampered addresses and unsigned admin calls are refused.
 */
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinkStatus } from '../../proxy/share/link-store.js';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.js';
import { shareCommand } from '../../scripts/share.js';
import { ENTRY_TOKEN } from '../proxy/helpers.js';
import { buildDocsWorker, ROOT, scaleOutBlock } from './docs-worker.js';

const SECRET = 'workers-secret-0123456789abcdef01234567';

const entry = scaleOutBlock('ts', 'export { AivisLinks }');
const toml = scaleOutBlock('toml', 'durable_objects.bindings');
/** Every binding of the page's wrangler.toml: name to class. */
const bindings = Object.fromEntries(
  [
    ...toml.matchAll(/\[\[durable_objects\.bindings\]\]\nname = "(\w+)"\nclass_name = "(\w+)"/g),
  ].map((match) => [match[1]!, match[2]!]),
);
const sqliteClasses = /new_sqlite_classes = \[([^\]]*)\]/.exec(toml)?.[1] ?? '';
const compatibilityDate = /compatibility_date = "([\d-]+)"/.exec(toml)?.[1];

let sandbox: RunningSandbox;
let miniflare: Miniflare;
let outDir: string;
let publicUrl: string;

beforeAll(async () => {
  expect(bindings.AIVIS_LINKS, 'the page’s wrangler.toml binds the links object').toBe(
    'AivisLinks',
  );
  sandbox = await startSandbox({ port: 0, rateLimit: false });
  outDir = await buildDocsWorker(entry, 'aivis-links-do-');
  const vars = {
    AIVIS_BASE_URL: sandbox.baseUrl,
    AIVIS_TOKEN: ENTRY_TOKEN,
    ALLOWED_HOSTS: '127.0.0.1,a.edge.test,b.edge.test',
    SHARE_SECRET: SECRET,
    SHARE_LINK_PER_MINUTE: '5',
    SHARED_STORE_TIMEOUT_MS: '5000',
  };
  const objects = (owner?: string) =>
    Object.fromEntries(
      Object.entries(bindings).map(([name, className]) => [
        name,
        {
          className,
          ...(owner ? { scriptName: owner } : {}),
          ...(sqliteClasses.includes(`"${className}"`) ? { useSQLite: true } : {}),
        },
      ]),
    );
  const worker = (name: string, owner?: string) => ({
    name,
    modules: true,
    modulesRoot: join(outDir, 'dist'),
    scriptPath: join(outDir, 'dist/worker.js'),
    compatibilityDate: compatibilityDate!,
    bindings: vars,
    durableObjects: objects(owner),
    routes: [`${name}.edge.test/*`],
  });
  miniflare = new Miniflare({
    host: '127.0.0.1',
    port: 0,
    // The second Worker binds the first one's classes: one links object for both.
    workers: [worker('a'), worker('b', 'a')] as never,
  });
  // Worker a answers the server's own address: the PUBLIC_URL the command is given.
  publicUrl = (await miniflare.ready).origin;
}, 120_000);

afterAll(async () => {
  await miniflare?.dispose();
  await sandbox?.close();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

async function share(env: Record<string, string>, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await shareCommand(argv, env, {
    out: (text) => out.push(text),
    err: (text) => err.push(text),
    now: Date.now,
  });
  return { code, out: out.join(''), err: err.join('') };
}

/** What the command is given on the agency's machine: the secret and the address, no store, no token. */
const commandEnv = () => ({ SHARE_SECRET: SECRET, PUBLIC_URL: publicUrl });

/** The command line of docs/agencies.md#on-workers: its settings and its arguments. */
function docsCommand(): { env: Record<string, string>; argv: string[] } {
  const agencies = readFileSync(join(ROOT, 'docs/agencies.md'), 'utf8');
  const line = /<!-- agencies-workers:start -->\n```sh\n([^\n]*)\n```/.exec(agencies)?.[1];
  expect(line, 'docs/agencies.md shows the command for Workers').toBeDefined();
  const [settings, command] = line!.split(' npm run aivis -- ') as [string, string];
  const env = Object.fromEntries(settings.split(' ').map((pair) => pair.split('=', 2)));
  expect(Object.keys(env)).toEqual(['SHARE_SECRET', 'PUBLIC_URL']);
  const argv = [...command.matchAll(/"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? match[2]!);
  return { env: { ...env, ...commandEnv() }, argv: argv.slice(1) };
}

async function createPath(project: string): Promise<string> {
  const made = await share(commandEnv(), 'create', '--project', project, '--expires', '1h');
  expect(made.code, made.err).toBe(0);
  return new URL(made.out.trim()).pathname;
}

async function view(name: 'a' | 'b', path: string) {
  const response = await miniflare.dispatchFetch(`http://${name}.edge.test${path}`);
  return { status: response.status, body: await response.text() };
}

describe('client links kept by the AivisLinks Durable Object (workerd)', () => {
  it('made by the command through the proxy, shown on both Workers, counted, revoked on both', async () => {
    const { env, argv } = docsCommand();
    const made = await share(env, ...argv);
    expect(made.code, made.err).toBe(0);
    const path = new URL(made.out.trim()).pathname;
    expect(path).toMatch(/^\/s\/[a-z2-7]{10}\.[\w-]{43}$/);
    const id = path.slice(3, 13);
    const first = await view('a', path);
    expect(first.status).toBe(200);
    expect(first.body).toContain('<aivis-dashboard');
    expect(first.body).not.toContain(ENTRY_TOKEN);
    expect((await view('b', path)).status).toBe(200);
    expect((await view('b', path)).status).toBe(200);
    const listed = JSON.parse((await share(commandEnv(), 'list', '--json')).out) as LinkStatus[];
    expect(listed.find((link) => link.id === id)).toMatchObject({
      label: 'Acme board',
      project: 1001,
      views: 3,
    });
    expect((await share(commandEnv(), 'revoke', id)).code).toBe(0);
    for (const name of ['a', 'b'] as const) {
      const ended = await view(name, path);
      expect(ended.status).toBe(410);
      expect(ended.body).not.toContain('visibility score');
    }
    expect((await share(commandEnv(), 'list')).out).toMatch(new RegExp(`${id}.*revoked`));
  });

  it("limits a link's views per minute for both Workers together, and that link only", async () => {
    const busy = await createPath('1001');
    const quiet = await createPath('1002');
    // The Workers count by their own clock's minute: a run that crossed one is run again (once).
    let statuses: number[] = [];
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const link = attempt === 0 ? busy : await createPath('1001');
      const minute = Math.floor(Date.now() / 60_000);
      statuses = [];
      for (let index = 0; index < 7; index += 1) {
        statuses.push((await view(index % 2 === 0 ? 'a' : 'b', link)).status);
      }
      if (Math.floor(Date.now() / 60_000) === minute) break;
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect((await view('b', quiet)).status).toBe(200);
  });

  it('answers 404 for a tampered address, and 403 to an admin call not signed with SHARE_SECRET', async () => {
    const path = await createPath('1001');
    const flipped = path.slice(0, -2) + (path.at(-2) === 'a' ? 'b' : 'a') + path.at(-1);
    expect((await view('a', flipped)).status).toBe(404);
    expect((await view('a', `/s/zzzzzzzzzz.${path.slice(14)}`)).status).toBe(404);
    const before = JSON.parse((await share(commandEnv(), 'list', '--json')).out) as LinkStatus[];
    const stranger = await share(
      { ...commandEnv(), SHARE_SECRET: 'another-secret-0123456789abcdef0123456' },
      'create',
      '--project',
      '2001',
      '--expires',
      '1h',
    );
    expect(stranger.code).toBe(2);
    expect(stranger.err).toMatch(/403/);
    const unsigned = await miniflare.dispatchFetch('http://a.edge.test/s/admin', {
      method: 'POST',
      body: JSON.stringify({ op: 'list', at: Date.now() }),
    });
    expect(unsigned.status).toBe(403);
    expect(await unsigned.text()).not.toContain('"links"');
    const after = JSON.parse((await share(commandEnv(), 'list', '--json')).out) as LinkStatus[];
    expect(after).toEqual(before);
  });
});
