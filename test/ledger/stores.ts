/** The stores every ledger suite runs against: the same tests for both engines. */
import { join } from 'node:path';

export interface LedgerLocation {
  engine: string;
  location: (folder: string) => Promise<string>;
}

export function ledgerLocations(): LedgerLocation[] {
  return [{ engine: 'DuckDB', location: async (folder) => join(folder, 'ledger.duckdb') }];
}
