/**
 * Client links in one file (SHARE_FILE, docs/agencies.md#where-links-live),
 * for a single Node proxy and the `share` command on the same machine. Node only.
 *
 * The file is JSON lines: `{"op":"create",...record}`, `{"op":"revoke","id","at"}`,
 * and from the proxy `{"op":"views","id","n","at"}`, a link's views gathered
 * over a few seconds. Writers append under the lock of file-lock.ts; once the
 * file has doubled since it was last written whole, the writer that appended
 * rewrites it, still under the lock: one line per link, revocation and view
 * total, without the links past their expiry by LINK_GRACE_MS, into a new
 * file renamed over the old one (a reader sees the old file or the new one,
 * never half of either). Each view re-reads the file when its size, time or
 * inode changed, so a revocation holds from the next view on.
 */
import { randomBytes } from 'node:crypto';
import { appendFile, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { withFileLock } from './file-lock.js';
import {
  type Admission,
  LINK_GRACE_MS,
  LinkMinutes,
  type LinkRecord,
  type LinkStatus,
  type LinkStore,
  MAX_LINKS,
  readRecord,
} from './link-store.js';

/** A longer file is not read whole: the command says to start a new one. */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;
/** The file is rewritten once past twice its last rewritten size, and never below this. */
export const COMPACT_FROM_BYTES = 256 * 1024;
/** Views are written at most this often per file. */
const FLUSH_EVERY_MS = 5_000;

export interface FileLinkOptions {
  /** The clock of expiry and grace (tests inject one). */
  now?: () => number;
  /** Tests: runs while a rewrite holds the lock, between reading the file and renaming the new one. */
  beforeRename?: () => Promise<void>;
}

interface FileState {
  records: Map<string, LinkStatus>;
  revoked: Set<string>;
}

export class FileLinkStore implements LinkStore {
  readonly where: string;
  readonly #path: string;
  readonly #minutes = new LinkMinutes();
  readonly #pending = new Map<string, { n: number; at: number }>();
  #seen = '';
  #state: FileState = { records: new Map(), revoked: new Set() };
  #flushTimer: ReturnType<typeof setTimeout> | undefined;
  #compactFrom = COMPACT_FROM_BYTES;
  readonly #now: () => number;
  readonly #beforeRename: (() => Promise<void>) | undefined;

  constructor(path: string, options: FileLinkOptions = {}) {
    this.#path = path;
    this.where = `file ${path}`;
    this.#now = options.now ?? Date.now;
    this.#beforeRename = options.beforeRename;
  }

  async create(record: LinkRecord): Promise<void> {
    await withFileLock(this.#path, async () => {
      if ((await this.#read()).records.size >= MAX_LINKS) {
        throw new Error(
          `it holds ${MAX_LINKS} links; revoke some, or wait until they are ${LINK_GRACE_MS / 86_400_000} days past their expiry`,
        );
      }
      await this.#appendLocked([{ op: 'create', ...record }]);
    });
  }

  async get(id: string): Promise<LinkRecord | undefined> {
    const status = (await this.#read()).records.get(id);
    if (!status) return undefined;
    const { views: _views, lastView: _lastView, revoked: _revoked, ...record } = status;
    return record;
  }

  async list(): Promise<LinkStatus[]> {
    await this.flush();
    const state = await this.#read();
    return [...state.records.values()];
  }

  async revoke(id: string, at: number): Promise<boolean> {
    const known = (await this.#read()).records.has(id);
    await this.#append({ op: 'revoke', id, at });
    return known;
  }

  async admit(id: string, at: number, perMinute: number): Promise<Admission> {
    const state = await this.#read();
    if (state.revoked.has(id)) return 'revoked';
    if (!this.#minutes.take(id, at, perMinute)) return 'limited';
    const pending = this.#pending.get(id) ?? { n: 0, at };
    pending.n += 1;
    pending.at = at;
    this.#pending.set(id, pending);
    // A flush that fails (the lock held too long) loses those views, never a link.
    this.#flushTimer ??= setTimeout(() => void this.flush().catch(() => undefined), FLUSH_EVERY_MS);
    this.#flushTimer.unref?.();
    return 'ok';
  }

  /** Writes the views gathered so far (the proxy does every few seconds, and when it stops). */
  async flush(): Promise<void> {
    if (this.#flushTimer) clearTimeout(this.#flushTimer);
    this.#flushTimer = undefined;
    if (this.#pending.size === 0) return;
    const lines = [...this.#pending].map(([id, { n, at }]) => ({ op: 'views', id, n, at }));
    this.#pending.clear();
    await this.#append(...lines);
  }

  async close(): Promise<void> {
    await this.flush();
  }

  async #append(...entries: object[]): Promise<void> {
    await withFileLock(this.#path, () => this.#appendLocked(entries));
  }

  /** Appends, then rewrites the file if it has doubled; the caller holds the lock. */
  async #appendLocked(entries: object[]): Promise<void> {
    await appendFile(this.#path, entries.map((entry) => `${JSON.stringify(entry)}\n`).join(''), {
      mode: 0o600,
    });
    const { size } = await stat(this.#path);
    if (size >= this.#compactFrom) await this.#compactLocked();
  }

  /** Rewrites the file now (the `share` command's and the tests' way in); see the top of the file. */
  async compact(): Promise<{ before: number; after: number }> {
    return withFileLock(this.#path, () => this.#compactLocked());
  }

  async #compactLocked(): Promise<{ before: number; after: number }> {
    const state = await this.#read();
    const before = (await stat(this.#path)).size;
    const oldest = this.#now() - LINK_GRACE_MS;
    const lines: string[] = [];
    for (const status of state.records.values()) {
      if (status.expires * 1000 <= oldest) continue;
      const { views, lastView, revoked, ...record } = status;
      lines.push(JSON.stringify({ op: 'create', ...record }));
      if (revoked !== undefined)
        lines.push(JSON.stringify({ op: 'revoke', id: record.id, at: revoked }));
      if (views > 0) {
        lines.push(JSON.stringify({ op: 'views', id: record.id, n: views, at: lastView ?? 0 }));
      }
    }
    const text = lines.map((line) => `${line}\n`).join('');
    const next = `${this.#path}.${randomBytes(6).toString('hex')}.tmp`;
    const handle = await open(next, 'wx', 0o600);
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await this.#beforeRename?.();
      await rename(next, this.#path);
    } catch (error) {
      await unlink(next).catch(() => undefined);
      throw error;
    }
    const after = Buffer.byteLength(text);
    this.#compactFrom = Math.max(COMPACT_FROM_BYTES, 2 * after);
    return { before, after };
  }

  /** The file's links, read again only when it changed. */
  async #read(): Promise<FileState> {
    let info: Awaited<ReturnType<typeof stat>>;
    try {
      info = await stat(this.#path);
    } catch {
      return this.#state;
    }
    const seen = `${info.size}:${info.mtimeMs}:${info.ino}`;
    if (seen === this.#seen) return this.#state;
    if (info.size > MAX_FILE_BYTES) {
      throw new Error(
        `${this.where} is larger than ${MAX_FILE_BYTES / 1024 / 1024} MiB; move it aside and make the links that still matter again`,
      );
    }
    this.#state = parseLinkLines(await readFile(this.#path, 'utf8'));
    this.#seen = seen;
    return this.#state;
  }
}

/** The links a file's lines describe; a line that is not one of ours is skipped. */
export function parseLinkLines(text: string): FileState {
  const records = new Map<string, LinkStatus>();
  const revoked = new Set<string>();
  const revokedAt = new Map<string, number>();
  const views = new Map<string, { n: number; at: number }>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    let entry: Record<string, unknown>;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (typeof entry !== 'object' || entry === null || typeof entry.id !== 'string') continue;
    const id = entry.id;
    if (entry.op === 'create') {
      const record = readRecord(entry);
      if (record && records.size < MAX_LINKS && !records.has(id)) {
        records.set(id, { ...record, views: 0 });
      }
    } else if (entry.op === 'revoke' && Number.isSafeInteger(entry.at)) {
      revoked.add(id);
      if (!revokedAt.has(id)) revokedAt.set(id, entry.at as number);
    } else if (
      entry.op === 'views' &&
      Number.isSafeInteger(entry.n) &&
      (entry.n as number) > 0 &&
      Number.isSafeInteger(entry.at)
    ) {
      const total = views.get(id) ?? { n: 0, at: 0 };
      total.n = Math.min(Number.MAX_SAFE_INTEGER, total.n + (entry.n as number));
      total.at = Math.max(total.at, entry.at as number);
      views.set(id, total);
    }
  }
  for (const [id, status] of records) {
    const seen = views.get(id);
    if (seen) {
      status.views = seen.n;
      status.lastView = seen.at;
    }
    const at = revokedAt.get(id);
    if (at !== undefined) status.revoked = at;
  }
  return { records, revoked };
}
