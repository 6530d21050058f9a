/**
 * The ledger reads the fields the Data API document does not name through
 * the alias table (ledger/read-bodies.ts, docs/service-drift.md): a body of a
 * reshaped service (a field under a known alias, a number sent as text, a
 * field missing or of another type) gives the same rows, with only the
 * column of what is missing left empty.
 */
import { describe, expect, it } from 'vitest';
import { deriveDay } from '../../ledger/derive.js';
import type { StoredBody } from '../../ledger/store.js';
import { dayAfterDefault, FakeClock, sandboxOn, storedBody } from './fixtures.js';

const PATHS = [
  '/projects/1001',
  '/projects/1001/competitors?dataset=ranking&limit=50',
  '/projects/1001/ai-traffic?dataset=sources',
  '/projects/1001/search-performance?source=bing&dataset=daily',
  '/projects/1001/search-performance?source=google&dataset=summary',
  '/projects/1001/ai-traffic?dataset=summary',
];

// biome-ignore lint/suspicious/noExplicitAny: the test reshapes bodies field by field
type Json = Record<string, any>;

async function bodiesOfDay(): Promise<Record<string, Json>> {
  const day = sandboxOn(dayAfterDefault(2), new FakeClock());
  const bodies: Record<string, Json> = {};
  for (const path of PATHS) bodies[path] = await day.read(path);
  return bodies;
}

const stored = (bodies: Record<string, Json>): StoredBody[] =>
  Object.entries(bodies).map(([request, body]) =>
    storedBody(request, JSON.stringify(body), '2027-01-01T00:00:00Z'),
  );

describe('the ledger reads a reshaped service through the alias table', () => {
  it('gives the same rows, leaving only the missing field’s column empty', async () => {
    const bodies = await bodiesOfDay();
    const expected = deriveDay(stored(bodies));
    const reshaped = structuredClone(bodies);
    const summary = reshaped['/projects/1001']!;
    // Under the name our first guess used (shared/aliases.ts: performance_comparison ← change).
    summary.ai_visibility.change = summary.ai_visibility.performance_comparison;
    delete summary.ai_visibility.performance_comparison;
    // An assumed field missing: only its column is empty.
    delete summary.ai_visibility.share_of_voice;
    // Numbers sent as text are read as the numbers.
    for (const row of reshaped['/projects/1001/ai-traffic?dataset=sources']!.rows)
      row.sessions = String(row.sessions);
    // A value of another type is left out: that cell is empty, the row stays.
    reshaped['/projects/1001/competitors?dataset=ranking&limit=50']!.competitors[0].visibility =
      'high';
    const read = deriveDay(stored(reshaped));

    expect(expected.rows.daily_score![0]!.score_delta).not.toBeNull();
    expect(expected.rows.daily_score![0]!.share_of_voice).not.toBeNull();
    expect(read.rows.daily_score).toEqual([
      { ...expected.rows.daily_score![0], share_of_voice: null },
    ]);
    expect(read.rows.traffic_sources).toEqual(expected.rows.traffic_sources);
    expect(read.rows.traffic_sources!.length).toBeGreaterThan(0);
    expect(read.rows.search_series).toEqual(expected.rows.search_series);
    const [first, ...rest] = expected.rows.ranking_rows!;
    expect(read.rows.ranking_rows).toEqual([{ ...first, visibility: null }, ...rest]);
    expect(read.answers).toEqual(expected.answers);
    // The sources' totals are the API's, whatever the reading.
    const search = bodies['/projects/1001/search-performance?source=google&dataset=summary']!;
    expect(read.rows.search_totals).toEqual([
      expect.objectContaining({
        engine: 'google',
        clicks: search.totals.clicks,
        previous_clicks: search.previous_totals.clicks,
        period_end: search.period.end,
      }),
    ]);
    const traffic = bodies['/projects/1001/ai-traffic?dataset=summary']!;
    expect(read.rows.traffic_totals).toEqual([
      expect.objectContaining({
        sessions: traffic.totals.sessions,
        engaged_sessions: traffic.totals.engaged_sessions,
        conversions: traffic.totals.conversions,
      }),
    ]);
  });

  it('reads a body that is not JSON, or not an object, as nothing', () => {
    const broken = stored({ '/projects/1001': {} }).map((body) => ({ ...body, text: 'not json' }));
    expect(deriveDay(broken).rows.daily_score![0]!.score).toBeNull();
    const list = stored({ '/projects/1001/ai-traffic?dataset=sources': { rows: 'x' } });
    expect(deriveDay(list).rows.traffic_sources).toEqual([]);
  });
});
