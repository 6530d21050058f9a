/** Choosing a report period or window for a Looker Studio date range (data-api 8), and cutting series to it. */
import { describe, expect, test } from 'vitest';
import {
  dayOf,
  readRange,
  smallestCovering,
  spanOf,
  withinRange,
} from '../../looker-studio/src/date-range.js';
import { REPORT_PERIODS, SOURCE_WINDOWS } from '../../shared/api/vocabulary.js';

const anchor = dayOf('2026-11-15');
const range = (startDate: string, endDate: string) => ({ startDate, endDate });

describe('spans (data-api 8)', () => {
  test('rolling periods and windows end on the anchor', () => {
    expect(spanOf('last_30_days', anchor)).toEqual([dayOf('2026-10-17'), anchor]);
    expect(spanOf('90d', anchor)).toEqual([dayOf('2026-08-18'), anchor]);
  });
  test('this year and last year are calendar years of the anchor', () => {
    expect(spanOf('this_year', anchor)).toEqual([dayOf('2026-01-01'), anchor]);
    expect(spanOf('last_year', anchor)).toEqual([dayOf('2025-01-01'), dayOf('2025-12-31')]);
  });
});

describe('smallestCovering', () => {
  test.each([
    [range('2026-10-18', '2026-11-14'), 'last_30_days'],
    [range('2026-10-01', '2026-11-14'), 'last_60_days'],
    [range('2026-08-20', '2026-11-30'), 'last_90_days'],
    [range('2026-02-01', '2026-11-14'), 'this_year'],
    [range('2025-03-01', '2025-05-31'), 'last_year'],
    // Nothing covers two years: the one that covers most of the range.
    [range('2025-01-01', '2026-11-15'), 'last_year'],
  ])('report period for %j is %s', (dates, expected) => {
    expect(smallestCovering(REPORT_PERIODS, dates, anchor)).toBe(expected);
  });

  test.each([
    [range('2026-10-20', '2026-11-15'), '30d'],
    [range('2026-09-01', '2026-11-15'), '90d'],
    [range('2024-01-01', '2026-11-15'), '365d'],
  ])('window for %j is %s', (dates, expected) => {
    expect(smallestCovering(SOURCE_WINDOWS, dates, anchor)).toBe(expected);
  });

  test('days after the anchor hold no data and need no longer window', () => {
    expect(smallestCovering(SOURCE_WINDOWS, range('2026-10-17', '2026-12-31'), anchor)).toBe('30d');
  });
});

describe('withinRange', () => {
  const dates = range('2026-10-05', '2026-11-20');
  test.each([
    ['2026-10-05', true],
    ['2026-11-20', true],
    ['2026-10-04', false],
    ['2026-11-21', false],
    ['2026-10', true],
    ['2026-11', true],
    ['2026-09', false],
    [null, false],
    [20261010, false],
  ])('%j is %s', (value, expected) => {
    expect(withinRange(value, dates)).toBe(expected);
  });
});

describe('readRange', () => {
  test.each([
    [{ startDate: '2026-10-01', endDate: '2026-10-31' }, true],
    [{ startDate: '2026-10-31', endDate: '2026-10-01' }, false],
    [{ startDate: '2026-02-30', endDate: '2026-03-01' }, false],
    [{ startDate: 'yesterday', endDate: '2026-10-01' }, false],
    [{ startDate: '2026-10-01' }, false],
    [null, false],
    ['2026-10-01', false],
  ])('%j is usable: %s', (input, usable) => {
    expect(readRange(input) !== undefined).toBe(usable);
  });
});
