import { describe, expect, it } from 'vitest';
import { percentChange, windowSeries } from '../../widget/ai-traffic/traffic-series.js';

const days = (sessions: number[]) =>
  sessions.map((count, index) => ({
    date: `2026-01-${String(index + 1).padStart(2, '0')}`,
    sessions: count,
  }));

describe('windowSeries (the daily series cut to the window)', () => {
  it('keeps the newest days of the window and sums the window before them', () => {
    const series = windowSeries(days([1, 2, 3, 4, 5, 6]), 3);
    expect(series.days.map((row) => row.sessions)).toEqual([4, 5, 6]);
    expect(series.sessions).toBe(15);
    expect(series.previousSessions).toBe(6);
  });

  it('has no previous window when the series does not reach back a whole window', () => {
    const series = windowSeries(days([1, 2, 3, 4, 5]), 3);
    expect(series.sessions).toBe(12);
    expect(series.previousSessions).toBeUndefined();
  });
});

describe('percentChange', () => {
  it('is relative to the previous window, and undefined without one or from zero', () => {
    expect(percentChange(110, 100)).toBeCloseTo(10);
    expect(percentChange(50, 100)).toBeCloseTo(-50);
    expect(percentChange(5, undefined)).toBeUndefined();
    expect(percentChange(5, 0)).toBeUndefined();
  });
});
