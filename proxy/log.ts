/**
 * The proxy's log: one entry per answered request, and its one-line format.
 * An entry holds no headers, so no Authorization header or token can reach
 * it, and its texts are scrubbed and bounded before a sink sees them.
 */
import { BoundedMemo } from '../shared/bounded-memo.js';
import type { CacheState } from './responses.js';
import { scrubText } from './scrub.js';

export interface ProxyLogEntry {
  method: string;
  /** Canonical upstream path for API routes, else the requested path; never the token. */
  path: string;
  status: number;
  /** Where the body came from; '-' for answers made locally (404, 405, 422, preflight). */
  cache: CacheState | '-';
  ms: number;
  /** Why a stale copy or an error was served, e.g. "upstream 429". */
  note?: string;
}

/** The last line's time, written once per millisecond: a burst of hits shares it. */
let lastTime = { ms: Number.NaN, text: '' };

const isoTime = (ms: number): string => {
  if (lastTime.ms !== ms) lastTime = { ms, text: new Date(ms).toISOString() };
  return lastTime.text;
};

export function formatLogEntry(entry: ProxyLogEntry, at?: Date): string {
  const note = entry.note ? ` (${entry.note})` : '';
  return `${isoTime(at ? at.getTime() : Date.now())} ${entry.method} ${entry.path} ${entry.status} ${entry.cache} ${Math.round(entry.ms)}ms${note}`;
}

/** Log lines keep the API path readable but short, on one line, and token-free. */
export function logSafe(text: string, token: string): string {
  const oneLine = Array.from(scrubText(text, token), (char) =>
    char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f ? '?' : char,
  ).join('');
  return oneLine.length > 300 ? `${oneLine.slice(0, 300)}…` : oneLine;
}

/** logSafe with memory: a hit's log line costs a lookup, not a scrub (paths repeat, one per cache key). */
export class LogSafeTexts {
  readonly #clean = new BoundedMemo<string>(1_024);

  constructor(readonly token: string) {}

  get(text: string): string {
    return this.#clean.get(text, (key) => logSafe(key, this.token));
  }
}
