/**
 * The `share` command's way to a store it cannot open (docs/agencies.md#on-workers):
 * `POST /s/admin` on the proxy, each call signed with an HMAC under
 * SHARE_SECRET over the call and its time. Here on a Node proxy with the file
 * store; test/edge/share-links-workerd.test.ts runs it on Workers. Every
 * call not signed with the secret, too old, too long or of another method is
 * refused and changes nothing.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileLinkStore } from '../../../proxy/share/file-links.js';
import {
  ADMIN_CLOCK_SKEW_MS,
  proxyLinkStore,
  SIGNATURE_HEADER,
} from '../../../proxy/share/share-admin.js';
import { type RunningSandbox, startSandbox } from '../../../sandbox/server.js';
import { shareCommand } from '../../../scripts/share.js';
import { ENTRY_TOKEN, fakeClock, LeakWatch, type TestProxy, testProxy } from '../helpers.js';

const SECRET = 'admin-secret-0123456789abcdef0123456789';
let sandbox: RunningSandbox;
let folder: string;
let proxy: TestProxy;
let links: FileLinkStore;
const clock = fakeClock();
const watch = new LeakWatch();

/** The proxy as the command reaches it: fetch() answered by the handler. */
const toProxy = (async (input: RequestInfo | URL, init?: RequestInit) =>
  proxy.handler(new Request(input, init), { waitUntil: () => undefined })) as typeof fetch;

async function share(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await shareCommand(
    argv,
    { SHARE_SECRET: SECRET, PUBLIC_URL: 'http://localhost' },
    {
      out: (text) => out.push(text),
      err: (text) => err.push(text),
      now: clock.now,
      fetch: toProxy,
    },
  );
  return { code, out: out.join(''), err: err.join('') };
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: false });
  folder = await mkdtemp(join(tmpdir(), 'aivis-admin-'));
  links = new FileLinkStore(join(folder, 'links.jsonl'), { now: clock.now });
  proxy = testProxy(
    { baseUrl: sandbox.baseUrl, shareSecret: SECRET },
    { now: clock.now, links },
    watch,
  );
});
afterAll(async () => {
  await links.close();
  await sandbox.close();
  await rm(folder, { recursive: true, force: true });
  expect(watch.leaks([ENTRY_TOKEN, SECRET])).toEqual([]);
});

describe('POST /s/admin', () => {
  it('lets the command make, list and revoke links with the secret alone', async () => {
    const made = await share('create', '--project', '1001', '--expires', '1d', '--label', 'Board');
    expect(made.code, made.err).toBe(0);
    const path = new URL(made.out.trim()).pathname;
    expect((await proxy.get(path)).status).toBe(200);
    const listed = JSON.parse((await share('list', '--json')).out) as {
      id: string;
      views: number;
    }[];
    expect(listed).toEqual([expect.objectContaining({ id: path.slice(3, 13), views: 1 })]);
    expect((await share('revoke', path.slice(3, 13))).code).toBe(0);
    expect((await proxy.get(path)).status).toBe(410);
  });

  it('refuses a call signed with another secret, too old, too long, unsigned or not a POST', async () => {
    const before = await links.list();
    const record = {
      id: 'zzzzzzzzzz',
      label: 'Forged',
      project: 2001,
      view: 'aivis-dashboard',
      period: 'last_30_days' as const,
      expires: Math.floor(clock.now() / 1000) + 3_600,
      created: clock.now(),
    };
    const stranger = proxyLinkStore('http://localhost', `${SECRET}x`, clock.now, toProxy);
    await expect(stranger.create(record)).rejects.toThrow(/403/);
    await expect(stranger.list()).rejects.toThrow(/403/);
    const late = proxyLinkStore(
      'http://localhost',
      SECRET,
      () => clock.now() - ADMIN_CLOCK_SKEW_MS - 1,
      toProxy,
    );
    await expect(late.create(record)).rejects.toThrow(/403/);
    const body = JSON.stringify({ op: 'list', at: clock.now(), pad: 'x'.repeat(10_000) });
    const long = await proxy.get('/s/admin', {
      method: 'POST',
      body,
      headers: { [SIGNATURE_HEADER]: 'a'.repeat(64) },
    });
    expect(long.status).toBe(403);
    const unsigned = await proxy.get('/s/admin', {
      method: 'POST',
      body: JSON.stringify({ op: 'list', at: clock.now() }),
    });
    expect(unsigned.status).toBe(403);
    expect(unsigned.body).not.toContain('Board');
    expect((await proxy.get('/s/admin')).status).toBe(405);
    expect(await links.list()).toEqual(before);
  });

  it('takes a replayed creation as the same link, not a second one', async () => {
    const store = proxyLinkStore('http://localhost', SECRET, clock.now, toProxy);
    const record = {
      id: 'yyyyyyyyyy',
      label: 'Once',
      project: 1001,
      view: 'aivis-dashboard',
      period: 'last_30_days' as const,
      expires: Math.floor(clock.now() / 1000) + 3_600,
      created: clock.now(),
    };
    await store.create(record);
    await store.create(record);
    expect((await links.list()).filter((link) => link.id === 'yyyyyyyyyy')).toHaveLength(1);
  });

  it('says the proxy keeps no links when it has no store', async () => {
    const bare = testProxy({ baseUrl: sandbox.baseUrl, shareSecret: SECRET }, { now: clock.now });
    const store = proxyLinkStore('http://localhost', SECRET, clock.now, (async (
      input: RequestInfo | URL,
      init?: RequestInit,
    ) => bare.handler(new Request(input, init), { waitUntil: () => undefined })) as typeof fetch);
    await expect(store.list()).rejects.toThrow(/503.*SHARE_FILE/);
  });
});
