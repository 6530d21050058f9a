/**
 * The portfolio report (docs/agencies.md#the-portfolio): one row per project
 * the connector's credentials read (every account's, when they point at a
 * proxy serving several), in the columns of shared/portfolio.ts, the rule the
 * element and the Sheets function use. Not an endpoint's dataset, so it is
 * not in REPORTS (reports.ts); report-data.ts and connector-config.ts offer
 * it beside them.
 */
import { checkRead, fetchTable, prefetch } from '../../apps-script-platform/fetch-table.js';
import type { Credentials } from '../../apps-script-platform/user-token.js';
import { PORTFOLIO_COLUMNS, portfolioCells, portfolioRow } from '../../shared/portfolio.js';
import type { Cell } from '../../shared/table/types.js';
import { GET_DATA_BUDGET_MS } from './config.js';
import { fieldId, type LookerField, type LookerType } from './fields.js';

export const PORTFOLIO_REPORT = {
  value: 'portfolio',
  label: 'Portfolio',
  description:
    "Every project, one row each: brand, account, score and its change against sampling noise, share of voice, rank, flagged answers, top action, last check. Reads the list and each project's summary; ignores the project choice",
} as const;

/** Projects one getData reads at most: each costs a summary. */
export const MAX_PORTFOLIO_PROJECTS = 200;

const TYPES: Record<(typeof PORTFOLIO_COLUMNS)[number], [LookerType, 'DIMENSION' | 'METRIC']> = {
  project: ['NUMBER', 'DIMENSION'],
  brand: ['TEXT', 'DIMENSION'],
  account: ['TEXT', 'DIMENSION'],
  score: ['NUMBER', 'METRIC'],
  score_change: ['NUMBER', 'METRIC'],
  change_beyond_noise: ['BOOLEAN', 'DIMENSION'],
  share_of_voice: ['PERCENT', 'METRIC'],
  rank: ['NUMBER', 'METRIC'],
  flagged_answers: ['NUMBER', 'METRIC'],
  top_action: ['TEXT', 'DIMENSION'],
  checked_at: ['YEAR_MONTH_DAY_SECOND', 'DIMENSION'],
};

export const isPortfolioReport = (value: unknown): boolean => value === PORTFOLIO_REPORT.value;

export function portfolioFields(): LookerField[] {
  return PORTFOLIO_COLUMNS.map((column) => {
    const [type, concept] = TYPES[column];
    return {
      id: fieldId(column),
      column,
      name: column.charAt(0).toUpperCase() + column.slice(1).replaceAll('_', ' '),
      description: `Portfolio: ${column.replaceAll('_', ' ')}`,
      type,
      concept,
      ...(concept === 'METRIC' ? { aggregation: 'AVG' as const } : {}),
      ...(type === 'PERCENT' ? { hundredths: true as const } : {}),
    };
  });
}

/** The portfolio's rows, in PORTFOLIO_COLUMNS order. */
export function portfolioTable(
  credentials: Credentials,
  refreshStamp: string,
): { columns: string[]; rows: Cell[][] } {
  const deadline = Date.now() + GET_DATA_BUDGET_MS;
  const options = () => ({ budgetMs: Math.max(1_000, deadline - Date.now()), refreshStamp });
  const list = fetchTable(checkRead('projects', {}), MAX_PORTFOLIO_PROJECTS, options(), credentials)
    .first as { projects?: unknown };
  const items = (Array.isArray(list.projects) ? list.projects : [])
    .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
    .slice(0, MAX_PORTFOLIO_PROJECTS);
  const reads = items.map((item) => ({
    read: checkRead('summary', { project: item.id }),
    maxRows: 1,
  }));
  prefetch(reads, options(), credentials);
  const rows = items.map((item, index) => {
    const summary = fetchTable(reads[index]!.read, 1, options(), credentials).first;
    return portfolioCells(portfolioRow(item, summary as Record<string, unknown>)) as Cell[];
  });
  return { columns: [...PORTFOLIO_COLUMNS], rows };
}
