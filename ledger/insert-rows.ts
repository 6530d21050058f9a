/** One INSERT for many rows, in both engines' SQL (ledger/driver.ts). */
import type { SqlQueries, SqlRow, SqlValue } from './driver.js';
import type { TableDefinition } from './tables.js';

/** Rows per INSERT: well under Postgres's 65,535 parameters for the widest table. */
const ROWS_PER_INSERT = 200;

/** Inserts rows in chunks, keeping any row whose key is already there (a run again adds nothing). */
export async function insertRows(
  driver: SqlQueries,
  table: TableDefinition,
  rows: readonly SqlRow[],
): Promise<void> {
  const names = table.columns.map((column) => column.name);
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const chunk = rows.slice(start, start + ROWS_PER_INSERT);
    const params: SqlValue[] = [];
    const tuples = chunk.map((row) => {
      const marks = names.map((name) => {
        params.push(row[name] ?? null);
        return `$${params.length}`;
      });
      return `(${marks.join(', ')})`;
    });
    await driver.run(
      `INSERT INTO ${table.name} (${names.join(', ')}) VALUES ${tuples.join(', ')} ON CONFLICT DO NOTHING`,
      params,
    );
  }
}
