import { describe, expect, it } from 'vitest';
import { AnswerCache, type CachedAnswer } from '../../proxy/cache.js';

const answer = (bytes: number): CachedAnswer => ({
  status: 200,
  body: new Uint8Array(bytes),
  contentType: 'application/json',
  etag: '"x"',
  storedAt: 0,
});

describe('AnswerCache', () => {
  it('evicts the least recently used entry beyond the entry bound', () => {
    const cache = new AnswerCache(2, 1_000_000);
    cache.set('a', answer(10));
    cache.set('b', answer(10));
    expect(cache.get('a')).toBeDefined(); // a is now the most recent
    cache.set('c', answer(10));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.size).toBe(2);
  });

  it('keeps the order exact when a crowd reads the most recent key again and again', () => {
    const cache = new AnswerCache(2, 1_000_000);
    cache.set('a', answer(10));
    cache.set('b', answer(10));
    for (const key of ['a', 'a', 'b', 'b']) expect(cache.get(key)).toBeDefined();
    cache.set('c', answer(10)); // a is the least recent: b was read last
    expect(cache.get('a')).toBeUndefined();
    for (const key of ['b', 'c', 'c', 'b']) expect(cache.get(key)).toBeDefined();
    cache.set('a', answer(10)); // c is the least recent
    expect(cache.get('c')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
    cache.delete('b');
    cache.set('d', answer(10));
    expect(cache.get('a')).toBeDefined();
    cache.set('e', answer(10)); // d, read never since it came, goes
    expect([cache.get('a'), cache.get('d'), cache.get('e')].map(Boolean)).toEqual([
      true,
      false,
      true,
    ]);
  });

  it('evicts by bytes and keeps its byte count exact', () => {
    const cache = new AnswerCache(100, 3_000);
    cache.set('a', answer(1_000));
    cache.set('b', answer(1_000));
    const twoEntries = cache.bytes;
    expect(twoEntries).toBeGreaterThanOrEqual(2_000);
    cache.set('c', answer(1_000));
    expect(cache.bytes).toBeLessThanOrEqual(3_000);
    expect(cache.get('a')).toBeUndefined();
    // Replacing an entry does not count it twice.
    cache.set('c', answer(1_000));
    expect(cache.bytes).toBe(twoEntries);
  });

  it('does not keep an answer larger than the whole budget', () => {
    const cache = new AnswerCache(10, 1_000);
    cache.set('small', answer(10));
    expect(cache.set('huge', answer(5_000))).toBe(false);
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('small')).toBeDefined();
  });
});
