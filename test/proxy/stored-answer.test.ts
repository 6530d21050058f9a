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
} from '../../proxy/stored-answer.js';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.js';
import { type RunningRedis, startRedis } from '../../support/redis.js';
import { ENTRY_TOKEN, PRO_TOKEN } from './helpers.js';

const NOW = Date.UTC(2026, 10, 15, 12);
const KEY = '/api/v1/projects';
const SCOPE = await cacheScopeName('https://service.example.com', ENTRY_TOKEN, undefined);

async function answer(text = '{"data":[]}', storedAt = NOW - 1_000): Promise<CachedAnswer> {
  const body = new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;
  return { status: 200, body, contentType: JSON_TYPE, etag: await strongEtag(body), storedAt };
}

const bytes = (text: string) => new TextEncoder().encode(text);
const withHead = (head: object, body: string) => bytes(`${JSON.stringify(head)}\n${body}`);
const goodHead = async (body: string) => ({
  v: 1,
  scope: SCOPE,
  key: KEY,
  storedAt: NOW,
  etag: await strongEtag(bytes(body)),
  type: JSON_TYPE,
  length: bytes(body).byteLength,
});

describe('stored answers', async () => {
  it('round-trip for their own scope and key', async () => {
    const entry = await answer();
    expect(
      await decodeStoredAnswer(encodeStoredAnswer(SCOPE, KEY, entry), SCOPE, KEY, NOW),
    ).toEqual(entry);
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

  const body = '{"data":[1]}';
  const entry = await answer();
  const head = await goodHead(body);
  const scriptHead = await goodHead('<script>');
  it.each([
    ['another scope (account or allowlist)', encodeStoredAnswer('0'.repeat(32), KEY, entry)],
    ['another key', encodeStoredAnswer(SCOPE, '/api/v1/projects/1001', entry)],
    ['no head line', bytes('{"data":[]}')],
    ['a head that is not JSON', bytes(`{v:1\n${body}`)],
    ['a head that is null', bytes(`null\n${body}`)],
    ['another version', withHead({ ...head, v: 2 }, body)],
    ['a body changed after its hash', withHead(head, '{"data":[2]}')],
    ['a length that is not the body', withHead({ ...head, length: 3 }, body)],
    ['a content type that would make a page', withHead({ ...head, type: 'text/html' }, body)],
    ['a stamp far in the future', withHead({ ...head, storedAt: NOW + 3_600_000 }, body)],
    ['a stamp that is not a number', withHead({ ...head, storedAt: 'soon' }, body)],
    ['JSON type over a body that is not JSON', withHead(scriptHead, '<script>')],
    ['invalid UTF-8 in the head', new Uint8Array([0xff, 0xfe, 0x0a, 0x7b, 0x7d])],
  ])('refuses %s', async (_, stored) => {
    expect(await decodeStoredAnswer(stored, SCOPE, KEY, NOW)).toBeUndefined();
  });

  it('refuses what is not bytes', async () => {
    expect(await decodeStoredAnswer(null, SCOPE, KEY, NOW)).toBeUndefined();
    expect(await decodeStoredAnswer('text' as never, SCOPE, KEY, NOW)).toBeUndefined();
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
      timeoutMs: 2_000,
      now: Date.now,
    });
    expect(await store.ready()).toBe(true);
    // Another account's answer copied under this scope's key, and plain garbage under another.
    const { Redis } = await import('ioredis');
    const raw = new Redis(redis.url);
    const planted = encodeStoredAnswer(
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
});
