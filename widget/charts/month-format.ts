/** Months (YYYY-MM) in the reader's locale, short for axes and long for sentences. */
const cache = new Map<string, { short: Intl.DateTimeFormat; long: Intl.DateTimeFormat }>();

export function monthLabel(month: string, locale: string, length: 'short' | 'long'): string {
  let formats = cache.get(locale);
  if (!formats) {
    const options = (month: 'short' | 'long', year: '2-digit' | 'numeric') =>
      new Intl.DateTimeFormat(locale, { month, year, timeZone: 'UTC' });
    formats = { short: options('short', 'numeric'), long: options('long', 'numeric') };
    cache.set(locale, formats);
  }
  const time = Date.parse(`${month}-01T00:00:00Z`);
  // A month the API sends malformed stays as sent rather than "Invalid Date".
  return Number.isNaN(time) ? month : formats[length].format(time);
}
