/** GET /projects/{project}/citations (data-api 4.6): cited URLs or domains. */
import type { Platform, ReportPeriod } from '../../shared/api/vocabulary.js';
import { citationStats, percentOf } from '../data/aggregates.js';
import { remember } from '../data/dataset.js';
import { answersIn, periodObject, resolvePeriod } from '../data/periods.js';
import { checkPromptId, type Handler, paginate, projectOf } from './common.js';

export const citationsHandler: Handler<'citations'> = (context) => {
  const data = projectOf(context);
  const query = context.query;
  const promptErrors = checkPromptId(data, query.prompt_id);
  if (promptErrors) return { errors: promptErrors };
  const period = resolvePeriod(data, query.period as ReportPeriod);
  const ownOnly = query.own_site_only === true;
  const answers = answersIn(data, period);
  /** Every cited URL of the period, computed once per period. */
  const allStats = () =>
    remember(data, `citations:${period.startDay}:${period.endDay}`, () =>
      citationStats(data, answers),
    );
  /** data-api 4.6: both groupings page alike and state the period they cover. */
  const paged = <Row>(rows: readonly Row[]) => {
    const page = paginate(rows, query.offset as number, query.limit as number);
    return { rows: page.rows, pagination: page.pagination, period: periodObject(period) };
  };

  if (query.group_by === 'domain') {
    const all = allStats();
    const byDomain = new Map<
      string,
      { domain: string; citations: number; urls: number; is_own_site: boolean }
    >();
    let total = 0;
    for (const row of all) {
      total += row.citations;
      const entry = byDomain.get(row.domain) ?? {
        domain: row.domain,
        citations: 0,
        urls: 0,
        is_own_site: row.is_own_site,
      };
      entry.citations += row.citations;
      entry.urls++;
      byDomain.set(row.domain, entry);
    }
    const rows = [...byDomain.values()]
      .filter((row) => !ownOnly || row.is_own_site)
      .sort((a, b) => b.citations - a.citations || a.domain.localeCompare(b.domain))
      .map((row) => ({ ...row, share: percentOf(row.citations, total) }));
    const { rows: domains, ...rest } = paged(rows);
    return { body: { group_by: 'domain', domains, ...rest } };
  }

  const platform = query.platform as Platform | undefined;
  const filtered =
    platform === undefined && query.prompt_id === undefined
      ? allStats()
      : citationStats(
          data,
          answers.filter(
            (answer) =>
              (platform === undefined || answer.platform === platform) &&
              (query.prompt_id === undefined || answer.prompt_id === query.prompt_id),
          ),
        );
  const fragment =
    typeof query.url_contains === 'string' ? query.url_contains.toLowerCase() : undefined;
  const rows = filtered.filter(
    (row) =>
      (!ownOnly || row.is_own_site) &&
      (fragment === undefined || row.url.toLowerCase().includes(fragment)),
  );
  const { rows: citations, ...rest } = paged(rows);
  return { body: { group_by: 'url', citations, ...rest } };
};
