/**
 * `--expires` of `share create` (docs/agencies.md#client-links): a duration
 * (`90s`, `45m`, `12h`, `30d`) or an ISO date (`2027-01-31`,
 * `2027-01-31T18:00:00Z`), read into seconds since the epoch. A link lives
 * at most a year: a forgotten link should end on its own.
 */
export const MAX_LINK_DAYS = 366;

const UNITS: Record<string, number> = { s: 1, m: 60, h: 3_600, d: 86_400 };

export type ExpiryResult = { expires: number } | { error: string };

export function readExpiry(text: string, now: number): ExpiryResult {
  const nowSeconds = Math.floor(now / 1000);
  const latest = nowSeconds + MAX_LINK_DAYS * 86_400;
  const duration = /^(\d{1,9})([smhd])$/.exec(text.trim());
  let expires: number;
  if (duration) {
    expires = nowSeconds + Number(duration[1]) * UNITS[duration[2]!]!;
  } else if (
    /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2})?(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2}))?$/.test(
      text.trim(),
    )
  ) {
    const at = Date.parse(text.trim());
    if (!Number.isFinite(at)) return { error: `--expires: ${text} is not a real date` };
    expires = Math.floor(at / 1000);
  } else {
    return {
      error:
        '--expires takes a duration such as 90s, 45m, 12h or 30d, or an ISO date such as 2027-01-31 or 2027-01-31T18:00:00Z',
    };
  }
  if (expires <= nowSeconds) return { error: '--expires must be in the future' };
  if (expires > latest) return { error: `--expires must be at most ${MAX_LINK_DAYS} days away` };
  return { expires };
}
