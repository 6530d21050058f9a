/**
 * The widgets' one formatting voice: every number, percentage, date, period,
 * platform and source name a widget shows goes through here, in the reader's
 * locale (the element's `locale` attribute, else the nearest `lang` on the
 * page, else the browser's). Precision rules, once:
 * - counts are whole and grouped ("4,551"), with their unit when they have one;
 * - scores, deltas and other decimals have exactly one decimal ("62.4");
 * - percentages have exactly one decimal ("60.0%", "33.9%");
 * - dates are the medium date ("Nov 15, 2026"); a timestamp adds the time.
 */
import { REPORT_PERIODS } from '../../shared/api/vocabulary.js';
import { CUT_SHORT, MAX_DEPTH } from '../../shared/table/cells.js';

export interface Formatters {
  locale: string;
  /** A count, grouped: 4551 -> "4,551" */
  integer(value: number): string;
  /** A count with its unit: (4551, 'session') -> "4,551 sessions"; (1, 'answer') -> "1 answer". */
  count(value: number, unit: string, plural?: string): string;
  /** Any decimal figure (score, position) with one decimal: 62.44 -> "62.4" */
  decimal(value: number): string;
  /** A 0–100 score: the same rule as decimal. */
  score(value: number): string;
  /** A 0–100 percentage, one decimal: 38.2 -> "38.2%", 60 -> "60.0%" */
  percent(value: number): string;
  /** A signed difference, one decimal: 3.1 -> "+3.1", -2 -> "−2.0" */
  delta(value: number): string;
  /** YYYY-MM-DD (or a timestamp's date) as a calendar date, never shifted into the local time zone. */
  date(iso: string): string;
  /** An ISO timestamp as the same medium date plus the local time. A bare date stays a date. */
  dateTime(iso: string): string;
  /** Two YYYY-MM-DD dates as one range, shared parts once: "Oct 17 – Nov 15, 2026". */
  dateRange(start: string, end: string): string;
  /** A month (YYYY-MM): short for chart axes "Nov 2026", long for sentences "November 2026". */
  month(isoMonth: string, length?: 'short' | 'long'): string;
}

/** Human names of the API's platforms, AI-traffic sources and connected data sources; anything else shows as sent. */
const NAMES: Record<string, string> = {
  chatgpt: 'ChatGPT',
  perplexity: 'Perplexity',
  ai_overviews: 'Google AI Overviews',
  gemini: 'Gemini',
  claude: 'Claude',
  grok: 'Grok',
  copilot: 'Microsoft Copilot',
  meta_ai: 'Meta AI',
  other_ai_assistants: 'Other AI assistants',
  ga4: 'Google Analytics',
  google_search_console: 'Google Search Console',
  bing_webmaster_tools: 'Bing Webmaster Tools',
  google: 'Google Search',
  bing: 'Bing',
  answers: 'AI answers',
};

/** A platform's or a data source's human name ("ai_overviews" -> "Google AI Overviews"). */
export const sourceName = (key: string): string => (Object.hasOwn(NAMES, key) ? NAMES[key]! : key);
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
  if (Object.hasOwn(NAMES, text)) return NAMES[text]!;
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

const made = new Map<string, Formatters>();

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

export function formatters(locale: string): Formatters {
  const known = made.get(locale);
  if (known) return known;
  const number = (options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options);
  const oneDecimal = { minimumFractionDigits: 1, maximumFractionDigits: 1 };
  const integer = number({ maximumFractionDigits: 0 }).format;
  const decimal = number(oneDecimal).format;
  const percent = number({ ...oneDecimal, style: 'percent' });
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const stamp = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  // An invalid date stays as sent rather than showing "Invalid Date".
  const date = (iso: string) => {
    const time = Date.parse(`${iso.slice(0, 10)}T00:00:00Z`);
    return Number.isNaN(time) ? iso : day.format(time);
  };
  const dateTime = (iso: string) => {
    const at = Date.parse(iso);
    return iso.length <= 10 || Number.isNaN(at) ? date(iso) : stamp.format(at);
  };
  // formatRange refuses invalid dates (RangeError): the two dates then stand as sent.
  const dateRange = (start: string, end: string) => {
    try {
      return day.formatRange(Date.parse(`${start}T00:00:00Z`), Date.parse(`${end}T00:00:00Z`));
    } catch {
      return `${date(start)} – ${date(end)}`;
    }
  };
  const months = {
    short: new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }),
    long: new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  };
  const formats: Formatters = {
    locale,
    month: (isoMonth, length = 'long') => {
      const time = Date.parse(`${isoMonth.slice(0, 7)}-01T00:00:00Z`);
      return Number.isNaN(time) ? isoMonth : months[length].format(time);
    },
    integer,
    count: (value, unit, plural = `${unit}s`) => `${integer(value)} ${value === 1 ? unit : plural}`,
    decimal,
    score: decimal,
    percent: (value) => percent.format(value / 100),
    delta: number({ ...oneDecimal, signDisplay: 'exceptZero' }).format,
    date,
    dateTime,
    dateRange,
  };
  made.set(locale, formats);
  return formats;
}

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
