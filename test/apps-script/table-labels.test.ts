/**
 * What a formula's table says about itself: the summary's search and
 * AI-traffic blocks are 30-day totals whatever the period (data-api 2.2), a
 * competitor detail names the brand a fragment matched, and `limit=5` gives
 * five rows and says so instead of "the first 5000 of 2880".
 */
import { describe, expect, test } from 'vitest';
import { useSandbox } from './fakes/context.js';

const suite = useSandbox();
type Grid = unknown[][];

describe('tables that say what they hold', () => {
  test("AIVIS_SUMMARY's search and ai_traffic blocks read as the last 30 days, whatever the period", () => {
    const addon = suite.load();
    const grid = addon.call(
      'AIVIS_SUMMARY',
      1001,
      'ai_visibility,search,ai_traffic',
      'last_90_days',
    ) as Grid;
    const blocks = new Set(grid.slice(1).map((row) => row[0]));
    expect(blocks).toContain('search (last 30 days)');
    expect(blocks).toContain('ai_traffic (last 30 days)');
    expect(blocks).toContain('ai_visibility');
    expect(blocks).not.toContain('search');
  });

  test('a competitor detail names the brand its platform rows are about, the own brand included', () => {
    const addon = suite.load();
    const grid = addon.call('AIVIS_COMPETITORS', 1001, 'detail', 'competitor=a') as Grid;
    expect(grid[0]?.slice(0, 2)).toEqual(['brand', 'platform']);
    expect(new Set(grid.slice(1).map((row) => row[0]))).toEqual(new Set(['Brightlane']));
  });

  test('limit=5 gives five rows, in one request, and says how to get more', async () => {
    const addon = suite.load();
    const mark = (await suite.sandbox.log()).length;
    const grid = addon.call('AIVIS_ANSWERS', 1001, 'limit=5') as Grid;
    expect(await suite.sandbox.since(mark)).toHaveLength(1);
    expect(grid).toHaveLength(1 + 5 + 1);
    const last = String(grid.at(-1)?.[0]);
    expect(last).toMatch(/^Showing the first 5 of \d+ rows\. limit=5 asked for 5; leave limit out/);
    expect(last).not.toContain('5000');
  });
});
