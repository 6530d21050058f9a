/**
 * The ledger over thirty simulated sandbox days (docs/ledger.md): thirty
 * points per series equal to what the API said each day, a second run of
 * the same day and a run killed half-way leave no duplicate, a re-judged
 * answer keeps two versions, no 429 at the entry plan, no token kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLedger } from '../../ledger/store.js';
import {
  dayAfterDefault,
  ENTRY_TOKEN,
  FakeClock,
  sandboxOn,
  snapshot,
  temporaryFolder,
} from './fixtures.js';
import { ledgerLocations } from './stores.js';

const DAYS = 30;

const STORES = ledgerLocations();
const temp = temporaryFolder();
const locations: string[] = [];
const scores: Record<string, number> = {};
/** The totals the API gave each day for project 1001's bing and GA4 windows. */
const totals: Record<string, { search: unknown; traffic: unknown }> = {};
/** What the API said each day for project 1001's search and AI-traffic datasets. */
const figures: Record<
  string,
  {
    searchDaily: unknown[];
    searchQueries: unknown[];
    trafficSources: unknown[];
    trafficDaily: unknown[];
  }
> = {};
const statuses: number[] = [];

// Each sandbox day is built once and snapshotted into both stores: the sandbox is the slow part.
beforeAll(async () => {
  for (const store of STORES) locations.push(await store.location(temp.folder));
  const clock = new FakeClock();
  for (let offset = 1; offset <= DAYS; offset++) {
    const today = dayAfterDefault(offset);
    const day = sandboxOn(today, clock);
    const detail = await day.read('/projects/1001');
    scores[today] = (detail.ai_visibility as { score: number }).score;
    const rows = async (path: string) => (await day.read(path)).rows as unknown[];
    totals[today] = {
      search: (await day.read('/projects/1001/search-performance?source=bing')).totals,
      traffic: (await day.read('/projects/1001/ai-traffic')).totals,
    };
    figures[today] = {
      searchDaily: await rows('/projects/1001/search-performance?source=bing&dataset=daily'),
      searchQueries: await rows('/projects/1001/search-performance?dataset=top_queries&limit=100'),
      trafficSources: await rows('/projects/1001/ai-traffic?dataset=sources'),
      trafficDaily: await rows('/projects/1001/ai-traffic?dataset=daily'),
    };
    for (const location of locations) {
      // Another run of the CLI is another process, started a minute after the last one ended.
      clock.ms += 61_000;
      if (offset === 10) {
        // Killed half-way: some bodies stored, the day not completed.
        const killed = await snapshot(day, clock, location, { maxRequests: 6 });
        expect(killed.code).toBe(1);
        clock.ms += 61_000;
      }
      const run = await snapshot(day, clock, location);
      expect(run.code, JSON.stringify(run.report)).toBe(0);
      if (offset === DAYS) {
        clock.ms += 61_000;
        const again = await snapshot(day, clock, location);
        expect(again.code).toBe(0);
        expect(
          (again.report.projects as Array<{ outcome: string }>).every(
            (p) => p.outcome === 'already',
          ),
        ).toBe(true);
      }
    }
    statuses.push(...day.statuses);
    clock.ms += 86_400_000;
  }
}, 900_000);

afterAll(() => temp.remove());

