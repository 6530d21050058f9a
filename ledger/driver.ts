/**
 * What the ledger needs of an engine: parameterized SQL ($1, $2, ... in both
 * DuckDB and Postgres), one transaction at a time, plain values back. The
 * store (ledger/store.ts) is written once over it, so both engines pass the
 * same tests (docs/ledger.md, "Engines").
 */
import type { Dialect } from './tables.js';

/** Values in and out: dates as YYYY-MM-DD text, big integers as numbers, blobs as bytes. */
export type SqlValue = string | number | boolean | null | Uint8Array;
export type SqlRow = Record<string, SqlValue>;

export interface SqlDriver {
  readonly dialect: Dialect;
  all(sql: string, params?: readonly SqlValue[]): Promise<SqlRow[]>;
  run(sql: string, params?: readonly SqlValue[]): Promise<void>;
  /** Runs `work` in one transaction: all of it is kept, or none (a killed run leaves no half day). */
  transaction<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Where the ledger lives, for messages: a Postgres URL loses its password (docs/ledger.md, "Safety"). */
export function describeLocation(location: string): string {
  if (!/^postgres(ql)?:\/\//i.test(location)) return location;
  try {
    const url = new URL(location);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return 'postgres://(an address that is not a URL)';
  }
}

export const isPostgresUrl = (location: string) => /^postgres(ql)?:\/\//i.test(location);
