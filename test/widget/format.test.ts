/** The widgets' one formatting voice (widget/internal/format.ts): one precision rule per kind of figure. */
import { describe, expect, it } from 'vitest';
import {
  cell,
  columnName,
  formatters,
  periodLabel,
  readableText,
  sourceName,
} from '../../widget/internal/format.js';

const en = formatters('en-US');
const de = formatters('de-DE');

describe('formatters', () => {
  it('groups counts and gives every percentage exactly one decimal', () => {
    expect(en.integer(4551)).toBe('4,551');
    expect(en.count(4551, 'session')).toBe('4,551 sessions');
    expect(en.count(1, 'answer')).toBe('1 answer');
    expect(en.count(1729, 'query', 'queries')).toBe('1,729 queries');
    expect([en.percent(60), en.percent(33.94)]).toEqual(['60.0%', '33.9%']);
    expect([en.score(62), en.decimal(3.456)]).toEqual(['62.0', '3.5']);
    expect([en.delta(3.1), en.delta(-2), en.delta(0)]).toEqual(['+3.1', '-2.0', '0.0']);
  });

  it("follows the locale's separators", () => {
    expect(de.integer(4551)).toBe('4.551');
    expect(de.percent(33.94)).toBe('33,9\u00a0%');
  });

  it('shows dates in one format, a calendar date never shifted by the time zone', () => {
    expect(en.date('2026-11-15')).toBe('Nov 15, 2026');
    expect(en.date('2026-11-15T23:50:00Z')).toBe('Nov 15, 2026');
    expect(en.dateTime('2026-11-15')).toBe('Nov 15, 2026');
    expect(en.dateTime('2026-11-15T07:50:00Z')).toMatch(/^Nov 1[56], 2026, \d{1,2}:50\s?[AP]M$/);
    expect(en.date('not a date')).toBe('not a date');
  });

  it('makes API prose readable: dates, period keys and unit counts', () => {
    expect(readableText('12 answers in last_30_days do not name Brightlane.', en)).toBe(
      '12 answers in the last 30 days do not name Brightlane.',
    );
    expect(readableText('/pricing: 4551 sessions, 12 conversions', en)).toBe(
      '/pricing: 4,551 sessions, 12 conversions',
    );
    expect(readableText('the newest snapshot is from 2026-11-06.', en)).toBe(
      'the newest snapshot is from Nov 6, 2026.',
    );
    expect(readableText('in this_year', en)).toBe('in this year');
  });
});

describe('names', () => {
  it('gives platforms and sources their human names, anything else as sent', () => {
    expect(sourceName('ai_overviews')).toBe('Google AI Overviews');
    expect(sourceName('bing_webmaster_tools')).toBe('Bing Webmaster Tools');
    expect(sourceName('ga4')).toBe('Google Analytics');
    expect(sourceName('constructor')).toBe('constructor');
    expect(sourceName('future_platform')).toBe('future_platform');
  });

  it('spells periods, windows and columns in words', () => {
    expect(periodLabel('last_30_days')).toBe('Last 30 days');
    expect(periodLabel('90d')).toBe('Last 90 days');
    expect(columnName('mention_rate')).toBe('Mention rate');
    expect(columnName('ctr')).toBe('CTR');
  });
});

describe('cell', () => {
  it('formats table cells by column: figures right-aligned, dates, names', () => {
    expect(cell(4551, 'sessions', en)).toEqual({ text: '4,551', numeric: true });
    expect(cell(0.0345, 'ctr', en)).toEqual({ text: '3.5%', numeric: true });
    expect(cell(38.2, 'mention_rate', en)).toEqual({ text: '38.2%', numeric: true });
    expect(cell(4.25, 'position', en)).toEqual({ text: '4.3', numeric: true });
    expect(cell('2026-11-15', 'date', en).text).toBe('Nov 15, 2026');
    expect(cell('ai_overviews', 'platform', en).text).toBe('Google AI Overviews');
    expect(cell(null, 'x', en).text).toBe('—');
    expect(cell(true, 'brand_mentioned', en).text).toBe('Yes');
    expect(cell('x'.repeat(400), 'text', en).text).toHaveLength(281);
  });
});
