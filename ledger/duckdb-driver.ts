/**
 * The embedded engine: one DuckDB file (docs/ledger.md, "Why DuckDB" has the
 * measurements behind the choice).
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import type { SqlDriver, SqlQueries, SqlRow, SqlValue } from './driver.js';

function fromDuckDb(value: unknown): SqlValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return Number(value);
  // DATE columns come back as Dates at midnight UTC.
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (value instanceof Uint8Array) return new Uint8Array(value);
  return value as SqlValue;
}

/** Bytes per block of a new ledger file (DuckDB's smallest; files need DuckDB 1.2 or later to open). */
export const BLOCK_SIZE = 16_384;

export async function openDuckDb(path: string): Promise<SqlDriver> {
  // Loaded when a ledger is opened: the proxy's bundle carries no engine it does not use.
  const { blobValue, DuckDBInstance } = await import('@duckdb/node-api');
  const toDuckDb = (value: SqlValue) => (value instanceof Uint8Array ? blobValue(value) : value);
  // 16 KiB blocks for a new file instead of DuckDB's 256 KiB: each of the ledger's tables takes
  // whole blocks, so a small ledger was mostly empty blocks (docs/ledger.md, "File size"). A file
  // keeps the block size it was made with, so an older ledger opens as it is.
  const instance = await DuckDBInstance.create(path, { default_block_size: String(BLOCK_SIZE) });
  const connection: DuckDBConnection = await instance.connect();
  const queries: SqlQueries = {
    dialect: 'duckdb',
    async all(sql, params = []) {
      const reader = await connection.runAndReadAll(sql, params.map(toDuckDb));
      return reader.getRowObjectsJS().map((row) => {
        const plain: SqlRow = {};
        for (const [key, value] of Object.entries(row)) plain[key] = fromDuckDb(value);
        return plain;
      });
    },
    async run(sql, params = []) {
      await connection.run(sql, params.map(toDuckDb));
    },
  };
  return {
    ...queries,
    async transaction(work) {
      await connection.run('BEGIN TRANSACTION');
      try {
        const result = await work(queries);
        await connection.run('COMMIT');
        return result;
      } catch (error) {
        await connection.run('ROLLBACK');
        throw error;
      }
    },
    async close() {
      connection.closeSync();
      instance.closeSync();
    },
  };
}
