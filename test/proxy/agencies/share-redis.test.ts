/**
 * Client links on a fleet (docs/agencies.md#where-links-live): two proxies,
 * each with its own connection to one redis-server this suite starts, and
 * the `share` command on a third. A revocation made once answers 410 on both
 * at once; a link's views per minute are counted once for the fleet; the
 * views the command lists are both instances'.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_GRACE_MS, type LinkStore } from '../../../proxy/share/link-store.js';
import { createRedisLinkStore } from '../../../proxy/share/redis-links.js';
import { type RunningSandbox, startSandbox } from '../../../sandbox/server.js';
import { shareCommand } from '../../../scripts/share.js';
import { type RunningRedis, startRedis } from '../../../support/redis.js';
import { ENTRY_TOKEN, fakeClock, LeakWatch, type TestProxy, testProxy } from '../helpers.js';

const SECRET = 'fleet-secret-0123456789abcdef0123456789';
const PUBLIC_URL = 'http://localhost';
let redis: RunningRedis;
let sandbox: RunningSandbox;
let env: Record<string, string>;
const stores: LinkStore[] = [];
const instances: TestProxy[] = [];
const watch = new LeakWatch();
const clock = fakeClock();

async function share(...argv: string[]) {
  const out: string[] = [];
  const code = await shareCommand(argv, env, {
    out: (text) => out.push(text),
    err: () => undefined,
    now: clock.now,
  });
  return { code, out: out.join('') };
}

beforeAll(async () => {
  redis = await startRedis();
  sandbox = await startSandbox({ port: 0, rateLimit: false });
  env = {
    AIVIS_BASE_URL: sandbox.baseUrl,
    AIVIS_TOKEN: ENTRY_TOKEN,
    SHARE_SECRET: SECRET,
    PUBLIC_URL,
    REDIS_URL: redis.url,
  };
  for (let index = 0; index < 2; index += 1) {
    const links = await createRedisLinkStore({ url: redis.url, secret: SECRET, timeoutMs: 250 });
    stores.push(links);
    instances.push(
      testProxy(
        { baseUrl: sandbox.baseUrl, shareSecret: SECRET, shareLinkPerMinute: 4 },
        { now: clock.now, links },
        watch,
      ),
    );
  }
}, 60_000);

afterAll(async () => {
  for (const store of stores) await store.close();
  await sandbox?.close();
  await redis?.close();
  expect(watch.leaks([ENTRY_TOKEN, SECRET])).toEqual([]);
});

async function createLink(label: string): Promise<string> {
  const made = await share('create', '--project', '1002', '--expires', '12h', '--label', label);
  expect(made.code).toBe(0);
  return made.out.trim().slice(PUBLIC_URL.length);
}

describe('client links shared through Redis', () => {
  it('a revocation made once answers 410 on every instance at once', async () => {
    const path = await createLink('Board');
    for (const instance of instances) expect((await instance.get(path)).status).toBe(200);
    expect((await share('revoke', path.slice(3, 13))).code).toBe(0);
    for (const instance of instances) expect((await instance.get(path)).status).toBe(410);
  });

  it("counts a link's views per minute once for the fleet, and only that link's", async () => {
    const busy = await createLink('Posted publicly');
    const other = await createLink('Quiet');
    const statuses: number[] = [];
    for (let view = 0; view < 6; view += 1) {
      statuses.push((await instances[view % 2]!.get(busy)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    expect((await instances[0]!.get(other)).status).toBe(200);
    expect((await instances[1]!.get(other)).status).toBe(200);
    const listed = JSON.parse((await share('list', '--json')).out) as {
      id: string;
      views: number;
    }[];
    expect(listed.find((link) => link.id === busy.slice(3, 13))?.views).toBe(4);
  });

  it('answers 404 for a record changed in Redis by a writer without SHARE_SECRET', async () => {
    const path = await createLink('Forged in Redis');
    const id = path.slice(3, 13);
    const client = new Redis(redis.url);
    try {
      const [key] = await client.keys('{aivis-share:*}:links');
      const record = JSON.parse((await client.hget(key!, id))!) as Record<string, unknown>;
      await client.hset(key!, id, JSON.stringify({ ...record, project: 2001 }));
      // A fresh instance (one that had shown the link keeps the record it checked).
      const fresh = testProxy(
        { baseUrl: sandbox.baseUrl, shareSecret: SECRET },
        { now: clock.now, links: stores[0]! },
        watch,
      );
      expect((await fresh.get(path)).status).toBe(404);
      await client.hset(key!, id, JSON.stringify(record));
      expect((await fresh.get(path)).status).toBe(200);
    } finally {
      client.disconnect();
    }
  });

  it('answers 410 on every instance once expired', async () => {
    const path = await createLink('Short');
    clock.advance(12 * 3_600_000 + 1_000);
    for (const instance of instances) expect((await instance.get(path)).status).toBe(410);
  });

  it('drops a link past its expiry by the grace period as it lists, and its address is then no link', async () => {
    const path = await createLink('Long gone');
    const id = path.slice(3, 13);
    clock.advance(12 * 3_600_000 + LINK_GRACE_MS + 1_000);
    const listed = JSON.parse((await share('list', '--json')).out) as { id: string }[];
    expect(listed.map((link) => link.id)).not.toContain(id);
    expect(listed).toEqual([]);
    expect(await stores[0]!.get(id)).toBeUndefined();
    expect((await instances[1]!.get(path)).status).toBe(404);
  });
});
