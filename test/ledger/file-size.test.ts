/**
 * The DuckDB ledger's size (docs/ledger.md, "File size"): new files use
 * 16 KiB blocks, and a snapshot gives back the space checkpoints left free
 * once it is more than half the file, by a copy that keeps every row and
 * every key (a second run of the day still adds nothing). A file of
 * DuckDB's default 256 KiB blocks opens as it is and is compacted into
 * small blocks.
 */
import { copyFileSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMPACT_WHEN_FREE, compactDuckDb } from '../../ledger/duckdb-compact.js';
import { openLedger } from '../../ledger/store.js';
import { dayAfterDefault, FakeClock, sandboxOn, snapshot, temporaryFolder } from './fixtures.js';

const temp = temporaryFolder();
afterAll(() => temp.remove());

async function sizeOf(file: string) {
  const store = await openLedger(file);
  try {
    const [size] = await store.driver.all('PRAGMA database_size');
    const rows: Record<string, number> = {};
    for (const table of ['bodies', 'answers', 'daily_score', 'search_lists', 'questions'])
      rows[table] = Number((await store.driver.all(`SELECT COUNT(*) AS n FROM ${table}`))[0]!.n);
    return {
      blockSize: Number(size!.block_size),
      free: Number(size!.free_blocks) / Number(size!.total_blocks),
      rows,
    };
  } finally {
    await store.close();
  }
}

describe('the DuckDB ledger file', () => {
  it('uses small blocks, stays at most half free after each run, and keeps every row and key', async () => {
    const file = join(temp.folder, 'size.duckdb');
    const clock = new FakeClock();
    for (let offset = 1; offset <= 4; offset++) {
      const day = sandboxOn(dayAfterDefault(offset), clock);
      clock.ms += 61_000;
      const run = await snapshot(day, clock, file, { args: ['--project', '1001'] });
      expect(run.code).toBe(0);
      const size = await sizeOf(file);
      expect(size.blockSize).toBe(16_384);
      expect(size.free).toBeLessThanOrEqual(COMPACT_WHEN_FREE);
      clock.ms += 86_400_000;
    }
    expect(existsSync(`${file}.compacting`)).toBe(false);
    // A compaction that runs keeps the rows, and the keys: the same day again adds nothing.
    const before = await sizeOf(file);
    const day = sandboxOn(dayAfterDefault(4), clock);
    clock.ms += 61_000;
    const again = await snapshot(day, clock, file, { args: ['--project', '1001'] });
    expect(again.code).toBe(0);
    expect((await sizeOf(file)).rows).toEqual(before.rows);
  }, 600_000);

  it('opens a file of 256 KiB blocks as it is, and compacts it into small blocks without a row lost', async () => {
    const { DuckDBInstance } = await import('@duckdb/node-api');
    const file = join(temp.folder, 'large-blocks.duckdb');
    // A ledger as the first version wrote it: DuckDB's default blocks.
    const instance = await DuckDBInstance.create(file);
    instance.closeSync();
    const clock = new FakeClock();
    const day = sandboxOn(dayAfterDefault(1), clock);
    const store = await openLedger(file);
    await store.close();
    const copy = join(temp.folder, 'large-blocks-copy.duckdb');
    copyFileSync(file, copy);
    expect((await sizeOf(file)).blockSize).toBe(262_144);
    const run = await snapshot(day, clock, copy, { args: ['--project', '1001'] });
    expect(run.code).toBe(0);
    const kept = await sizeOf(copy);
    // The 256 KiB blocks were mostly free: the snapshot compacted the file into small ones.
    expect(kept.blockSize).toBe(16_384);
    expect(kept.rows.bodies).toBeGreaterThan(0);
    expect(statSync(copy).size).toBeLessThan(statSync(file).size + 10 * 262_144);
    expect(await compactDuckDb(copy)).toBeUndefined();
  }, 300_000);
});
