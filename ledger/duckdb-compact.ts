/**
 * Gives a DuckDB ledger file back the space its checkpoints left free
 * (docs/ledger.md, "File size"). DuckDB rewrites a table's newest row group
 * at each checkpoint and keeps the old blocks as free space it reuses but
 * never returns, so a ledger written a day at a time grows to about twice
 * its data. When more than half the file is free (or its blocks are DuckDB's
 * 256 KiB ones, mostly empty for a ledger's small tables), the data is copied into a
 * fresh file beside it (16 KiB blocks) and the fresh file replaces the old
 * one by a rename: a run killed half-way leaves the old file whole (and a
 * `.compacting` file the next compaction removes).
 */
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { BLOCK_SIZE } from './duckdb-driver.js';

/** Compact only when the free blocks are more than this share of the file. */
export const COMPACT_WHEN_FREE = 0.5;
/** A file smaller than this is never worth a copy. */
const MIN_FILE_BYTES = 1_048_576;

export interface Compaction {
  before: number;
  after: number;
}

const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;

export async function compactDuckDb(path: string): Promise<Compaction | undefined> {
  if (!existsSync(path) || statSync(path).size < MIN_FILE_BYTES) return undefined;
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const temporary = `${path}.compacting`;
  for (const leftover of [temporary, `${temporary}.wal`])
    if (existsSync(leftover)) rmSync(leftover);
  const instance = await DuckDBInstance.create(path);
  const connection = await instance.connect();
  try {
    const [size] = (await connection.runAndReadAll('PRAGMA database_size')).getRowObjectsJS();
    const free = Number(size?.free_blocks ?? 0);
    const total = Number(size?.total_blocks ?? 0);
    // A file of DuckDB's 256 KiB blocks (the first ledgers) is mostly empty blocks: copied once.
    const largeBlocks = Number(size?.block_size) !== BLOCK_SIZE;
    if (total === 0 || (!largeBlocks && free / total <= COMPACT_WHEN_FREE)) return undefined;
    const [current] = (
      await connection.runAndReadAll('SELECT current_database() AS name')
    ).getRowObjectsJS();
    const name = String(current?.name).replaceAll('"', '""');
    await connection.run(`ATTACH ${quoted(temporary)} AS compacted (BLOCK_SIZE ${BLOCK_SIZE})`);
    await connection.run(`COPY FROM DATABASE "${name}" TO compacted`);
    await connection.run('DETACH compacted');
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
  // A copy whose last writes are still in a log is not whole yet: keep the old file.
  if (existsSync(`${temporary}.wal`)) throw new Error(`${temporary} was left with a log`);
  const before = statSync(path).size;
  renameSync(temporary, path);
  return { before, after: statSync(path).size };
}
