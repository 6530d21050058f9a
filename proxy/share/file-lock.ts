/**
 * One writer at a time on the link file (docs/agencies.md#where-links-live):
 * the `share` command and the proxy both append to it, and either may
 * rewrite it smaller (file-links.ts). A lock file made with O_EXCL beside it
 * is the lock: portable, and seen by every process on the machine. A lock
 * older than STALE_LOCK_MS was left by a writer that died (a hold lasts
 * milliseconds), and is taken over. Node only.
 */
import { open, stat, unlink } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

/** A hold is one append or one rewrite of at most 16 MiB: far below this. */
export const STALE_LOCK_MS = 30_000;
/** How long a writer waits for the lock before it gives up with a message. */
const WAIT_MS = 10_000;
const RETRY_MS = 10;

export async function withFileLock<T>(path: string, work: () => Promise<T>): Promise<T> {
  const lock = `${path}.lock`;
  for (let waited = 0; ; ) {
    try {
      const handle = await open(lock, 'wx', 0o600);
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const held = await stat(lock).catch(() => undefined);
    if (held && Date.now() - held.mtimeMs > STALE_LOCK_MS) {
      await unlink(lock).catch(() => undefined);
      continue;
    }
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
