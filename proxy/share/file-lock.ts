/**
 * One writer at a time on the link file (docs/agencies.md#where-links-live):
 * the `share` command and the proxy both append to it, and either may
 * rewrite it smaller (file-links.ts). A lock file made with O_EXCL beside it
 * is the lock: portable, and seen by every process on the machine. A lock
 * older than STALE_LOCK_MS was left by a writer that died (a hold lasts
 * milliseconds), and is taken over by one writer at a time (a second lock
 * file, held while the first is judged and removed). Node only.
 */
import { open, stat, unlink } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

/** A hold is one append or one rewrite of at most 16 MiB: far below this. */
export const STALE_LOCK_MS = 30_000;
/** How long a writer waits for the lock before it gives up with a message. */
const WAIT_MS = 10_000;
const RETRY_MS = 10;

/** What the lock asks the file system; a test slows it to replay two writers' race. */
export interface LockFiles {
  stat(path: string): Promise<{ mtimeMs: number }>;
}

export async function withFileLock<T>(
  path: string,
  work: () => Promise<T>,
  files: LockFiles = { stat },
): Promise<T> {
  const lock = `${path}.lock`;
  for (let waited = 0; ; ) {
    if (await tryCreate(lock)) break;
    // Judged and removed under a second lock, so one writer at a time can find the first stale:
    // two that judged it at once would otherwise each remove it, the second removing the lock
    // the first had just taken, and both would write.
    const removed = await withTakeover(lock, files, async () => {
      const held = await files.stat(lock).catch(() => undefined);
      if (!held || Date.now() - held.mtimeMs <= STALE_LOCK_MS) return false;
      await unlink(lock).catch(() => undefined);
      return true;
    });
    if (removed) continue;
    if (waited >= WAIT_MS) {
      throw new Error(
        `${lock} has been held for ${WAIT_MS / 1000} s; if no share command or proxy is writing links, remove it`,
      );
    }
    const pause = RETRY_MS + Math.floor(Math.random() * RETRY_MS);
    await sleep(pause);
    waited += pause;
  }
  try {
    return await work();
  } finally {
    await unlink(lock).catch(() => undefined);
  }
}

/** Creates the lock file if there is none; false when another writer holds it. */
async function tryCreate(lock: string): Promise<boolean> {
  try {
    const handle = await open(lock, 'wx', 0o600);
    await handle.close();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  }
}

/**
 * `judge` under the takeover lock, or false when another writer is judging
 * (it then waits its turn like any writer). A takeover lock is held for one
 * stat and one unlink; one older than STALE_LOCK_MS was left by a writer
 * that died inside them, and is removed.
 */
async function withTakeover(
  lock: string,
  files: LockFiles,
  judge: () => Promise<boolean>,
): Promise<boolean> {
  const takeover = `${lock}.takeover`;
  if (!(await tryCreate(takeover))) {
    const held = await files.stat(takeover).catch(() => undefined);
    if (held && Date.now() - held.mtimeMs > STALE_LOCK_MS)
      await unlink(takeover).catch(() => undefined);
    return false;
  }
  try {
    return await judge();
  } finally {
    await unlink(takeover).catch(() => undefined);
  }
}
