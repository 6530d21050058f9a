/**
 * Type tests: ProxyConfig is read from the settings table (PROXY_SETTINGS,
 * proxy/config.ts), so a setting added there is a config field and a
 * proxyConfig() option of its reader's type, with no second list to edit
 * (docs/contributing.md, "A proxy setting").
 */
import { describe, expectTypeOf, it } from 'vitest';
import {
  type ConfigOf,
  type LogLevel,
  type PROXY_SETTINGS,
  type ProxyConfig,
  type ProxyOptions,
  setting,
} from '../../proxy/config.js';

/** A setting the table does not have yet, as the docs' walkthrough adds one. */
const added = setting({
  variable: 'CARD_TITLE_LIMIT',
  key: 'cardTitleLimit',
  type: 'integer',
  default: 60,
  range: [10, 200],
  description: 'Longest card title, in characters',
});
const addedOptional = setting({
  variable: 'SUPPORT_EMAIL',
  key: 'supportEmail',
  type: 'text',
  defaultText: 'none',
  description: 'Where client pages send questions',
  read: (text) => text,
});
type Extended = ConfigOf<[...typeof PROXY_SETTINGS, typeof added, typeof addedOptional]>;

describe('ProxyConfig', () => {
  it('has exactly one field per setting of the table', () => {
    expectTypeOf<keyof ProxyConfig>().toEqualTypeOf<(typeof PROXY_SETTINGS)[number]['key']>();
  });

  it('types each field by its reader: integers as numbers, choices as their union', () => {
    expectTypeOf<ProxyConfig['port']>().toEqualTypeOf<number>();
    expectTypeOf<ProxyConfig['logLevel']>().toEqualTypeOf<LogLevel>();
    expectTypeOf<ProxyConfig['allowedOrigins']>().toEqualTypeOf<readonly string[]>();
    expectTypeOf<ProxyConfig['allowedProjects']>().toEqualTypeOf<readonly number[] | undefined>();
  });

  it('has a field always when the table gives a default, requires it or derives it; else optional', () => {
    expectTypeOf<
      Pick<ProxyConfig, 'baseUrl' | 'token' | 'allowedHosts' | 'cacheTtlSeconds'>
    >().toEqualTypeOf<{
      baseUrl: string;
      token: string;
      allowedHosts: readonly string[];
      cacheTtlSeconds: number;
    }>();
    expectTypeOf<Pick<ProxyConfig, 'redisUrl' | 'maxUpstreamPerMinute'>>().toEqualTypeOf<{
      redisUrl?: string;
      maxUpstreamPerMinute?: number;
    }>();
  });

  it('gains a field, and proxyConfig() an option, for a setting added to the table', () => {
    expectTypeOf<Extended>().toHaveProperty('cardTitleLimit').toEqualTypeOf<number>();
    expectTypeOf<Extended['supportEmail']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Extended>().toMatchTypeOf<ProxyConfig>();
    expectTypeOf<ProxyOptions>().toHaveProperty('cacheMaxBytes');
  });

  it('refuses a default of another type than the reader gives', () => {
    setting({
      variable: 'X',
      key: 'x',
      type: 'text',
      // @ts-expect-error: the reader gives text, the default is a number
      default: 5,
      description: '',
      read: (text) => text,
    });
  });
});
