/**
 * The proxy's ledger route, GET /ledger/v1/projects/{id}/series (docs/ledger.md,
 * "Series through the proxy"): the ledger's points, behind the same Host,
 * CORS, Fetch Metadata and ALLOWED_PROJECTS rules as the API routes, never
 * upstream, and a clear 404 when the proxy keeps no ledger.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LedgerStore, openLedger } from '../../ledger/store.js';
import { INTRANET, testProxy } from '../proxy/helpers.js';
import { dayAfterDefault, FakeClock, sandboxOn, snapshot, temporaryFolder } from './fixtures.js';

const temp = temporaryFolder();
let store: LedgerStore;
const scores: number[] = [];
const upstream: string[] = [];
const fetchNever = async (input: string) => {
  upstream.push(input);
  return new Response('{}', { status: 500 });
};

beforeAll(async () => {
  const ledger = join(temp.folder, 'proxy.duckdb');
  const clock = new FakeClock();
  for (const offset of [1, 2, 3]) {
    const day = sandboxOn(dayAfterDefault(offset), clock);
    scores.push(((await day.read('/projects/1001')).ai_visibility as { score: number }).score);
    clock.ms += 61_000;
    expect((await snapshot(day, clock, ledger, { args: ['--project', '1001'] })).code).toBe(0);
  }
  store = await openLedger(ledger);
}, 120_000);

afterAll(async () => {
  await store.close();
  temp.remove();
});

const series = `/ledger/v1/projects/1001/series?metric=score&from=${dayAfterDefault(1)}&to=${dayAfterDefault(3)}`;

describe('the proxy serves ledger series', () => {
  it("answers an allowed page with the ledger's points, CORS included, without going upstream", async () => {
    const proxy = testProxy(
      { baseUrl: 'http://upstream.invalid' },
      { ledger: store, fetch: fetchNever },
    );
    const { response } = await proxy.get(series, {
      headers: { Origin: INTRANET, 'Sec-Fetch-Site': 'same-site', 'Sec-Fetch-Mode': 'cors' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(INTRANET);
    const body = (await response.json()) as {
      source: string;
      points: Array<{ day: string; value: number }>;
    };
    expect(body.source).toBe('ledger');
    expect(body.points.map((point) => point.value)).toEqual(scores);
    expect(upstream).toEqual([]);
  });

  it('keeps the rules of the API routes: Host, other sites, ALLOWED_PROJECTS, bad parameters', async () => {
    const proxy = testProxy(
      { baseUrl: 'http://upstream.invalid', allowedProjects: [1002] },
      { ledger: store, fetch: fetchNever },
    );
    expect((await proxy.get(series)).response.status).toBe(404);
    const open = testProxy(
      { baseUrl: 'http://upstream.invalid' },
      { ledger: store, fetch: fetchNever },
    );
    expect((await open.get(series, { headers: { Host: 'evil.example' } })).response.status).toBe(
      421,
    );
    expect(
      (
        await open.get(series, {
          headers: { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'no-cors' },
        })
      ).response.status,
    ).toBe(403);
    expect(
      (await open.get(series, { headers: { Origin: 'https://evil.example' } })).response.status,
    ).toBe(403);
    const bad = await open.get(
      '/ledger/v1/projects/1001/series?metric=<script>&from=2026-13-01&to=x',
    );
    expect(bad.response.status).toBe(422);
    const errors = ((await bad.response.json()) as { error: { errors: Record<string, string[]> } })
      .error.errors;
    expect(Object.keys(errors).sort()).toEqual(['from', 'metric', 'to']);
    const long = await open.get('/ledger/v1/projects/1001/series?from=2000-01-01&to=2026-01-01');
    expect(long.response.status).toBe(422);
    expect(upstream).toEqual([]);
  });

  it('says so when it keeps no ledger', async () => {
    const proxy = testProxy({ baseUrl: 'http://upstream.invalid' }, { fetch: fetchNever });
    const { response, body } = await proxy.get(series);
    expect(response.status).toBe(404);
    expect(body).toContain('AIVIS_LEDGER');
  });
});
