/**
 * The report table and the fields derive from the endpoint table and the
 * schemas: every dataset is a report, every field has a Looker type, and the
 * types follow what the schemas say (counts, percents, months, dates).
 */
import { describe, expect, test } from 'vitest';
import { fieldId, lookerValue, reportFields } from '../../looker-studio/src/fields.js';
import { findReport, REPORTS } from '../../looker-studio/src/reports.js';
import { ENDPOINT_NAMES } from '../../shared/api/endpoints.js';
import { RESPONSES } from '../../shared/api/responses.js';
import { SUMMARY_BLOCKS } from '../../shared/api/vocabulary.js';

const LOOKER_TYPES = [
  'YEAR_MONTH_DAY',
  'YEAR_MONTH',
  'YEAR_MONTH_DAY_SECOND',
  'NUMBER',
  'PERCENT',
  'BOOLEAN',
  'TEXT',
  'URL',
  'COUNTRY_CODE',
];

const field = (report: string, id: string) => {
  const found = reportFields(findReport(report)!).find((each) => each.id === id);
  if (!found) throw new Error(`${report} has no field ${id}`);
  return found;
};

describe('reports', () => {
  test('one per endpoint, per dataset of a dataset parameter, per summary block', () => {
    const expected = ENDPOINT_NAMES.flatMap((name) => {
      const side = RESPONSES[name];
      if ('by' in side) return Object.keys(side.schemas).map((value) => `${name}:${value}`);
      if (name === 'summary') return SUMMARY_BLOCKS.map((block) => `summary:${block}`);
      return [name];
    });
    expect(REPORTS.map((report) => report.value)).toEqual(expected);
  });

  test('values are <endpoint> or <endpoint>:<dataset>', () => {
    for (const report of REPORTS) expect(report.value).toMatch(/^[a-z-]+(:[a-z_]+)?$/);
  });
});

describe.each(REPORTS.map((report) => report.value))('fields of %s', (value) => {
  const fields = reportFields(findReport(value)!);
  test('ids are unique and made of letters, digits and underscores', () => {
    expect(new Set(fields.map((each) => each.id)).size).toBe(fields.length);
    for (const each of fields) expect(each.id).toMatch(/^[A-Za-z0-9_]+$/);
  });
  test('types are Looker types; metrics have a default aggregation, dimensions none', () => {
    for (const each of fields) {
      expect(LOOKER_TYPES).toContain(each.type);
      if (each.concept === 'METRIC') expect(['SUM', 'AVG']).toContain(each.aggregation);
      else expect(each.aggregation).toBeUndefined();
      expect(each.description).toContain(`Field ${each.column} of GET /api/v1/`);
    }
  });
});

describe('types follow the schemas', () => {
  test.each([
    ['answers', 'checked_at', 'YEAR_MONTH_DAY_SECOND', 'DIMENSION'],
    ['answers', 'id', 'NUMBER', 'DIMENSION'],
    ['answers', 'on_topic', 'BOOLEAN', 'DIMENSION'],
    ['answers', 'cited_urls', 'TEXT', 'DIMENSION'],
    ['competitors:ranking', 'visibility', 'PERCENT', 'METRIC'],
    ['competitors:ranking', 'mentions', 'NUMBER', 'METRIC'],
    ['competitors:ranking', 'rank', 'NUMBER', 'DIMENSION'],
    ['competitors:history', 'month', 'YEAR_MONTH', 'DIMENSION'],
    ['search-performance:daily', 'date', 'YEAR_MONTH_DAY', 'DIMENSION'],
    ['search-performance:top_queries', 'ctr', 'PERCENT', 'METRIC'],
    ['search-performance:top_queries', 'position', 'NUMBER', 'METRIC'],
    ['search-performance:top_countries', 'country', 'COUNTRY_CODE', 'DIMENSION'],
    ['citations:url', 'url', 'URL', 'DIMENSION'],
    ['action-plan', 'report_url', 'URL', 'DIMENSION'],
    ['projects', 'connections__ga4', 'BOOLEAN', 'DIMENSION'],
    [
      'summary:ai_visibility',
      'performance_comparison__previous_period__start',
      'YEAR_MONTH_DAY',
      'DIMENSION',
    ],
  ])('%s %s is %s, a %s', (report, id, type, concept) => {
    const found = field(report, id);
    expect(found.type).toBe(type);
    expect(found.concept).toBe(concept);
  });

  test('descriptions the schemas give are kept', () => {
    expect(field('answers', 'platform').description).toMatch(/^AI platform: chatgpt, perplexity/);
  });

  test('counts are summed, percents and positions averaged', () => {
    expect(field('competitors:ranking', 'mentions').aggregation).toBe('SUM');
    expect(field('competitors:ranking', 'share_of_voice').aggregation).toBe('AVG');
    expect(field('search-performance:top_queries', 'position').aggregation).toBe('AVG');
  });
});

describe('values', () => {
  test.each([
    ['search-performance:daily', 'date', '2026-11-03', '20261103'],
    ['competitors:history', 'month', '2026-11', '202611'],
    ['answers', 'checked_at', '2026-11-14T07:50:00+02:00', '20261114055000'],
    ['competitors:ranking', 'visibility', 61.5, '0.615'],
    ['search-performance:top_queries', 'ctr', 0.0454, '0.0454'],
    ['citations:url', 'url', 'https://example.com/a', 'https://example.com/a'],
    ['citations:url', 'url', 'javascript:alert(document.cookie)', ''],
    [
      'competitors:ranking',
      'name',
      '=HYPERLINK("http://evil.example","win")',
      '=HYPERLINK("http://evil.example","win")',
    ],
    ['answers', 'on_topic', false, 'false'],
    ['answers', 'prominence_level', null, ''],
  ] as const)('%s %s: %j is %j', (report, id, cell, expected) => {
    expect(lookerValue(field(report, id), cell)).toBe(expected);
  });

  test('field ids keep only letters, digits and underscores', () => {
    expect(fieldId('connections.ga4')).toBe('connections__ga4');
    expect(fieldId('a-b c')).toBe('a_b_c');
  });
});
