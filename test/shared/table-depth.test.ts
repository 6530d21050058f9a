/**
 * Unknown fields can nest without bound: 2,000 levels are about 10 KB of
 * JSON. toTable and toCsv must not overflow the stack; past MAX_DEPTH the
 * value is cut short and the table's notes say so. Unknown keys can be new in
 * every row: past MAX_EXTRA_COLUMNS they get no column, and the notes say so.
 */
import { describe, expect, it } from 'vitest';
import { CUT_SHORT, MAX_DEPTH } from '../../shared/table/cells.js';
import { MAX_EXTRA_COLUMNS } from '../../shared/table/columns.js';
import { toCsv } from '../../shared/table/csv.js';
import { toTable } from '../../shared/table/normalize.js';

/** `{"a":{"a":...{"a":"bottom"}}}` nested `levels` deep, built without recursion. */
function nested(levels: number, kind: 'object' | 'array' = 'object'): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < levels; level++)
    value = kind === 'object' ? { a: value } : [value, 1];
  return value;
}

const period = {
  requested: 'last_30_days',
  used: 'last_30_days',
  start: '2026-10-17',
  end: '2026-11-15',
};

describe('deeply nested unknown fields', () => {
  it('a 2,000-deep unknown field of a row is one cut-short cell, with a note (about 10 KB of JSON)', () => {
    const deep = nested(2_000);
    expect(JSON.stringify(deep).length).toBeGreaterThan(9_000);
    const body = {
      projects: [{ id: 1, brand_name: 'Acme', surprise: deep, list: nested(2_000, 'array') }],
    };
    const table = toTable('projects', {}, body);
    const row = table.rows[0]!;
    const surprise = row[table.columns.indexOf('surprise')] as string;
    expect(surprise).toContain(CUT_SHORT);
    expect(surprise.length).toBeLessThan(1_000);
    expect(row[table.columns.indexOf('list')]).toContain(CUT_SHORT);
    expect(table.notes.join(' ')).toMatch(
      new RegExp(`more than ${MAX_DEPTH} levels deep are cut short`),
    );
    expect(toCsv(table)).toContain(CUT_SHORT);
  });

  it('a 2,000-deep field of a key/value body (summary) becomes bounded rows, with a note', () => {
    const body = {
      id: 1001,
      included: ['profile'],
      period,
      profile: { brand: 'Acme', extra: nested(2_000) },
    };
    const table = toTable('summary', { project: 1001 }, body);
    const extra = table.rows.filter((row) => String(row[1]).startsWith('extra'));
    expect(extra).toHaveLength(1);
    expect(String(extra[0]![1]).split('.').length).toBeLessThanOrEqual(MAX_DEPTH + 1);
    expect(String(extra[0]![2])).toContain(CUT_SHORT);
    expect(table.notes.some((note) => note.includes('cut short'))).toBe(true);
    expect(() => toCsv(table)).not.toThrow();
  });

  it('an envelope field nested 2,000 deep becomes a bounded note', () => {
    const body = {
      answers: [],
      pagination: { offset: 0, limit: 25, returned: 0, total: 0, has_more: false },
      period,
      debug: nested(2_000),
    };
    const table = toTable('answers', { project: 1001 }, body);
    expect(table.notes.find((note) => note.startsWith('debug'))).toContain(CUT_SHORT);
  });

  it('shallow bodies are shown whole and get no note', () => {
    const table = toTable('projects', {}, { projects: [{ id: 1, surprise: nested(MAX_DEPTH) }] });
    expect(String(table.rows[0]![table.columns.indexOf('surprise')])).toContain('bottom');
    expect(table.notes.some((note) => note.includes('cut short'))).toBe(false);
  });
});

describe('unknown fields without end', () => {
  it('1,000 rows each naming a new key get at most MAX_EXTRA_COLUMNS columns beside the known ones, and a note', () => {
    const projects = Array.from({ length: 1_000 }, (_, index) => ({
      id: index + 1,
      brand_name: `Brand ${index}`,
      [`surprise_${index}`]: index,
    }));
    const known = toTable('projects', {}, { projects: [] }).columns.length;
    const table = toTable('projects', {}, { projects });
    expect(table.columns.length).toBe(known + MAX_EXTRA_COLUMNS);
    expect(table.rows).toHaveLength(1_000);
    for (const row of table.rows) expect(row).toHaveLength(table.columns.length);
    // The first rows' own fields keep their columns and values.
    expect(table.rows[0]![table.columns.indexOf('surprise_0')]).toBe(0);
    expect(table.columns).not.toContain(`surprise_${MAX_EXTRA_COLUMNS}`);
    expect(table.notes.join(' ')).toContain(
      `at most ${MAX_EXTRA_COLUMNS} columns; ${1_000 - MAX_EXTRA_COLUMNS} more values were left out`,
    );
  });
});
