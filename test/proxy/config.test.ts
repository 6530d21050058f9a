import { describe, expect, it } from 'vitest';
import { PROXY_DEFAULTS, ProxyConfigError, readProxyConfig } from '../../proxy/config.js';

const base = { AIVIS_BASE_URL: 'https://api.example.com', AIVIS_TOKEN: 'aivis_test_entry' };

function errorOf(env: Record<string, string | undefined>): ProxyConfigError {
  try {
    readProxyConfig(env);
  } catch (error) {
    if (error instanceof ProxyConfigError) return error;
    throw error;
  }
  throw new Error('readProxyConfig accepted the environment');
}

describe('readProxyConfig', () => {
  it('fills the defaults from a minimal environment', () => {
    const config = readProxyConfig(base);
    expect(config.baseUrl).toBe('https://api.example.com');
    expect(config.port).toBe(8788);
    expect(config.host).toBe('127.0.0.1');
    expect(config.cacheTtlSeconds).toBe(60);
    expect(config.allowedOrigins).toEqual([]);
    expect(config.allowedProjects).toBeUndefined();
    expect(config.basePath).toBe('');
    expect(config.rateLimitPerMinute).toBe(PROXY_DEFAULTS.rateLimitPerMinute);
  });

  it('reads lists, numbers and a mount prefix', () => {
    const config = readProxyConfig({
      ...base,
      AIVIS_BASE_URL: 'http://127.0.0.1:8787/',
      PORT: '9000',
      ALLOWED_ORIGINS: 'https://intranet.example.com, http://localhost:5173',
      ALLOWED_PROJECTS: '1001, 1002',
      CACHE_TTL: '120',
      BASE_PATH: '/scenarios/expired/',
      MAX_UPSTREAM_PER_MINUTE: '40',
    });
    expect(config.maxUpstreamPerMinute).toBe(40);
    expect(config.baseUrl).toBe('http://127.0.0.1:8787');
    expect(config.port).toBe(9000);
    expect(config.allowedOrigins).toEqual([
      'https://intranet.example.com',
      'http://localhost:5173',
    ]);
    expect(config.allowedProjects).toEqual([1001, 1002]);
    expect(config.cacheTtlSeconds).toBe(120);
    expect(config.basePath).toBe('/scenarios/expired');
  });

  it.each([
    [{ AIVIS_TOKEN: 'x' }, 'AIVIS_BASE_URL'],
    [{ ...base, AIVIS_BASE_URL: 'ftp://example.com' }, 'AIVIS_BASE_URL'],
    [{ ...base, AIVIS_BASE_URL: 'not a url' }, 'AIVIS_BASE_URL'],
    [{ ...base, AIVIS_BASE_URL: 'https://example.com/api/v1' }, 'AIVIS_BASE_URL'],
    [{ ...base, AIVIS_BASE_URL: 'https://user:pw@example.com' }, 'AIVIS_BASE_URL'],
    [{ AIVIS_BASE_URL: 'https://example.com' }, 'AIVIS_TOKEN'],
    [{ ...base, AIVIS_TOKEN: 'two words' }, 'AIVIS_TOKEN'],
    [{ ...base, AIVIS_TOKEN: 'short' }, 'AIVIS_TOKEN'],
    [{ ...base, PORT: 'eighty' }, 'PORT'],
    [{ ...base, PORT: '70000' }, 'PORT'],
    [{ ...base, ALLOWED_ORIGINS: '*' }, 'ALLOWED_ORIGINS'],
    [{ ...base, ALLOWED_ORIGINS: 'https://intranet.example.com/dashboards' }, 'ALLOWED_ORIGINS'],
    [{ ...base, ALLOWED_ORIGINS: 'intranet.example.com' }, 'ALLOWED_ORIGINS'],
    [{ ...base, ALLOWED_PROJECTS: '1001,abc' }, 'ALLOWED_PROJECTS'],
    [{ ...base, ALLOWED_PROJECTS: ' , ' }, 'ALLOWED_PROJECTS'],
    [{ ...base, CACHE_TTL: '-5' }, 'CACHE_TTL'],
    [{ ...base, MAX_UPSTREAM_PER_MINUTE: '0' }, 'MAX_UPSTREAM_PER_MINUTE'],
    [{ ...base, BASE_PATH: '/../x' }, 'BASE_PATH'],
    [{ ...base, ALLOWED_HOSTS: '*' }, 'ALLOWED_HOSTS'],
    [{ ...base, ALLOWED_HOSTS: 'https://proxy.example.com' }, 'ALLOWED_HOSTS'],
    [{ ...base, ALLOWED_HOSTS: 'proxy.example.com/aivis' }, 'ALLOWED_HOSTS'],
    [{ ...base, ALLOWED_HOSTS: 'proxy.example.com:99999' }, 'ALLOWED_HOSTS'],
    [{ ...base, CLIENT_BUDGET_SHARE: '0' }, 'CLIENT_BUDGET_SHARE'],
    [{ ...base, CLIENT_BUDGET_SHARE: '101' }, 'CLIENT_BUDGET_SHARE'],
    [{ ...base, CLIENT_IP_HEADER: 'X Real IP' }, 'CLIENT_IP_HEADER'],
    [{ ...base, MAX_BUFFERED_BYTES: '1024' }, 'MAX_BUFFERED_BYTES'],
  ])('rejects %j naming %s', (env, variable) => {
    const error = errorOf(env);
    expect(error.variable).toBe(variable);
    expect(error.message.startsWith(variable)).toBe(true);
  });

  it('allows the listening host and the loopback names unless ALLOWED_HOSTS says otherwise', () => {
    expect(readProxyConfig(base).allowedHosts).toEqual(['localhost', '127.0.0.1', '[::1]']);
    expect(readProxyConfig({ ...base, HOST: '10.1.2.3' }).allowedHosts).toContain('10.1.2.3');
    expect(readProxyConfig({ ...base, HOST: '0.0.0.0' }).allowedHosts).toEqual([
      'localhost',
      '127.0.0.1',
      '[::1]',
    ]);
    expect(
      readProxyConfig({ ...base, ALLOWED_HOSTS: 'Dash.Example.com, proxy.example.com:8443' })
        .allowedHosts,
    ).toEqual(['dash.example.com', 'proxy.example.com:8443']);
  });

  it('never quotes the token in its errors', () => {
    const token = 'secret token with spaces';
    const error = errorOf({ ...base, AIVIS_TOKEN: token });
    expect(error.message).not.toContain('secret');
  });
});
