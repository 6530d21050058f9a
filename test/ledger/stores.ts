/** The stores every ledger suite runs against: the same tests for both engines. */
import { join } from 'node:path';
import { startPostgres } from './postgres-server.js';

export interface LedgerLocation {
  engine: string;
  location: (folder: string) => Promise<string>;
}

let files = 0;

export function ledgerLocations(): LedgerLocation[] {
  return [
    { engine: 'DuckDB', location: async (folder) => join(folder, `ledger-${++files}.duckdb`) },
    { engine: 'Postgres', location: async () => (await startPostgres()).database() },
  ];
}
