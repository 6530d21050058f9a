/** REDIS_URL: the forms an operator writes are read; a wrong one is named without echoing its password. */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { PROXY_SETTINGS, ProxyConfigError, readProxyConfig } from '../../proxy/config.js';
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
    [
      'redis://:s3cret%ZZ@host:6379',
      'has a user name or password that is not valid percent-encoding',
    ],
    ['redis://s3cret%E0%A4%A:pw@host:6379', 'has a user name or password that is not valid'],
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

  it('a stray % in the password stops the proxy with one line naming REDIS_URL, no stack, no secret', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'proxy/main.ts'], {
      env: { ...process.env, ...base, PORT: '0', REDIS_URL: 'redis://:s3cret%ZZ@127.0.0.1:1' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^aivis proxy: REDIS_URL has a user name or password/);
    expect(run.stderr + run.stdout).not.toContain('s3cret');
  });
});

describe('every setting error is one line naming the setting', () => {
  const hostile = ['%ZZ', '\ud800', 'a%E0%A4%A', 'redis://:%ZZ@h:1', '\u0000', 'x'.repeat(5_000)];
  it.each(PROXY_SETTINGS.map((item) => item.variable))('%s', (variable) => {
    for (const text of hostile) {
      try {
        readProxyConfig({ ...base, [variable]: text });
      } catch (error) {
        expect(error, `${variable}=${JSON.stringify(text.slice(0, 20))}`).toBeInstanceOf(
          ProxyConfigError,
        );
        expect((error as Error).message.startsWith(`${variable} `)).toBe(true);
        expect((error as Error).message).not.toContain('\n');
      }
    }
  });
});
