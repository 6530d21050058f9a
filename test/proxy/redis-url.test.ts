/** REDIS_URL: the forms an operator writes are read; a wrong one is named without echoing its password. */
import { describe, expect, it } from 'vitest';
import { readProxyConfig } from '../../proxy/config.js';
import { redisWhere } from '../../proxy/redis-store.js';

const base = { AIVIS_BASE_URL: 'https://service.example.com', AIVIS_TOKEN: 'aivis_test_entry' };

describe('REDIS_URL', () => {
  it.each([
    'redis://127.0.0.1:6379',
    'redis://redis.internal:6379/0',
    'rediss://user:s3cret@redis.example.com:6380/2',
    'redis://:s3cret@[::1]:6379',
  ])('reads %s', (url) => {
    expect(readProxyConfig({ ...base, REDIS_URL: url }).redisUrl).toBe(url);
  });

  it('is unset by default: the instance counts alone', () => {
    expect(readProxyConfig(base).redisUrl).toBeUndefined();
  });

  it.each([
    ['http://:s3cret@host:6379', 'must start with redis://'],
    ['redis://:s3cret@host:6379/cache', 'may end only in a database number'],
    ['redis://:s3cret@host:6379/0?x=1', 'may end only in a database number'],
    ['not a url s3cret', 'must be a URL like'],
  ])('refuses %s, naming the variable and not the password', (url, message) => {
    expect(() => readProxyConfig({ ...base, REDIS_URL: url })).toThrow(`REDIS_URL ${message}`);
    try {
      readProxyConfig({ ...base, REDIS_URL: url });
    } catch (error) {
      expect(String(error)).not.toContain('s3cret');
    }
  });

  it('is named in the log by scheme, host, port and database only', () => {
    expect(redisWhere('rediss://user:s3cret@redis.example.com:6380/2')).toBe(
      'rediss://redis.example.com:6380/2',
    );
    expect(redisWhere('redis://:s3cret@10.0.0.5:6379')).toBe('redis://10.0.0.5:6379');
  });
});
