/**
 * The cache decision (proxy/freshness.ts) as a table: every age window of the
 * entry × the key's failure state × whether a refresh is already running.
 */
import { describe, expect, it } from 'vitest';
import { proxyConfig } from '../../proxy/config.js';
import {
  type CacheAction,
  decide,
  freshnessWindows,
  keepMs,
  type RecentFailure,
} from '../../proxy/freshness.js';

const windows = { ttlMs: 60_000, staleWhileRevalidateMs: 300_000, staleIfErrorMs: 86_400_000 };
const NOW = 1_000_000_000_000;

/** An entry whose age puts it in each window. */
const entries = {
  fresh: { storedAt: NOW - 59_999 },
  stale: { storedAt: NOW - 60_000 },
  'covering errors': { storedAt: NOW - 360_000 },
  expired: { storedAt: NOW - 86_460_000 },
  missing: undefined,
} as const;

const failures: Record<string, RecentFailure | undefined> = {
  'no failure': undefined,
  'backing off': { until: NOW + 1, reason: 'upstream 429' },
  'backoff over': { until: NOW, reason: 'upstream 503' },
};

type Row = [entry: keyof typeof entries, failure: string, refreshing: boolean, CacheAction];

const hit: CacheAction = { kind: 'hit' };
const revalidate: CacheAction = { kind: 'stale', reason: 'revalidating', revalidate: true };
const staleOnly: CacheAction = { kind: 'stale', reason: 'revalidating', revalidate: false };
const covered: CacheAction = { kind: 'stale', reason: 'upstream 429', revalidate: false };
const fetch = (state: 'MISS' | 'REVALIDATED' | 'COALESCED', cover: boolean): CacheAction => ({
  kind: 'fetch',
  join: state === 'COALESCED',
  cover,
  state,
});

const table: Row[] = [
  // A fresh entry is served whatever else is going on.
  ['fresh', 'no failure', false, hit],
  ['fresh', 'no failure', true, hit],
  ['fresh', 'backing off', false, hit],
  ['fresh', 'backing off', true, hit],
  ['fresh', 'backoff over', false, hit],
  ['fresh', 'backoff over', true, hit],
  // Within stale-while-revalidate: served at once; one refresh, not during a backoff.
  ['stale', 'no failure', false, revalidate],
  ['stale', 'no failure', true, staleOnly],
  ['stale', 'backing off', false, covered],
  ['stale', 'backing off', true, covered],
  ['stale', 'backoff over', false, revalidate],
  ['stale', 'backoff over', true, staleOnly],
  // Within stale-if-error only: upstream is asked; the copy covers a failure.
  ['covering errors', 'no failure', false, fetch('REVALIDATED', true)],
  ['covering errors', 'no failure', true, fetch('COALESCED', true)],
  ['covering errors', 'backing off', false, covered],
  ['covering errors', 'backing off', true, covered],
  ['covering errors', 'backoff over', false, fetch('REVALIDATED', true)],
  ['covering errors', 'backoff over', true, fetch('COALESCED', true)],
  // Past every window: as good as missing, except that a fresh answer revalidates it.
  ['expired', 'no failure', false, fetch('REVALIDATED', false)],
  ['expired', 'no failure', true, fetch('COALESCED', false)],
  ['expired', 'backing off', false, fetch('REVALIDATED', false)],
  ['expired', 'backing off', true, fetch('COALESCED', false)],
  ['expired', 'backoff over', false, fetch('REVALIDATED', false)],
  ['expired', 'backoff over', true, fetch('COALESCED', false)],
  ['missing', 'no failure', false, fetch('MISS', false)],
  ['missing', 'no failure', true, fetch('COALESCED', false)],
  ['missing', 'backing off', false, fetch('MISS', false)],
  ['missing', 'backing off', true, fetch('COALESCED', false)],
  ['missing', 'backoff over', false, fetch('MISS', false)],
  ['missing', 'backoff over', true, fetch('COALESCED', false)],
];

describe('decide: the cache decision', () => {
  it('has a row for every combination', () => {
    const combinations = new Set(
      table.map(([entry, failure, refreshing]) => `${entry}|${failure}|${refreshing}`),
    );
    expect(combinations.size).toBe(Object.keys(entries).length * Object.keys(failures).length * 2);
  });

  it.each(table)('%s entry, %s, refreshing=%s', (entry, failure, refreshing, expected) => {
    expect(decide(entries[entry], NOW, failures[failure], refreshing, windows)).toEqual(expected);
  });

  it('with stale-if-error shorter than stale-while-revalidate, the longer window decides', () => {
    const short = { ...windows, staleIfErrorMs: 0 };
    expect(decide(entries['covering errors'], NOW, undefined, false, short)).toEqual(
      fetch('REVALIDATED', false),
    );
    expect(decide(entries.stale, NOW, failures['backing off'], false, short)).toEqual(covered);
  });

  it('with a TTL of 0 nothing is ever fresh', () => {
    const none = { ttlMs: 0, staleWhileRevalidateMs: 0, staleIfErrorMs: 0 };
    expect(decide({ storedAt: NOW }, NOW, undefined, false, none)).toEqual(
      fetch('REVALIDATED', false),
    );
  });
});

describe('the windows in milliseconds, from the settings in seconds', () => {
  it('the defaults (60 s, 300 s, a day) become the windows of the table above', () => {
    expect(
      freshnessWindows(proxyConfig({ baseUrl: 'https://svc.example', token: 'aivis_test_entry' })),
    ).toEqual(windows);
  });

  it('a stored answer is kept for the TTL plus the longer stale window', () => {
    expect(keepMs(windows)).toBe(60_000 + 86_400_000);
    const settings = proxyConfig({
      baseUrl: 'https://svc.example',
      token: 'aivis_test_entry',
      cacheTtlSeconds: 30,
      staleWhileRevalidateSeconds: 600,
      staleIfErrorSeconds: 120,
    });
    expect(keepMs(freshnessWindows(settings))).toBe(630_000);
  });
});
