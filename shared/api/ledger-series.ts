/**
 * The rules of the ledger's series query (docs/ledger.md, "Series through the
 * proxy"), written once: the proxy's route checks `from` and `to` with them,
 * and <aivis-visibility-trend> checks its `history-since` attribute with the
 * same rule before it sends anything.
 */
import { isCalendarDate } from './param-rules.js';

/** Ten years of days at most in one answer: a bounded body whatever the query. */
export const MAX_SERIES_DAYS = 3_660;

/** What a series day may be, in words for an error. */
export const SERIES_DAY_ALLOWED = 'a calendar date as YYYY-MM-DD, e.g. 2026-01-01';

/** The refusal of a series day under the name the caller knows it by, or undefined when it is one. */
export function seriesDayError(name: string, value: string | undefined): string | undefined {
  return value !== undefined && isCalendarDate(value)
    ? undefined
    : `${name} must be ${SERIES_DAY_ALLOWED}`;
}
