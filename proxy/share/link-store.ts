/**
 * Where client links live (docs/agencies.md#where-links-live): the links
 * `share create` made (what each shows), their revocations and their view
 * counts. Redis when REDIS_URL is set (every instance sees a revocation at
 * once), the Durable Object on Workers, else the file SHARE_FILE that the
 * `share` command and a single proxy both read.
 *
 * Whatever a store holds is input: a record that does not read as one is
 * skipped. A store cannot make a link work or change what it shows (the
 * address's signature covers the record: proxy/share/signed-link.ts); it can
 * only end one, count it and limit it.
 */
import { ID_PATTERN, isLinkView, isReportPeriod, type LinkFields } from './signed-link.js';

export interface LinkRecord extends LinkFields {
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
  /** The record of one link, revoked or not, or undefined when the store holds none. */
  get(id: string): Promise<LinkRecord | undefined>;
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
/**
 * A link stays in its store this long past its expiry, revoked or not, and
 * answers 410 until then; a store may drop it after (the file store does
 * when it compacts), and its address is then no link at all (404). Never
 * before its expiry: a revoked link must stay revoked while it could work.
 */
export const LINK_GRACE_MS = 30 * 86_400_000;
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
    !isReportPeriod(period) ||
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
    period,
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
