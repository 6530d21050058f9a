/**
 * What another instance left in the shared store is input: only an entry of
 * this cache scope and key, well-formed and intact, is served; anything else
 * is a miss, never a crash and never another account's data. The last case
 * plants such entries in a real Redis under the proxy's own key names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CachedAnswer } from '../../proxy/cache.js';
import { proxyConfig } from '../../proxy/config.js';
import { hexDigest } from '../../proxy/digest.js';
import { strongEtag } from '../../proxy/etag.js';
import { createProxyHandler } from '../../proxy/handler.js';
import { createRedisStore, type RedisStore } from '../../proxy/redis-store.js';
import { JSON_TYPE } from '../../proxy/responses.js';
import {
  accountName,
  cacheScopeName,
  decodeStoredAnswer,
  encodeStoredAnswer,
  storeSeal,
} from '../../proxy/stored-answer.js';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.js';
import { pollUntil } from '../../support/poll.js';
import { type RunningRedis, startRedis } from '../../support/redis.js';
import { ENTRY_TOKEN, PRO_TOKEN } from './helpers.js';

const NOW = Date.UTC(2026, 10, 15, 12);
const KEY = '/api/v1/projects';
const SCOPE = await cacheScopeName('https://service.example.com', ENTRY_TOKEN, undefined);
const SEAL = await storeSeal(ENTRY_TOKEN);

async function answer(text = '{"data":[]}', storedAt = NOW - 1_000): Promise<CachedAnswer> {
  const body = new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;
  return { status: 200, body, contentType: JSON_TYPE, etag: await strongEtag(body), storedAt };
}

const bytes = (text: string) => new TextEncoder().encode(text);
/** Sealed as the proxy seals (so each case below tests the head checks behind a valid seal). */
async function sealed(inner: Uint8Array, seal = SEAL): Promise<Uint8Array> {
  const mac = new Uint8Array(
    await crypto.subtle.sign('HMAC', seal, inner as Uint8Array<ArrayBuffer>),
  );
  const line = bytes(`${Buffer.from(mac).toString('hex')}\n`);
  return new Uint8Array([...line, ...inner]);
}
const withHead = (head: object, body: string) => sealed(bytes(`${JSON.stringify(head)}\n${body}`));
const goodHead = async (body: string) => ({
  v: 2,
  scope: SCOPE,
  key: KEY,
  storedAt: NOW,
  etag: await strongEtag(bytes(body)),
  type: JSON_TYPE,
  length: bytes(body).byteLength,
});

const body = '{"data":[1]}';

describe('stored answers', async () => {
  it('round-trip for their own scope and key', async () => {
    const entry = await answer();
    expect(
      await decodeStoredAnswer(
        SEAL,
        await encodeStoredAnswer(SEAL, SCOPE, KEY, entry),
        SCOPE,
        KEY,
        NOW,
      ),
    ).toEqual(entry);
    expect(
      await decodeStoredAnswer(SEAL, await withHead(await goodHead(body), body), SCOPE, KEY, NOW),
    ).toMatchObject({ storedAt: NOW });
  });

  it('names never hold the token, and differ by account and by allowlist', async () => {
    const names = await Promise.all([
      accountName('https://service.example.com', ENTRY_TOKEN),
      accountName('https://service.example.com', PRO_TOKEN),
      cacheScopeName('https://service.example.com', ENTRY_TOKEN, undefined),
      cacheScopeName('https://service.example.com', ENTRY_TOKEN, [1001]),
    ]);
    expect(new Set(names).size).toBe(4);
    for (const name of names) expect(name).toMatch(/^[0-9a-f]{32}$/);
  });

  const entry = await answer();
  const head = await goodHead(body);
  const scriptHead = await goodHead('<script>');
  it.each([
    [
      'another scope (account or allowlist)',
      await encodeStoredAnswer(SEAL, '0'.repeat(32), KEY, entry),
    ],
    ['another key', await encodeStoredAnswer(SEAL, SCOPE, '/api/v1/projects/1001', entry)],
    [
      'sealed with another token',
      await encodeStoredAnswer(await storeSeal(PRO_TOKEN), SCOPE, KEY, entry),
    ],
    ['unsealed (head and body alone)', bytes(`${JSON.stringify(head)}\n${body}`)],
    ['a seal that is not hex', bytes(`${'z'.repeat(64)}\n${JSON.stringify(head)}\n${body}`)],
    ['no head line', await sealed(bytes('{"data":[]}'))],
    ['a head that is not JSON', await sealed(bytes(`{v:1\n${body}`))],
    ['a head that is null', await sealed(bytes(`null\n${body}`))],
    ['another version', await withHead({ ...head, v: 1 }, body)],
    ['a body changed after its hash', await withHead(head, '{"data":[2]}')],
    ['a length that is not the body', await withHead({ ...head, length: 3 }, body)],
    ['a content type that would make a page', await withHead({ ...head, type: 'text/html' }, body)],
    ['a stamp far in the future', await withHead({ ...head, storedAt: NOW + 3_600_000 }, body)],
    ['a stamp that is not a number', await withHead({ ...head, storedAt: 'soon' }, body)],
    ['JSON type over a body that is not JSON', await withHead(scriptHead, '<script>')],
    ['invalid UTF-8 in the head', await sealed(new Uint8Array([0xff, 0xfe, 0x0a, 0x7b, 0x7d]))],
  ])('refuses %s', async (_, stored) => {
    expect(await decodeStoredAnswer(SEAL, stored, SCOPE, KEY, NOW)).toBeUndefined();
  });

  it('refuses what is not bytes', async () => {
    expect(await decodeStoredAnswer(SEAL, null, SCOPE, KEY, NOW)).toBeUndefined();
    expect(await decodeStoredAnswer(SEAL, 'text' as never, SCOPE, KEY, NOW)).toBeUndefined();
  });
});

