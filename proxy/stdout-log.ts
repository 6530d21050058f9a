/**
 * The Node entry's log sink: lines gathered and written to stdout once per
 * turn of the event loop, one write for a burst of hits instead of one
 * synchronous write each (process.stdout is synchronous for files and pipes).
 */
import { formatLogEntry, type ProxyLogEntry } from './log.js';

/** A turn with more answers than this writes early, so the buffer stays small. */
const MAX_LINES_PER_WRITE = 1_000;

export function batchedStdoutLog(
  write: (text: string) => void = (text) => process.stdout.write(text),
): (entry: ProxyLogEntry) => void {
  let lines: string[] = [];
  const flush = () => {
    if (lines.length === 0) return;
    const text = lines.join('');
    lines = [];
    write(text);
  };
  return (entry) => {
    if (lines.length === 0) setImmediate(flush);
    lines.push(`${formatLogEntry(entry)}\n`);
    if (lines.length >= MAX_LINES_PER_WRITE) flush();
  };
}
