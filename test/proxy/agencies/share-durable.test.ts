/**
 * The AivisLinks Durable Object (proxy/share/durable-links.ts) on a storage
 * of our own, for what workerd's run (test/edge/share-links-workerd.test.ts)
 * does not reach: calls out of shape, a record in its storage that is not
 * one, and the links it drops past their grace period.
 */
import { describe, expect, it } from 'vitest';
import {
  AivisLinks,
  durableLinkStore,
  type LinkStorageLike,
} from '../../../proxy/share/durable-links.js';
import { LINK_GRACE_MS, type LinkRecord } from '../../../proxy/share/link-store.js';

function memoryStorage(): LinkStorageLike & { map: Map<string, unknown> } {
  const map = new Map<string, unknown>();
  return {
    map,
    async get<T>(key: string) {
      return structuredClone(map.get(key)) as T | undefined;
    },
    async put(key: string, value: unknown) {
      map.set(key, structuredClone(value));
    },
    async delete(key: string) {
      return map.delete(key);
    },
    async list<T>({ prefix, limit }: { prefix: string; limit: number }) {
      const found = [...map].filter(([key]) => key.startsWith(prefix)).slice(0, limit);
      return new Map(found) as Map<string, T>;
    },
  };
}

function objectOf(storage: LinkStorageLike) {
  const object = new AivisLinks({ storage });
  const namespace = {
    idFromName: (name: string) => name,
    get: () => ({
      fetch: (_: string, init: RequestInit) =>
        object.fetch(new Request('https://aivis-links.invalid/', init)),
    }),
  };
  return { object, namespace };
}

const SECRET = 'durable-secret-0123456789abcdef012345678';
const NOW = Date.now();
const record = (id: string, expiresInMs: number): LinkRecord => ({
  id,
  label: 'Board',
  project: 1001,
  view: 'aivis-dashboard',
  period: 'last_30_days',
  expires: Math.floor((NOW + expiresInMs) / 1000),
  created: NOW,
});

describe('AivisLinks', () => {
  it('keeps, admits, counts and revokes a link', async () => {
    const storage = memoryStorage();
    const links = await durableLinkStore(objectOf(storage).namespace, SECRET);
    await links.create(record('aaaaaaaaaa', 86_400_000));
    expect(await links.get('aaaaaaaaaa')).toEqual(record('aaaaaaaaaa', 86_400_000));
    expect(await links.admit('aaaaaaaaaa', NOW, 2)).toBe('ok');
    expect(await links.admit('aaaaaaaaaa', NOW, 2)).toBe('ok');
    expect(await links.admit('aaaaaaaaaa', NOW, 2)).toBe('limited');
    expect(await links.revoke('aaaaaaaaaa', NOW)).toBe(true);
    expect(await links.revoke('bbbbbbbbbb', NOW)).toBe(false);
    expect(await links.admit('aaaaaaaaaa', NOW + 60_000, 2)).toBe('revoked');
    expect(await links.list()).toEqual([
      { ...record('aaaaaaaaaa', 86_400_000), views: 2, lastView: NOW, revoked: NOW },
    ]);
  });

  it('answers 400 to calls out of shape and reads no record that is not one', async () => {
    const storage = memoryStorage();
    const { object, namespace } = objectOf(storage);
    for (const body of [
      'not json',
      'null',
      '{"op":"drop"}',
      '{"op":"get","id":"../x"}',
      '{"op":"create","record":{"id":"x"}}',
    ]) {
      const answer = await object.fetch(
        new Request('https://x.invalid/', { method: 'POST', body }),
      );
      expect(answer.status, body).toBe(400);
    }
    storage.map.set('link:cccccccccc', { ...record('cccccccccc', 1_000), project: 'x' });
    storage.map.set('link:dddddddddd', record('eeeeeeeeee', 1_000));
    const links = await durableLinkStore(namespace, SECRET);
    expect(await links.get('cccccccccc')).toBeUndefined();
    expect(await links.get('dddddddddd')).toBeUndefined();
  });

  it('drops links past their expiry by the grace period as it lists', async () => {
    const storage = memoryStorage();
    const links = await durableLinkStore(objectOf(storage).namespace, SECRET);
    await links.create(record('aaaaaaaaaa', -LINK_GRACE_MS - 60_000));
    await links.create(record('bbbbbbbbbb', 86_400_000));
    await links.admit('aaaaaaaaaa', NOW, 5);
    expect((await links.list()).map((link) => link.id)).toEqual(['bbbbbbbbbb']);
    expect([...storage.map.keys()].filter((key) => key.includes('aaaaaaaaaa'))).toEqual([]);
    expect(storage.map.get('count')).toBe(1);
  });
});
