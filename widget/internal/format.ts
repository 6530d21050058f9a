/**
 * Numbers and dates in the reader's locale: the element's `locale`
 * attribute, else the nearest `lang` on the page, else the browser's.
 */
import { PLATFORMS, type Platform } from '../../shared/api/vocabulary.js';

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
  const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const oneDecimal = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const signed = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const made: Formatters = {
    locale,
    integer: (value) => integer.format(value),
    score: (value) => oneDecimal.format(value),
    percent: (value) => percent.format(value / 100),
    delta: (value) => signed.format(value),
    date: (isoDate) => {
      const time = Date.parse(`${isoDate}T00:00:00Z`);
      return Number.isNaN(time) ? isoDate : date.format(time);
    },
    dateTime: (iso) => {
      const time = Date.parse(iso);
      return Number.isNaN(time) ? iso : dateTime.format(time);
    },
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
  return (PLATFORMS as readonly string[]).includes(platform)
    ? PLATFORM_LABELS[platform as Platform]
    : platform;
}

/** Links only for http(s): anything else (javascript:, data:, relative junk) stays text. */
export function safeHttpUrl(value: string | undefined | null): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
