/**
 * The proxy's log line format, one line per answered request. The entry holds
 * no headers, so no Authorization header or token can reach it.
 */
import type { ProxyLogEntry } from './handler.js';

export function formatLogEntry(entry: ProxyLogEntry, at = new Date()): string {
  const note = entry.note ? ` (${entry.note})` : '';
  return `${at.toISOString()} ${entry.method} ${entry.path} ${entry.status} ${entry.cache} ${Math.round(entry.ms)}ms${note}`;
}
