/**
 * Numbers and dates in the reader's locale: the element's `locale`
 * attribute, else the nearest `lang` on the page, else the browser's.
 */
import type { Platform } from '../../shared/api/vocabulary.js';

export interface Formatters {
  locale: string;
  /** 1234 -> "1,234" */
  integer(value: number): string;
  /** A 0–100 value with one decimal: 62.4 -> "62.4" */
  score(value: number): string;
  /** A 0–100 percentage: 38.2 -> "38.2%" */
  percent(value: number): string;
  /** A signed difference: 3.1 -> "+3.1", -2 -> "−2.0" */
  delta(value: number): string;
  /** YYYY-MM-DD as a calendar date, without shifting it into the local time zone. */
  date(isoDate: string): string;
  /** An ISO timestamp as date and time. */
  dateTime(iso: string): string;
}

const cache = new Map<string, Formatters>();

function supported(tag: string | undefined | null): string | undefined {
  if (!tag) return undefined;
  try {
    return Intl.NumberFormat.supportedLocalesOf(tag)[0];
  } catch {
    return undefined; // RangeError for a malformed tag: fall through to the next source
  }
}

export function resolveLocale(element: Element, attribute: string | undefined): string {
  const fromLang = element.closest('[lang]')?.getAttribute('lang');
  return (
    supported(attribute) ??
    supported(fromLang) ??
    supported(globalThis.document?.documentElement.lang) ??
    supported(globalThis.navigator?.language) ??
    'en'
  );
}

export function formatters(locale: string): Formatters {
  const known = cache.get(locale);
  if (known) return known;
  const number = (options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options);
  const oneDecimal = { minimumFractionDigits: 1, maximumFractionDigits: 1 };
  const percent = number({ style: 'percent', maximumFractionDigits: 1 });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  // An invalid date stays as sent rather than showing "Invalid Date".
  const orAsSent = (time: number, text: string, format: Intl.DateTimeFormat) =>
    Number.isNaN(time) ? text : format.format(time);
  // Intl's format getters return functions already bound to their formatter.
  const made: Formatters = {
    locale,
    integer: number({ maximumFractionDigits: 0 }).format,
    score: number(oneDecimal).format,
    percent: (value) => percent.format(value / 100),
    delta: number({ ...oneDecimal, signDisplay: 'exceptZero' }).format,
    date: (isoDate) => orAsSent(Date.parse(`${isoDate}T00:00:00Z`), isoDate, date),
    dateTime: (iso) => orAsSent(Date.parse(iso), iso, dateTime),
  };
  cache.set(locale, made);
  return made;
}

/** Display names of the platforms; a platform the API adds later shows as sent. */
const PLATFORM_LABELS: Record<Platform, string> = {
  chatgpt: 'ChatGPT',
  perplexity: 'Perplexity',
  ai_overviews: 'Google AI Overviews',
  gemini: 'Gemini',
  claude: 'Claude',
  grok: 'Grok',
};

export function platformLabel(platform: string): string {
  return Object.hasOwn(PLATFORM_LABELS, platform)
    ? PLATFORM_LABELS[platform as Platform]
    : platform;
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
