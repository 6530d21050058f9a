import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isFormulaLike, neutralizeFormula, toCsv } from '../../shared/table/csv.js';
import type { Cell } from '../../shared/table/types.js';

/** A small RFC 4180 reader, so the tests check what a spreadsheet would read back. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else field += char;
  }
  expect(field).toBe('');
  expect(record).toEqual([]);
  return records;
}

describe('isFormulaLike', () => {
  it('flags the formula triggers =, +, -, @, tab and CR at the start only', () => {
    for (const text of ['=1+1', '+49 30 1234', '-2', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("x")'])
      expect(isFormulaLike(text), JSON.stringify(text)).toBe(true);
    for (const text of ['', 'a=b', ' =1', 'tent', '1-2', "'=1", '\nx'])
      expect(isFormulaLike(text), JSON.stringify(text)).toBe(false);
  });

  it('neutralizes by a leading apostrophe and leaves other text alone', () => {
    expect(neutralizeFormula('=1+1')).toBe("'=1+1");
    expect(neutralizeFormula('tent')).toBe('tent');
  });
});

describe('toCsv', () => {
  it('writes RFC 4180 with CRLF, quoting commas, quotes and line breaks', () => {
    const csv = toCsv({
      columns: ['name', 'note', 'n', 'ok', 'none'],
      rows: [['Acme, Inc.', 'said "hi"\nthen left', -3.5, true, null]],
    });
    expect(csv).toBe('name,note,n,ok,none\r\n"Acme, Inc.","said ""hi""\nthen left",-3.5,true,\r\n');
  });

  it('neutralizes formula-like text cells and headers, but not numbers', () => {
    const csv = toCsv({
      columns: ['=evil', 'v'],
      rows: [
        ['@SUM(A1)', -5],
        ['-5', 5],
      ],
    });
    const [header, first, second] = parseCsv(csv);
    expect(header).toEqual(["'=evil", 'v']);
    expect(first).toEqual(["'@SUM(A1)", '-5']);
    expect(second).toEqual(["'-5", '5']);
  });

  it('round-trips any table: same shape, text back after the neutralizing apostrophe, no live formula', () => {
    const cell: fc.Arbitrary<Cell> = fc.oneof(
      fc.string(),
      fc.constantFrom('=1+1', '+x', '-x', '@x', '\tx', '\rx', 'a,b', '"q"', 'line\r\nbreak'),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
    );
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 5 })
          .chain((width) =>
            fc.tuple(
              fc.array(fc.string({ minLength: 1 }), { minLength: width, maxLength: width }),
              fc.array(fc.array(cell, { minLength: width, maxLength: width }), { maxLength: 6 }),
            ),
          ),
        ([columns, rows]) => {
          const records = parseCsv(toCsv({ columns, rows }));
          expect(records).toHaveLength(rows.length + 1);
          const expected = [columns, ...rows].map((row) =>
            row.map((value) =>
              value === null
                ? ''
                : typeof value === 'string'
                  ? neutralizeFormula(value)
                  : String(value),
            ),
          );
          expect(records).toEqual(expected);
          for (const record of records)
            for (const field of record)
              expect(isFormulaLike(field) && !/^-?[\d.e+-]+$/i.test(field)).toBe(false);
        },
      ),
    );
  });
});
