import { describe, expect, it } from 'vitest';
import type { CompetitorHistory } from '../../shared/schemas/competitors.js';
import { isPartialMonth, trendOf } from '../../widget/visibility-trend/trend-series.js';

const brand = (name: string, rank: number, visibility: number, own = false) => ({
  name,
  rank,
  visibility,
  is_own_brand: own,
  mentions: 1,
});

const history = (latest?: string): CompetitorHistory => ({
  dataset: 'history',
  history: [
    {
      month: '2026-11',
      brands: [brand('B', 1, 50), brand('Own', 2, 40, true), brand('C', 3, 30), brand('D', 4, 20)],
    },
    { month: '2026-10', brands: [brand('C', 1, 60), brand('Old own name', 2, 35, true)] },
  ],
  pagination: { offset: 0, limit: 12, returned: 2, total: 2, has_more: false },
  ...(latest ? { latest_check_at: latest } : {}),
});

describe('trendOf (competitors history as chart series)', () => {
  it('puts months oldest first and the own brand first, by its newest name', () => {
    const trend = trendOf(history(), 2);
    expect(trend.months).toEqual(['2026-10', '2026-11']);
    expect(trend.series.map((series) => series.name)).toEqual(['Own', 'B', 'C']);
    expect(trend.series[0]!.values).toEqual([35, 40]);
  });

  it('takes the competitors by their newest rank, with gaps where a brand has no snapshot', () => {
    const trend = trendOf(history(), 3);
    expect(trend.series.slice(1).map((series) => [series.name, series.values])).toEqual([
      ['B', [null, 50]],
      ['C', [60, 30]],
      ['D', [null, 20]],
    ]);
  });

  it('draws the own brand alone with competitors 0, and at most 5 competitors', () => {
    expect(trendOf(history(), 0).series.map((series) => series.name)).toEqual(['Own']);
    expect(trendOf(history(), 99).series).toHaveLength(4);
  });

  it('marks the newest month partial while checks continue in it', () => {
    const partial = trendOf(history('2026-11-14T04:00:00Z'), 1);
    expect(partial.partialIndex).toBe(1);
    expect(partial.lastFullIndex).toBe(0);
    const complete = trendOf(history('2026-11-30T23:00:00Z'), 1);
    expect(complete.partialIndex).toBeUndefined();
    expect(complete.lastFullIndex).toBe(1);
    expect(trendOf(history(), 1).partialIndex).toBeUndefined();
  });

  it('knows the length of each month', () => {
    expect(isPartialMonth('2024-02', '2024-02-28')).toBe(true);
    expect(isPartialMonth('2024-02', '2024-02-29')).toBe(false);
    expect(isPartialMonth('2026-02', '2026-02-28')).toBe(false);
    expect(isPartialMonth('2026-11', '2026-10-31')).toBe(false);
  });
});