describe('hostile entries in a real Redis', () => {
  let redis: RunningRedis;
  let sandbox: RunningSandbox;
  let store: RedisStore;

  beforeAll(async () => {
    redis = await startRedis();
    sandbox = await startSandbox({ port: 0, rateLimit: false });
  });
  afterAll(async () => {
    await store?.close();
    await sandbox?.close();
    await redis?.close();
  });

  it('an entry planted under the proxy’s key is a miss: the answer comes from upstream', async () => {
    const config = proxyConfig({ baseUrl: sandbox.baseUrl, token: ENTRY_TOKEN });
    const scope = await cacheScopeName(config.baseUrl, config.token, config.allowedProjects);
    store = createRedisStore({
      url: redis.url,
      account: await accountName(config.baseUrl, config.token),
      scope,
      secret: config.token,
      timeoutMs: 2_000,
      now: Date.now,
    });
    expect(await store.ready()).toBe(true);
    // Another account's answer copied under this scope's key, and plain garbage under another.
    const { Redis } = await import('ioredis');
    const raw = new Redis(redis.url);
    const planted = await encodeStoredAnswer(
      await storeSeal(config.token),
      'f'.repeat(32),
      KEY,
      await answer('{"data":"other account"}', Date.now()),
    );
    await raw.set(`aivis:${scope}:answer:${await hexDigest([KEY])}`, Buffer.from(planted));
    await raw.set(`aivis:${scope}:answer:${await hexDigest(['/api/v1/projects/1001'])}`, 'garbage');
    raw.disconnect();
    const handler = createProxyHandler(config, { store, notice: () => undefined });
    for (const path of [KEY, '/api/v1/projects/1001']) {
      const response = await handler(new Request(`http://localhost${path}`));
      expect(response.status).toBe(200);
      expect(response.headers.get('X-Aivis-Cache')).toBe('MISS');
      expect(await response.text()).not.toContain('other account');
    }
    expect(sandbox.requestLog).toHaveLength(2);
    expect(handler.stats().store).toEqual({ kind: 'redis', state: 'shared', failures: 0 });
  });

  /** A proxy instance on the shared store: its own memory cache, the store shared. */
  async function instance() {
    const config = proxyConfig({ baseUrl: sandbox.baseUrl, token: ENTRY_TOKEN });
    const scope = await cacheScopeName(config.baseUrl, config.token, config.allowedProjects);
    const own = createRedisStore({
      url: redis.url,
      account: await accountName(config.baseUrl, config.token),
      scope,
      secret: config.token,
      timeoutMs: 2_000,
      now: Date.now,
    });
    expect(await own.ready()).toBe(true);
    const handler = createProxyHandler(config, { store: own, notice: () => undefined });
    return { handler, store: own, scope };
  }

  it('a Redis writer without the token cannot serve a forged answer: head copied, body swapped, hash recomputed', async () => {
    const path = '/api/v1/projects/1001';
    const first = await instance();
    const { Redis } = await import('ioredis');
    const raw = new Redis(redis.url);
    const pattern = `aivis:${first.scope}:answer:*`;
    try {
      for (const old of await raw.keys(pattern)) await raw.del(old);
      expect((await first.handler(new Request(`http://localhost${path}`))).status).toBe(200);
      const [name] = await pollUntil(async () => (await raw.keys(pattern)).slice(0, 1), {
        what: 'the stored answer',
      });
      const stored = (await raw.getBuffer(name!))!;
      expect(stored).not.toBeNull();
      // What anyone with write access to Redis can do: rewrite the body and every figure
      // derived from it without a secret (the head's SHA-256 and length).
      const forgedBody = bytes('{"id":1001,"name":"FORGED"}');
      const lines = stored.toString('utf8').split('\n');
      const at = lines.findIndex((line) => line.startsWith('{"v":'));
      const head = JSON.parse(lines[at]!) as Record<string, unknown>;
      head.etag = await strongEtag(forgedBody);
      head.length = forgedBody.byteLength;
      const forged = [...lines.slice(0, at), JSON.stringify(head), ''].join('\n');
      await raw.set(
        name!,
        Buffer.concat([Buffer.from(forged), Buffer.from(forgedBody)]),
        'PX',
        60_000,
      );
      const second = await instance();
      const response = await second.handler(new Request(`http://localhost${path}`));
      expect(await response.text()).not.toContain('FORGED');
      expect(response.headers.get('X-Aivis-Cache')).toBe('MISS');
      await first.store.close();
      await second.store.close();
    } finally {
      raw.disconnect();
    }
  });

  it('a 100 MB value under an answer key is never loaded: at most one entry’s size is read', async () => {
    const path = '/api/v1/projects/1001/answers';
    const reader = await instance();
    const name = `aivis:${reader.scope}:answer:${await hexDigest([path])}`;
    const { Redis } = await import('ioredis');
    const raw = new Redis(redis.url);
    const sent = async () =>
      Number(/total_net_output_bytes:(\d+)/.exec(await raw.info('stats'))?.[1] ?? Number.NaN);
    try {
      await raw.setrange(name, 100 * 1024 * 1024, 'x');
      const before = await sent();
      expect(await reader.store.answers.get(path)).toBeUndefined();
      const read = (await sent()) - before;
      expect(read).toBeLessThan(12 * 1024 * 1024);
      await reader.store.close();
    } finally {
      await raw.del(name);
      raw.disconnect();
    }
  });
});
