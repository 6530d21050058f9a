/**
 * One row of the portfolio (docs/agencies.md#the-portfolio): what an agency
 * reads of each project at a glance, from the project's list item (data-api
 * 2.1) and its summary (data-api 2.2), so one summary request per project
 * per TTL fills the row. The one place the row is read: the
 * `<aivis-portfolio>` element, the proxy's server-rendered portfolio and
 * client pages, `=AIVIS_PORTFOLIO()` and the Looker report all call it.
 *
 * Every field beyond the documented names is optional (a reshaped service
 * gives null, never a crash); the score's change is judged against sampling
 * noise by shared/noise.ts on the answers the score was measured on.
 */
import { compareFigures, type FigureChange } from './noise.js';
import type { ProjectSummary } from './schemas/summary.js';

export interface PortfolioRow {
  project: number;
  brand: string;
  /** The account label of a proxy serving several accounts (docs/agencies.md), else null. */
  account: string | null;
  score: number | null;
  /** The score against the previous period, judged against sampling noise. */
  scoreChange: FigureChange | null;
  shareOfVoice: number | null;
  /** The brand's rank among its competitors (1 is first). */
  rank: number | null;
  /** Answers that speak ill of the brand: negative, or naming a drawback. */
  flaggedAnswers: number | null;
  topAction: string | null;
  /** When the service last checked the project (ISO date-time). */
  checkedAt: string | null;
}

/** The column names of the table forms (Sheets, Looker), in order. */
export const PORTFOLIO_COLUMNS = [
  'project',
  'brand',
  'account',
  'score',
  'score_change',
  'change_beyond_noise',
  'share_of_voice',
  'rank',
  'flagged_answers',
  'top_action',
  'checked_at',
] as const;

/** A top action is one sentence of the plan's summary, cut to this. */
const MAX_ACTION_LENGTH = 160;

const numberOr = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const textOr = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

export function portfolioRow(
  listItem: Record<string, unknown>,
  summary: ProjectSummary | Record<string, unknown> | undefined,
): PortfolioRow {
  const body = record(summary);
  const visibility = record(body.ai_visibility);
  const insights = record(body.answer_insights);
  const comparison = record(visibility.performance_comparison);
  const score = numberOr(visibility.score);
  const previous = numberOr(comparison.previous_score);
  const platforms = Array.isArray(visibility.mentions_by_platform)
    ? visibility.mentions_by_platform
    : [];
  const answers = platforms.reduce<number>(
    (sum, row) => sum + (numberOr(record(row).answers) ?? 0),
    0,
  );
  const negative = numberOr(insights.negative_answers);
  const drawback = numberOr(insights.drawback_answers);
  return {
    project: numberOr(listItem.id) ?? numberOr(body.id) ?? 0,
    brand:
      textOr(record(body.profile).brand_name) ??
      textOr(listItem.brand_name) ??
      `Project ${String(listItem.id ?? '')}`,
    account: textOr(listItem.account),
    score,
    scoreChange:
      score === null || previous === null
        ? null
        : compareFigures({ points: previous, answers }, { points: score, answers }),
    shareOfVoice: numberOr(visibility.share_of_voice),
    rank: numberOr(record(record(body.competitors).own_brand).rank),
    flaggedAnswers:
      negative === null && drawback === null ? null : (negative ?? 0) + (drawback ?? 0),
    topAction: firstSentence(textOr(record(body.recommendations).summary)),
    checkedAt: textOr(listItem.last_checked_at),
  };
}

/** The row as one line of a table, in PORTFOLIO_COLUMNS order. */
export function portfolioCells(row: PortfolioRow): (string | number | boolean | null)[] {
  return [
    row.project,
    row.brand,
    row.account,
    row.score,
    row.scoreChange?.change ?? null,
    row.scoreChange ? row.scoreChange.beyondNoise : null,
    row.shareOfVoice,
    row.rank,
    row.flaggedAnswers,
    row.topAction,
    row.checkedAt,
  ];
}

function firstSentence(text: string | null): string | null {
  if (text === null) return null;
  const sentence = /^.*?[.!?](?=\s|$)/s.exec(text)?.[0] ?? text;
  return sentence.length > MAX_ACTION_LENGTH
    ? `${sentence.slice(0, MAX_ACTION_LENGTH - 1)}…`
    : sentence;
}

/** The columns a portfolio sorts by, as its `sort` attribute or parameter names them. */
export const PORTFOLIO_SORTS = [
  'brand',
  'account',
  'score',
  'change',
  'share-of-voice',
  'rank',
  'flagged',
  'checked',
] as const;
export type PortfolioSort = (typeof PORTFOLIO_SORTS)[number];

const SORT_VALUE: Record<PortfolioSort, (row: PortfolioRow) => string | number | null> = {
  brand: (row) => row.brand.toLowerCase(),
  account: (row) => row.account,
  score: (row) => row.score,
  change: (row) => row.scoreChange?.change ?? null,
  'share-of-voice': (row) => row.shareOfVoice,
  rank: (row) => row.rank,
  flagged: (row) => row.flaggedAnswers,
  checked: (row) => row.checkedAt,
};

/** Rows sorted by a column (empty figures last either way; `-` first: descending); by brand when the key is unknown. */
export function sortRows(rows: readonly PortfolioRow[], sort: string | undefined): PortfolioRow[] {
  const descending = sort?.startsWith('-') ?? false;
  const key = sort?.replace(/^-/, '') ?? 'brand';
  const value = Object.hasOwn(SORT_VALUE, key)
    ? SORT_VALUE[key as PortfolioSort]
    : SORT_VALUE.brand;
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (x === y) return a.project - b.project;
    if (x === null) return 1;
    if (y === null) return -1;
    return (x < y ? -1 : 1) * (descending ? -1 : 1);
  });
}
