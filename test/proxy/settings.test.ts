/**
 * The proxy settings table (proxy/config.ts) is the one source: both ways of
 * configuring read it through the same checks, and the README shows it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  PROXY_DEFAULTS,
  PROXY_SETTINGS,
  ProxyConfigError,
  type ProxyOptions,
  proxyConfig,
  readProxyConfig,
} from '../../proxy/config.js';
import { README_PATH, withSettingsTable } from '../../scripts/proxy/settings-table.js';

const required = { baseUrl: 'https://api.example.com', token: 'aivis_test_entry' };
const env = { AIVIS_BASE_URL: required.baseUrl, AIVIS_TOKEN: required.token };

function failure(run: () => unknown): ProxyConfigError {
  try {
    run();
  } catch (error) {
    if (error instanceof ProxyConfigError) return error;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

const integers = PROXY_SETTINGS.filter((item) => item.range !== undefined);

describe('proxy settings from one table', () => {
  it('checks values given in code: out of range throws, naming the setting and its range', () => {
    const error = failure(() =>
      proxyConfig({ ...required, cacheTtlSeconds: -5, port: 99999 } as ProxyOptions),
    );
    expect(error.variable).toBe('PORT');
    expect(error.message).toBe(
      "PORT must be a whole number from 0 to 65535, not '99999' (proxyConfig option port)",
    );
    expect(failure(() => proxyConfig({ ...required, cacheTtlSeconds: -5 })).message).toBe(
      "CACHE_TTL must be a whole number from 0 to 86400, not '-5' (proxyConfig option cacheTtlSeconds)",
    );
    expect(failure(() => proxyConfig({ ...required, maxQueueWaitMs: 1.5 })).variable).toBe(
      'MAX_QUEUE_WAIT_MS',
    );
  });

  it.each(integers.map((item) => [item.variable, item] as const))(
    '%s: the environment and proxyConfig() accept the same bounds and refuse the same values',
    (variable, item) => {
      const [min, max] = item.range!;
      for (const ok of [min, max]) {
        expect(readProxyConfig({ ...env, [variable]: String(ok) })[item.key]).toBe(ok);
        expect(proxyConfig({ ...required, [item.key]: ok })[item.key]).toBe(ok);
      }
      for (const bad of [min - 1, max + 1]) {
        const fromEnv = failure(() => readProxyConfig({ ...env, [variable]: String(bad) }));
        const fromCode = failure(() => proxyConfig({ ...required, [item.key]: bad }));
        expect(fromEnv.variable).toBe(variable);
        expect(fromCode.variable).toBe(variable);
        // The same words; only the name differs, as the caller wrote it.
        expect(fromCode.message).toBe(`${fromEnv.message} (proxyConfig option ${item.key})`);
        expect(fromEnv.message).toContain(`from ${min} to ${max}`);
      }
    },
  );

  it('checks lists given in code like the environment', () => {
    expect(failure(() => proxyConfig({ ...required, allowedOrigins: ['*'] })).variable).toBe(
      'ALLOWED_ORIGINS',
    );
    expect(failure(() => proxyConfig({ ...required, allowedProjects: [0] })).variable).toBe(
      'ALLOWED_PROJECTS',
    );
    expect(failure(() => proxyConfig({ ...required, basePath: '/../x' })).variable).toBe(
      'BASE_PATH',
    );
    expect(failure(() => proxyConfig({ ...required, token: 'two words' })).message).not.toContain(
      'two words',
    );
  });

  it('fills the same defaults on both paths, and every default passes its own check', () => {
    const fromEnv = readProxyConfig(env);
    expect(proxyConfig(required)).toEqual(fromEnv);
    for (const item of PROXY_SETTINGS) {
      if (item.default === undefined) continue;
      expect(fromEnv[item.key], item.variable).toEqual(item.default);
      expect(PROXY_DEFAULTS[item.key], item.variable).toEqual(item.default);
    }
  });

  it('docs/proxy.md shows the table as it is (npx tsx scripts/proxy/settings-table.ts rewrites it)', () => {
    const readme = readFileSync(README_PATH, 'utf8');
    expect(withSettingsTable(readme)).toBe(readme);
    for (const item of PROXY_SETTINGS) expect(readme).toContain(`| \`${item.variable}\` |`);
  });
});
