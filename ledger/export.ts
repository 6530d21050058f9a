/**
 * A ledger table out to the tools analysts use (docs/ledger.md, "Export"):
 * CSV safe for spreadsheets (formula-like text neutralized by the core's CSV
 * writer, as the Sheets add-on does), NDJSON with a BigQuery JSON schema
 * beside it, Parquet written by DuckDB. Rows are read a page at a time.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { toCsv } from '../shared/table/csv.js';
import type { Cell } from '../shared/table/types.js';
import { openDuckDb } from './duckdb-driver.js';
import { insertRows, type LedgerStore } from './store.js';
import { type ColumnType, createTableSql, type TableDefinition } from './tables.js';

export const EXPORT_FORMATS = ['csv', 'ndjson', 'parquet'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const BIGQUERY_TYPES: Record<ColumnType, string> = {
  integer: 'INTEGER',
  bigint: 'INTEGER',
  double: 'FLOAT',
  text: 'STRING',
  boolean: 'BOOLEAN',
  date: 'DATE',
  blob: 'BYTES',
};

/** The table's BigQuery JSON schema, as `bq load --schema` takes it. */
export function bigQuerySchema(table: TableDefinition) {
  return table.columns.map((column) => ({
    name: column.name,
    type: BIGQUERY_TYPES[column.type],
    mode: column.nullable ? 'NULLABLE' : 'REQUIRED',
    description: column.doc,
  }));
}

const cell = (value: unknown): Cell =>
  value === null || value === undefined
    ? null
    : typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string'
      ? value
      : String(value);

/**
 * Writes the rows of [from, to] as CSV or NDJSON through `write` (a file or
 * stdout); returns the row count.
 */
export async function exportText(
  store: LedgerStore,
  table: TableDefinition,
  format: 'csv' | 'ndjson',
  from: string,
  to: string,
  write: (text: string) => void,
): Promise<number> {
  const columns = table.columns.map((column) => column.name);
  let count = 0;
  if (format === 'csv') write(toCsv({ columns, rows: [] }));
  for await (const page of store.rows(table, from, to)) {
    count += page.length;
    if (format === 'csv') {
      const text = toCsv({
        columns,
        rows: page.map((row) => columns.map((name) => cell(row[name]))),
      });
      // The header was written once, before the first page.
      write(text.slice(text.indexOf('\r\n') + 2));
    } else {
      write(page.map((row) => `${JSON.stringify(row)}\n`).join(''));
    }
  }
  return count;
}

/** Writes the rows of [from, to] as a Parquet file with the table's column types. */
export async function exportParquet(
  store: LedgerStore,
  table: TableDefinition,
  from: string,
  to: string,
  out: string,
): Promise<number> {
  const scratch = await openDuckDb(':memory:');
  let count = 0;
  try {
    const plain = { ...table, primaryKey: table.primaryKey };
    await scratch.run(createTableSql(plain, 'duckdb'));
    for await (const page of store.rows(table, from, to)) {
      count += page.length;
      await insertRows(scratch, table, page);
    }
    rmSync(out, { force: true });
    await scratch.run(`COPY ${table.name} TO '${out.replaceAll("'", "''")}' (FORMAT parquet)`);
  } finally {
    await scratch.close();
  }
  return count;
}

export function writeBigQuerySchema(table: TableDefinition, path: string): void {
  writeFileSync(path, `${JSON.stringify(bigQuerySchema(table), null, 2)}\n`);
}
