/**
 * The link file (docs/agencies.md#where-links-live) kept small: rewritten
 * once it has doubled, without the links past their expiry by the grace
 * period, keeping every other link, revocation and view total; and two
 * writers at once (the `share` command in a process of its own, and the
 * proxy counting views and rewriting the file) losing none of each other's
 * lines.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  COMPACT_FROM_BYTES,
  FileLinkStore,
  parseLinkLines,
} from '../../../proxy/share/file-links.js';
import { STALE_LOCK_MS, withFileLock } from '../../../proxy/share/file-lock.js';
import { LINK_GRACE_MS, type LinkRecord } from '../../../proxy/share/link-store.js';
import { fakeClock } from '../helpers.js';

let folder: string;
let file: string;
const clock = fakeClock();

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'aivis-link-file-'));
  file = join(folder, 'links.jsonl');
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

function record(id: string, expiresInMs: number): LinkRecord {
  return {
    id,
    label: `Link ${id}`,
    project: 1001,
    view: 'aivis-dashboard',
    period: 'last_30_days',
    expires: Math.floor((clock.now() + expiresInMs) / 1000),
    created: clock.now(),
  };
}

describe('rewriting the link file', () => {
  it('drops only the links past their expiry by the grace period, keeping revocations and view totals', async () => {
    const store = new FileLinkStore(file, { now: clock.now });
    await store.create(record('aaaaaaaaaa', 86_400_000));
    await store.create(record('bbbbbbbbbb', 86_400_000));
    await store.create(record('cccccccccc', 86_400_000 + LINK_GRACE_MS + 60_000));
    await store.create(record('dddddddddd', 10 * LINK_GRACE_MS));
    await store.revoke('bbbbbbbbbb', clock.now());
    await store.revoke('dddddddddd', clock.now());
    for (let view = 0; view < 50; view += 1) {
      expect(await store.admit('cccccccccc', clock.now(), 1_000)).toBe('ok');
      await store.flush();
    }
    const before = await store.list();
    // Past a and b's expiry and grace; c and d are still within theirs.
    clock.advance(86_400_000 + LINK_GRACE_MS + 1_000);
    const { before: bytesBefore, after: bytesAfter } = await store.compact();
    expect(bytesAfter).toBeLessThan(bytesBefore / 4);
    const after = await new FileLinkStore(file, { now: clock.now }).list();
    expect(after.map((link) => link.id)).toEqual(['cccccccccc', 'dddddddddd']);
    expect(after).toEqual(before.filter((link) => ['cccccccccc', 'dddddddddd'].includes(link.id)));
    expect(after.find((link) => link.id === 'cccccccccc')?.views).toBe(50);
    // The revoked link within its grace stays revoked.
    expect(await store.admit('dddddddddd', clock.now(), 30)).toBe('revoked');
    expect(await store.get('aaaaaaaaaa')).toBeUndefined();
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('rewrites itself once past its threshold, so views gathered for months stay small', async () => {
    const store = new FileLinkStore(file, { now: clock.now });
    await store.create(record('aaaaaaaaaa', 30 * 86_400_000));
    // Months of a proxy's view lines, as an older release left them.
    const line = `${JSON.stringify({ op: 'views', id: 'aaaaaaaaaa', n: 3, at: clock.now() })}\n`;
    const lines = Math.ceil(COMPACT_FROM_BYTES / line.length);
    await writeFile(file, (await readFile(file, 'utf8')) + line.repeat(lines));
    expect(await store.admit('aaaaaaaaaa', clock.now(), 30)).toBe('ok');
    await store.flush();
    const { size } = await stat(file);
    expect(size).toBeLessThan(1_000);
    expect((await store.list())[0]?.views).toBe(3 * lines + 1);
  });
});

describe('the lock', () => {
  it('takes over a lock left by a writer that died, and leaves none behind', async () => {
    await writeFile(`${file}.lock`, '');
    const longAgo = new Date(Date.now() - STALE_LOCK_MS - 60_000);
    await utimes(`${file}.lock`, longAgo, longAgo);
    const store = new FileLinkStore(file, { now: clock.now });
    await store.create(record('aaaaaaaaaa', 86_400_000));
    expect((await store.list()).map((link) => link.id)).toEqual(['aaaaaaaaaa']);
    await expect(stat(`${file}.lock`)).rejects.toThrow(/ENOENT/);
  });
});

describe('two writers at once', () => {
  it('the share command in another process and the proxy rewriting the file lose no line', async () => {
    const proxy = new FileLinkStore(file);
    await proxy.create(record('aaaaaaaaaa', 30 * 86_400_000));
    const writer = spawn(
      process.execPath,
      ['--import', 'tsx', 'test/proxy/agencies/link-writer.ts', '150'],
      {
        env: {
          ...process.env,
          AIVIS_BASE_URL: 'http://127.0.0.1:9',
          AIVIS_TOKEN: 'aivis_test_entry',
          SHARE_SECRET: 'writer-secret-0123456789abcdef0123456789',
          PUBLIC_URL: 'http://localhost',
          SHARE_FILE: file,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    writer.stdout.on('data', (chunk) => {
      out += chunk;
    });
    writer.stderr.on('data', (chunk) => {
      err += chunk;
    });
    const exited = new Promise<number | null>((resolve) => writer.on('exit', resolve));
    let running = true;
    void exited.then(() => {
      running = false;
    });
    // The proxy meanwhile: counting views and rewriting the whole file, again and again.
    let views = 0;
    let rewrites = 0;
    while (running) {
      expect(await proxy.admit('aaaaaaaaaa', Date.now(), 1_000_000)).toBe('ok');
      views += 1;
      await proxy.flush();
      await proxy.compact();
      rewrites += 1;
    }
    expect(await exited, err).toBe(0);
    const made = JSON.parse(out) as string[];
    expect(made).toHaveLength(150);
    expect(rewrites).toBeGreaterThan(0);
    const state = parseLinkLines(await readFile(file, 'utf8'));
    for (const id of made) expect(state.records.has(id), id).toBe(true);
    expect(state.records.get('aaaaaaaaaa')?.views).toBe(views);
  }, 120_000);
});

describe('a stale lock seen by several writers at once', () => {
  it('is taken over by one of them at a time: no two hold the lock together', async () => {
    await writeFile(`${file}.lock`, '');
    const longAgo = new Date(Date.now() - STALE_LOCK_MS - 60_000);
    await utimes(`${file}.lock`, longAgo, longAgo);
    // A slow file system: what a writer learns of the lock is already old when it acts on it.
    const slowFiles = {
      stat: async (path: string) => {
        const seen = await stat(path);
        for (let turn = 0; turn < 30; turn += 1) await new Promise(setImmediate);
        return seen;
      },
    };
    let holders = 0;
    let most = 0;
    const writer = () =>
      withFileLock(
        file,
        async () => {
          holders += 1;
          most = Math.max(most, holders);
          for (let turn = 0; turn < 60; turn += 1) await new Promise(setImmediate);
          holders -= 1;
        },
        slowFiles,
      );
    await Promise.all(Array.from({ length: 6 }, writer));
    expect(most).toBe(1);
    await expect(stat(`${file}.lock`)).rejects.toThrow(/ENOENT/);
    await expect(stat(`${file}.lock.takeover`)).rejects.toThrow(/ENOENT/);
  });
});
