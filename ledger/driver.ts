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

/** Statements, one at a time: what a transaction's work runs them on. */
export interface SqlQueries {
  readonly dialect: Dialect;
  all(sql: string, params?: readonly SqlValue[]): Promise<SqlRow[]>;
  run(sql: string, params?: readonly SqlValue[]): Promise<void>;
}

export interface SqlDriver extends SqlQueries {
  /**
   * Runs `work` in one transaction: all of it is kept, or none (a killed run
   * leaves no half day). Its statements go through `tx`; the driver's own
   * `all` and `run` wait until the transaction has ended.
   */
  transaction<T>(work: (tx: SqlQueries) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * An engine's one connection used by one caller at a time. Each engine runs
 * everything on a single connection, where a transaction is a state of the
 * connection: a statement sent by another caller while one is open (the
 * proxy's ledger route reading a series while the day's snapshot completes,
 * a view counted meanwhile) would run inside it, see its half-written rows,
 * and be rolled back with it. Here every statement and every transaction
 * waits its turn; the transaction's own statements go through `tx`.
 */
export function oneAtATime(engine: SqlDriver): SqlDriver {
  let tail: Promise<unknown> = Promise.resolve();
  const turn = <T>(task: () => Promise<T>): Promise<T> => {
    const ran = tail.then(task);
    tail = ran.catch(() => undefined);
    return ran;
  };
  return {
    dialect: engine.dialect,
    all: (sql, params) => turn(() => engine.all(sql, params)),
    run: (sql, params) => turn(() => engine.run(sql, params)),
    transaction: (work) => turn(() => engine.transaction(work)),
    close: () => turn(() => engine.close()),
  };
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
