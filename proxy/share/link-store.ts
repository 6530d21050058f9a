/**
 * Where client links live (docs/agencies.md#where-links-live): the links
 * `share create` made, their revocations and their view counts. Redis when
 * REDIS_URL is set (every instance sees a revocation at once), else the file
 * SHARE_FILE that the `share` command and a single proxy both read.
 *
 * Whatever a store holds is input: a record that does not read as one is
 * skipped. A store cannot make a link work (the URL's signature does that);
 * it can only end one, count it and limit it.
 */
import { REPORT_PERIODS, type ReportPeriod } from '../../shared/api/vocabulary.js';
import { ID_PATTERN, isLinkView } from './signed-link.js';

export interface LinkRecord {
  id: string;
  label: string;
  project: number;
  view: string;
  period: ReportPeriod;
  /** Seconds since the epoch. */
  expires: number;
  /** Milliseconds since the epoch. */
  created: number;
}

export interface LinkStatus extends LinkRecord {
  views: number;
  /** Milliseconds since the epoch. */
  lastView?: number;
  /** When it was revoked, milliseconds since the epoch. */
  revoked?: number;
}

/** What a view may do: go on, or not because the link is revoked or past its minute's share. */
export type Admission = 'ok' | 'revoked' | 'limited';

export interface LinkStore {
  /** For messages: `file /var/lib/aivis/links.jsonl`, `redis 10.0.0.5:6379`. */
  readonly where: string;
  create(record: LinkRecord): Promise<void>;
  list(): Promise<LinkStatus[]>;
  /** false: no link of that id was made here (it is refused all the same). */
  revoke(id: string, at: number): Promise<boolean>;
  /**
   * One view of a link at `at`: refused when revoked, or when the link has
   * had `perMinute` views this minute; otherwise counted.
   */
  admit(id: string, at: number, perMinute: number): Promise<Admission>;
  close(): Promise<void>;
}

/** Links one store lists at most; a longer list is cut (the oldest stay, new ones still work). */
export const MAX_LINKS = 10_000;
export const MAX_LABEL_LENGTH = 80;
/** The per-minute window of a link's share. */
export const LINK_WINDOW_MS = 60_000;

/** A record read back from a store, or undefined when it is not one. */
export function readRecord(value: unknown): LinkRecord | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const { id, label, project, view, period, expires, created } = record;
  if (
    typeof id !== 'string' ||
    !ID_PATTERN.test(id) ||
    typeof label !== 'string' ||
    label.length > MAX_LABEL_LENGTH ||
    !Number.isSafeInteger(project) ||
    typeof view !== 'string' ||
    !isLinkView(view) ||
    !(REPORT_PERIODS as readonly unknown[]).includes(period) ||
    !Number.isSafeInteger(expires) ||
    !Number.isSafeInteger(created)
  ) {
    return undefined;
  }
  return {
    id,
    label,
    project: project as number,
    view,
    period: period as ReportPeriod,
    expires: expires as number,
    created: created as number,
  };
}

/** A label as it may be stored and shown: printable, one line, bounded. */
export function cleanLabel(label: string): string {
  const printable = Array.from(label, (char) => {
    const code = char.codePointAt(0)!;
    return code < 0x20 || (code >= 0x7f && code <= 0x9f) ? ' ' : char;
  });
  return printable.join('').trim().slice(0, MAX_LABEL_LENGTH);
}

/**
 * Each link's views in the current minute, in one process: the file store's
 * share (one proxy reads the file). Bounded: past MAX_LINKS links the
 * counts start over, which can only let a few more views through.
 */
export class LinkMinutes {
  readonly #counts = new Map<string, { minute: number; count: number }>();

  take(id: string, at: number, perMinute: number): boolean {
    const minute = Math.floor(at / LINK_WINDOW_MS);
    let entry = this.#counts.get(id);
    if (!entry || entry.minute !== minute) {
      if (this.#counts.size >= MAX_LINKS) this.#counts.clear();
      entry = { minute, count: 0 };
      this.#counts.set(id, entry);
    }
    if (entry.count >= perMinute) return false;
    entry.count += 1;
    return true;
  }
}

/** Seconds until the next minute of a link's share begins, for Retry-After. */
export function secondsToNextMinute(at: number): number {
  return Math.max(1, Math.ceil((LINK_WINDOW_MS - (at % LINK_WINDOW_MS)) / 1000));
}
