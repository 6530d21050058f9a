/**
 * The shared engine: Postgres, which Looker Studio and Apps Script's JDBC
 * reach natively and several machines can write to (docs/ledger.md).
 */
import type { SqlDriver, SqlQueries, SqlRow, SqlValue } from './driver.js';

const DATE_OID = 1082;
const INT8_OID = 20;

const toPostgres = (value: SqlValue) => (value instanceof Uint8Array ? Buffer.from(value) : value);

export async function openPostgres(url: string): Promise<SqlDriver> {
  // Loaded when a ledger is opened: the proxy's bundle carries no engine it does not use.
  const { default: pg } = await import('pg');
  const client = new pg.Client({
    connectionString: url,
    // Dates stay YYYY-MM-DD text and BIGINT ids numbers, as the DuckDB driver gives them.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (oid === DATE_OID) return (text: string) => text;
        if (oid === INT8_OID) return (text: string) => Number(text);
        return pg.types.getTypeParser(oid, format as 'text');
      }) as typeof pg.types.getTypeParser,
    },
  });
  await client.connect();
  const queries: SqlQueries = {
    dialect: 'postgres',
    async all(sql, params = []) {
      const result = await client.query(sql, params.map(toPostgres));
      return result.rows.map((row: Record<string, unknown>) => {
        const plain: SqlRow = {};
        for (const [key, value] of Object.entries(row))
          plain[key] = Buffer.isBuffer(value) ? new Uint8Array(value) : (value as SqlValue);
        return plain;
      });
    },
    async run(sql, params = []) {
      await client.query(sql, params.map(toPostgres));
    },
  };
  return {
    ...queries,
    async transaction(work) {
      await client.query('BEGIN');
      try {
        const result = await work(queries);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    },
    async close() {
      await client.end();
    },
  };
}