describe.each(STORES.map((store, index) => ({ engine: store.engine, index })))(
  'the ledger in $engine',
  ({ index }) => {
    let location: string;
    beforeAll(() => {
      location = locations[index]!;
    });

    it('keeps thirty points per series, equal to what the API said each day', async () => {
      const store = await openLedger(location);
      try {
        const series = await store.series(1001, 'score', dayAfterDefault(1), dayAfterDefault(DAYS));
        expect(series.map((point) => point.day)).toEqual(Object.keys(scores));
        expect(series.map((point) => point.value)).toEqual(Object.values(scores));
        expect(new Set(series.map((point) => point.value)).size).toBeGreaterThan(3);
      } finally {
        await store.close();
      }
    });

    it('keeps the search and AI-traffic figures of each day equal to what the API said that day', async () => {
      const store = await openLedger(location);
      try {
        // The ledger's rows and the API's, the columns the query reads, both in one order.
        const sorted = (rows: Array<Record<string, unknown>>, by: string) =>
          rows.sort((x, y) => String(x[by]).localeCompare(String(y[by])));
        const same = async (day: string, sql: string, rows: unknown[], by: string) => {
          const kept = await store.driver.all(sql, [day]);
          const columns = /^SELECT (.*?) FROM/.exec(sql)![1]!.split(', ');
          const said = (rows as Array<Record<string, unknown>>).map((row) =>
            Object.fromEntries(columns.map((key) => [key, row[key]])),
          );
          expect(rows.length).toBeGreaterThan(0);
          expect(sorted(kept, by)).toEqual(sorted(said, by));
        };
        for (const [day, api] of Object.entries(figures)) {
          await same(
            day,
            "SELECT date, clicks, impressions, ctr, position FROM search_series WHERE project_id = 1001 AND day = $1 AND engine = 'bing' AND grain = 'day'",
            api.searchDaily,
            'date',
          );
          await same(
            day,
            "SELECT query, clicks, impressions, ctr, position FROM search_lists WHERE project_id = 1001 AND day = $1 AND engine = 'google' AND dataset = 'top_queries'",
            api.searchQueries,
            'query',
          );
          await same(
            day,
            'SELECT source, share, sessions, users, engaged_sessions, conversions FROM traffic_sources WHERE project_id = 1001 AND day = $1',
            api.trafficSources,
            'source',
          );
          await same(
            day,
            "SELECT date, sessions, users, engaged_sessions, conversions FROM traffic_series WHERE project_id = 1001 AND day = $1 AND grain = 'day'",
            api.trafficDaily,
            'date',
          );
        }
        for (const [day, api] of Object.entries(totals)) {
          expect(
            await store.driver.all(
              "SELECT clicks, impressions, ctr, position FROM search_totals WHERE project_id = 1001 AND day = $1 AND engine = 'bing'",
              [day],
            ),
          ).toEqual([api.search]);
          expect(
            await store.driver.all(
              'SELECT sessions, users, engaged_sessions, conversions FROM traffic_totals WHERE project_id = 1001 AND day = $1',
              [day],
            ),
          ).toEqual([api.traffic]);
        }
        // A daily series that moves, not one copied figure.
        const sessions = await store.driver.all(
          "SELECT DISTINCT sessions FROM traffic_series WHERE project_id = 1001 AND grain = 'day'",
        );
        expect(sessions.length).toBeGreaterThan(3);
      } finally {
        await store.close();
      }
    });

    it('has no duplicate day, and the killed day is whole', async () => {
      const store = await openLedger(location);
      try {
        const rows = await store.driver.all(
          'SELECT project_id, day, COUNT(*) AS n FROM daily_score GROUP BY project_id, day HAVING COUNT(*) > 1',
        );
        expect(rows).toEqual([]);
        const [killed] = await store.driver.all(
          'SELECT COUNT(*) AS n FROM mentions_by_platform WHERE project_id = 1001 AND day = $1',
          [dayAfterDefault(10)],
        );
        expect(Number(killed!.n)).toBe(6);
        const statusesByDay = await store.driver.all(
          "SELECT COUNT(*) AS n FROM snapshots WHERE status <> 'complete'",
        );
        expect(Number(statusesByDay[0]!.n)).toBe(0);
      } finally {
        await store.close();
      }
    });

    it('keeps every version of a judged-late and a re-judged answer, each with the day it was seen', async () => {
      const store = await openLedger(location);
      try {
        const history = async (id: number) =>
          store.driver.all(
            'SELECT on_topic, brand_mentioned, valid_from, valid_to FROM answers WHERE answer_id = $1 ORDER BY valid_from',
            [id],
          );
        const twice = await store.driver.all(
          'SELECT answer_id FROM answers WHERE project_id = 1001 GROUP BY answer_id HAVING COUNT(*) = 2 ORDER BY answer_id',
        );
        const histories = await Promise.all(twice.map((row) => history(row.answer_id as number)));
        const judgedLate = histories.find((rows) => rows[0]!.brand_mentioned === null);
        const rejudged = histories.find(
          (rows) => rows[0]!.brand_mentioned !== null && rows[0]!.on_topic !== rows[1]!.on_topic,
        );
        for (const rows of [judgedLate, rejudged]) {
          expect(rows).toBeDefined();
          expect(rows![0]!.valid_to).toBe(rows![1]!.valid_from);
          expect(rows![1]!.valid_to).toBeNull();
        }
        const open = await store.driver.all(
          'SELECT answer_id FROM answers WHERE valid_to IS NULL GROUP BY answer_id HAVING COUNT(*) > 1',
        );
        expect(open).toEqual([]);
      } finally {
        await store.close();
      }
    });

    it('never drew a 429 at the entry plan and kept no token', async () => {
      // More requests a day than the entry plan's minute allows (two stores, every dataset):
      // the snapshot had to pace itself by the rate headers, and never overdrew.
      expect(statuses.length / DAYS / STORES.length).toBeGreaterThan(60);
      expect(statuses.filter((status) => status === 429)).toEqual([]);
      const store = await openLedger(location);
      try {
        for (const body of await store.bodies(1001, dayAfterDefault(DAYS)))
          expect(body.text).not.toContain(ENTRY_TOKEN);
      } finally {
        await store.close();
      }
    });
  },
);
