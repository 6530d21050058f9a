/**
 * What getSchema offers from a sample of the answer (docs/looker-studio.md):
 * an assumed field the sample lacks is left out, a field the Data API
 * document names is kept even when empty, the answer's own columns are
 * offered typed from their values, and without a sample the schema's
 * fields are offered as they are.
 */
import { describe, expect, test } from 'vitest';
import { reportFields } from '../../looker-studio/src/fields.js';
import { findReport } from '../../looker-studio/src/reports.js';
import { absentField, offeredFields, skippedNote } from '../../looker-studio/src/sampled-fields.js';
import type { ColumnType } from '../../shared/table/types.js';

const answers = findReport('answers')!;
const known = reportFields(answers);
const columns = known.map((field) => field.column);

/** Sample rows of the answers report: every known column filled except `empty`, plus `extra` columns. */
function sample(empty: string[], extra: Array<[string, ColumnType, unknown]> = []) {
  const row = columns.map((column) => (empty.includes(column) ? null : 'x'));
  return {
    columns: [...columns, ...extra.map(([name]) => name)],
    types: [...known.map(() => 'text' as ColumnType), ...extra.map(([, type]) => type)],
    rows: [[...row, ...extra.map(([, , value]) => value)]],
  };
}

describe('offeredFields', () => {
  test('an assumed field no sample row holds is not offered; a named one is, even empty', () => {
    const offered = offeredFields(answers, sample(['search_queries', 'brand_drawback']));
    const names = offered.map((field) => field.column);
    expect(known.find((field) => field.column === 'search_queries')?.assumed).toBe(true);
    expect(names).not.toContain('search_queries');
    expect(names).toContain('brand_drawback');
    expect(names).toContain('prominence_level');
  });

  test('columns only the answer has are offered after the schema’s, typed from their values', () => {
    const offered = offeredFields(
      answers,
      sample(
        [],
        [
          ['sessions', 'integer', 3],
          ['share', 'number', 0.4],
          ['first_seen', 'date', '2026-11-01'],
          ['is_new', 'boolean', true],
          ['note', 'text', 'hi'],
          ['meta.kind', 'text', 'x'],
        ],
      ),
    );
    const extras = offered.slice(known.length);
    expect(offered.slice(0, known.length).map((field) => field.column)).toEqual(columns);
    expect(extras.map(({ id, type, concept }) => [id, type, concept])).toEqual([
      ['sessions', 'NUMBER', 'METRIC'],
      ['share', 'NUMBER', 'METRIC'],
      ['first_seen', 'YEAR_MONTH_DAY', 'DIMENSION'],
      ['is_new', 'BOOLEAN', 'DIMENSION'],
      ['note', 'TEXT', 'DIMENSION'],
      ['meta__kind', 'TEXT', 'DIMENSION'],
    ]);
    for (const field of extras) {
      if (field.concept === 'METRIC') expect(['SUM', 'AVG']).toContain(field.aggregation);
      else expect(field.aggregation).toBeUndefined();
    }
  });

  test('a name Looker cannot use as a field id ("" and the like) is skipped with a note, never fatal', () => {
    const skipped: string[] = [];
    const offered = offeredFields(
      answers,
      sample(
        [],
        [
          ['', 'text', 'empty key'],
          ['😀', 'text', 'emoji only'],
          ['--', 'integer', 2],
          ['x'.repeat(300), 'text', 'long'],
          ['ok_field', 'text', 'kept'],
          ['ok-field', 'text', 'same id as ok_field'],
        ],
      ),
      skipped,
    );
    // Looker Studio refuses the whole schema for one field id it cannot take.
    for (const field of offered) expect(field.id).toMatch(/^(?=.*[A-Za-z0-9])[A-Za-z0-9_]{1,100}$/);
    expect(offered.slice(known.length).map((field) => field.column)).toEqual(['ok_field']);
    expect(skipped).toEqual(['', '😀', '--', 'x'.repeat(300), 'ok-field']);
    const note = skippedNote(skipped)!;
    expect(note).toMatch(
      /^aivis: 5 field\(s\) of the service's answer have a name Looker Studio cannot use/,
    );
    expect(note).toContain('"", "😀", "--"');
    expect(skippedNote([])).toBeUndefined();
  });

  test('without a sample (no rows, or the read failed) the schema’s fields are offered', () => {
    expect(offeredFields(answers, undefined)).toEqual(known);
    expect(offeredFields(answers, { ...sample([]), rows: [] })).toEqual(known);
  });

  test('a field found nowhere is an empty text dimension under the id asked for', () => {
    expect(absentField('gone')).toMatchObject({ id: 'gone', column: '', type: 'TEXT' });
  });
});
