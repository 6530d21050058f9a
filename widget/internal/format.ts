/**
 * The widgets' one formatting voice: every number, percentage, date, period,
 * platform and source name a widget shows goes through here, in the reader's
 * locale (the element's `locale` attribute, else the nearest `lang` on the
 * page, else the browser's). The precision rules and the names of platforms
 * and sources are shared/display-format.ts's, which the Sheets alerts and
 * digests format with too; here is what only widgets need (cells, prose).
 */
import { REPORT_PERIODS } from '../../shared/api/vocabulary.js';
import {
  type Formatters,
  formatters,
  hasSourceName,
  sourceName,
} from '../../shared/display-format.js';
import { CUT_SHORT, MAX_DEPTH } from '../../shared/table/cells.js';

export { type Formatters, formatters, sourceName };

/** Kept for the widgets' templates: platforms and sources share one table of names. */
export const platformLabel = sourceName;

/** A report period or source window in words: last_30_days -> "Last 30 days", 90d -> "Last 90 days". */
export function periodLabel(period: string): string {
  const window = /^(\d+)d$/.exec(period);
  const words = window ? `last ${window[1]} days` : period.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A row key as a column heading: "mention_rate" -> "Mention rate"; ctr and url as readers spell them. */
export function columnName(key: string): string {
  if (key === 'ctr' || key === 'url') return key.toUpperCase();
  const words = key.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Columns holding a 0–100 percentage. */
const PERCENT_COLUMN = /(rate|share|share_of_voice|visibility|score)$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const MAX_CELL_CHARS = 280;

export interface Cell {
  text: string;
  /** Figures are right-aligned. */
  numeric: boolean;
}

/** One table cell of API data in the formatting voice, by its column's key. */
export function cell(value: unknown, column: string, format: Formatters): Cell {
  if (typeof value === 'number') {
    // The API's ctr is a 0–1 fraction; other percentages are 0–100.
    const text =
      column === 'ctr'
        ? format.percent(value * 100)
        : PERCENT_COLUMN.test(column)
          ? format.percent(value)
          : Number.isInteger(value)
            ? format.integer(value)
            : format.decimal(value);
    return { text, numeric: true };
  }
  return { text: cellText(value, format), numeric: false };
}

/**
 * A cell's text. Nesting is bounded as shared/table bounds it (MAX_DEPTH, then
 * CUT_SHORT): a followed link's body can nest without bound, and recursion or
 * JSON.stringify would overflow the stack. Lists stop once the cell is full.
 */
function cellText(value: unknown, format: Formatters, depth = 0): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') {
    const list = Array.isArray(value);
    const entries = list ? value : Object.entries(value);
    if (entries.length === 0) return '—';
    if (depth >= MAX_DEPTH) return CUT_SHORT;
    let text = '';
    for (const item of entries) {
      const shown = list
        ? cellText(item, format, depth + 1)
        : `${item[0]}: ${cellText(item[1], format, depth + 1)}`;
      text += `${text ? (list ? ', ' : '; ') : ''}${shown}`;
      if (text.length > MAX_CELL_CHARS) return `${text.slice(0, MAX_CELL_CHARS)}…`;
    }
    return text;
  }
  if (typeof value === 'number') return format.decimal(value);
  const text = String(value);
  if (ISO_DATE.test(text)) return format.date(text);
  if (ISO_DATE_TIME.test(text)) return format.dateTime(text);
  if (hasSourceName(text)) return sourceName(text);
  return text.length > MAX_CELL_CHARS ? `${text.slice(0, MAX_CELL_CHARS)}…` : text;
}

/**
 * Which locale a tag stands for, asked of Intl once per tag and page: the
 * first supportedLocalesOf call costs 12–16 ms (docs/benchmarks.md), and every render
 * resolves the locale. Bounded: a page has few distinct tags.
 */
const supportedTags = new Map<string, string | undefined>();
const MAX_REMEMBERED_TAGS = 32;

function supported(tag: string | undefined | null): string | undefined {
  if (!tag) return undefined;
  if (supportedTags.has(tag)) return supportedTags.get(tag);
  let locale: string | undefined;
  try {
    locale = Intl.NumberFormat.supportedLocalesOf(tag)[0];
  } catch {
    // RangeError for a malformed tag: fall through to the next source
  }
  if (supportedTags.size < MAX_REMEMBERED_TAGS) supportedTags.set(tag, locale);
  return locale;
}

export function resolveLocale(element: Element, attribute: string | undefined): string {
  return (
    supported(attribute) ??
    // closest is missing on a server's element (ssr/): the page's lang is the browser's to read.
    supported(element.closest?.('[lang]')?.getAttribute('lang')) ??
    supported(globalThis.document?.documentElement.lang) ??
    supported(globalThis.navigator?.language) ??
    'en'
  );
}

const PERIOD_KEY = /* @__PURE__ */ new RegExp(`\\b(${REPORT_PERIODS.join('|')})\\b`, 'g');
const ISO_IN_TEXT = /\b\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?\b/g;
/** A bare count before its unit in API prose ("4551 sessions"). */
const COUNT_IN_TEXT =
  /\b(\d{4,})(?= (sessions|users|mentions|answers|conversions|clicks|impressions|citations|queries|questions)\b)/g;

/**
 * API prose made readable: ISO dates and timestamps formatted, period keys in
 * words, unit counts grouped. Apart from the formatters, so only widgets
 * that show API prose carry its patterns.
 */
export const readableText = (prose: string, format: Formatters): string =>
  prose
    .replace(ISO_IN_TEXT, (iso) => format.dateTime(iso))
    .replace(PERIOD_KEY, (key) => {
      const words = periodLabel(key).toLowerCase();
      return /^last \d/.test(words) ? `the ${words}` : words;
    })
    .replace(COUNT_IN_TEXT, (digits) => format.integer(Number(digits)));

/** Links only for http(s): anything else (javascript:, data:, relative junk) stays text. */
export function safeHttpUrl(value: string | undefined | null): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}
