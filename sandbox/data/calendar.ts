/**
 * Calendar arithmetic on whole UTC days. Dates travel as day numbers (days
 * since 1970-01-01) inside the sandbox and as YYYY-MM-DD on the wire.
 */
const DAY_MS = 86_400_000;

export const dayOf = (isoDate: string): number =>
  Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);
export const isoOf = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);
export const monthOf = (day: number): string => isoOf(day).slice(0, 7);
/** A timestamp on a day, e.g. 2026-11-15T06:04:00Z. */
export const timestampOf = (day: number, minuteOfDay: number): string =>
  new Date(day * DAY_MS + minuteOfDay * 60_000).toISOString().replace('.000Z', 'Z');
export const yearOf = (day: number): number => Number(isoOf(day).slice(0, 4));
export const firstDayOfYear = (year: number): number => dayOf(`${year}-01-01`);
/**
 * The sandbox's default today. The stored history is generated for this day;
 * a later today adds days to it (sandbox/data/answers.ts).
 */
export const DEFAULT_TODAY = '2026-11-15';
export const ANCHOR_DAY = dayOf(DEFAULT_TODAY);
