import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS, type EndpointName } from '../../shared/api/endpoints.js';
import { toTable } from '../../shared/table/normalize.js';
import type { Table } from '../../shared/table/types.js';
import { answerRow, FIXTURES, project } from './table-fixtures.js';

const knownAnswerColumns = toTable('answers', { project: 1 }, { answers: [] }).columns;

function expectRectangular(table: Table): void {
  expect(table.types).toHaveLength(table.columns.length);
  for (const row of table.rows) {
    expect(row).toHaveLength(table.columns.length);
    for (const cell of row) {
      expect(cell === null || ['string', 'number', 'boolean'].includes(typeof cell)).toBe(true);
    }
  }
}

/** Field names the answer schema does not know, including awkward ones. */
const unknownKey = fc
  .oneof(
    fc.string({ minLength: 1, maxLength: 12 }),
    fc.constantFrom('__proto__', 'constructor', 'a.b', '=cmd'),
  )
  .filter((key) => !knownAnswerColumns.includes(key));

const extras = fc.dictionary(unknownKey, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });

/** Same keys, another order: what a server with a different serializer sends. */
const reorder = (row: Record<string, unknown>, order: number[]): Record<string, unknown> => {
  const keys = Object.keys(row);
  const sorted = keys.map((key, index) => ({ key, rank: order[index % order.length] ?? 0 }));
  sorted.sort((a, b) => a.rank - b.rank);
  const out: Record<string, unknown> = {};
  for (const { key } of sorted)
    Object.defineProperty(out, key, {
      value: row[key],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
};

describe('toTable properties (fast-check)', () => {
  it('unknown extra fields never break normalization and always appear as columns', () => {
    fc.assert(
      fc.property(fc.array(extras, { minLength: 1, maxLength: 5 }), (extraSets) => {
        const rows = extraSets.map((extra, index) => {
          const row: Record<string, unknown> = { ...answerRow, id: index };
          for (const [key, value] of Object.entries(extra))
            Object.defineProperty(row, key, {
              value,
              enumerable: true,
              writable: true,
              configurable: true,
            });
          return row;
        });
        const table = toTable('answers', { project: 1001 }, { answers: rows });
        expectRectangular(table);
        expect(table.columns.slice(0, knownAnswerColumns.length)).toEqual(knownAnswerColumns);
        for (const extra of extraSets) {
          for (const key of Object.keys(extra)) expect(table.columns).toContain(key);
        }
      }),
    );
  });

  it('known column order and cells do not depend on the field order of the input', () => {
    const order = fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 1, maxLength: 30 });
    fc.assert(
      fc.property(order, order, (first, second) => {
        const projectRows = [project, { ...project, id: 1002 }];
        const a = toTable(
          'projects',
          {},
          { projects: projectRows.map((row) => reorder(row, first)) },
        );
        const b = toTable(
          'projects',
          {},
          { projects: projectRows.map((row) => reorder(row, second)) },
        );
        expect(a.columns).toEqual(b.columns);
        expect(a.types).toEqual(b.types);
        expect(a.rows).toEqual(b.rows);
        const answers = toTable(
          'answers',
          { project: 1 },
          { answers: [reorder(answerRow, first)] },
        );
        expect(answers.columns).toEqual(knownAnswerColumns);
      }),
    );
  });

  it('any JSON body for any endpoint gives a rectangular table of plain cells', () => {
    const names = Object.keys(ENDPOINTS) as EndpointName[];
    const fixtureQueries = FIXTURES.map((f) => [f.name, f.params] as const);
    fc.assert(
      fc.property(
        fc.constantFrom(...fixtureQueries),
        fc.oneof(
          fc.jsonValue({ maxDepth: 4 }),
          fc.constantFrom(...FIXTURES.map((f) => f.body)).chain((body) =>
            fc
              .record({
                key: fc.constantFrom(...Object.keys(body)),
                value: fc.jsonValue({ maxDepth: 3 }),
              })
              .map(({ key, value }) => ({ ...body, [key]: value })),
          ),
        ),
        ([name, params], body) => {
          expect(names).toContain(name);
          expectRectangular(toTable(name, params, body));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('rows mixing the schema shape with arbitrary values stay rectangular and keep every row', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constant(answerRow)), { maxLength: 8 }),
        (rows) => {
          const table = toTable('answers', { project: 1 }, { answers: [] }, rows);
          expectRectangular(table);
          expect(table.rows).toHaveLength(rows.length);
        },
      ),
    );
  });
});
