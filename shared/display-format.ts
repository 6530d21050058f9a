/**
 * How every reader-facing text shows the API's figures, dates and names: the
 * widgets, the server-rendered cards (ssr/) and the Sheets alerts and digests
 * all format through here, so "Nov 15, 2026", "60.0%" and "Google AI
 * Overviews" read the same in a card and in an email. Precision rules, once:
 * - counts are whole and grouped ("4,551"), with their unit when they have one;
 * - scores, deltas and other decimals have exactly one decimal ("62.4");
 * - percentages have exactly one decimal ("60.0%", "33.9%");
 * - dates are the medium date ("Nov 15, 2026"); a timestamp adds the time.
 * Pure Intl: runs in browsers, Node and Apps Script's V8.
 */

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

/** Whether the text is one of the API's platform or source keys that has a human name. */
export const hasSourceName = (text: string): boolean => Object.hasOwn(NAMES, text);

const made = new Map<string, Formatters>();

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
