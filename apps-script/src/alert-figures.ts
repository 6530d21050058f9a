/**
 * The figures an alert check or a digest compares: read from the API in a
 * few bounded calls (summary, competitors ranking, newly flagged answers,
 * action plan, the project list's connected sources). Changes are always
 * computed from the add-on's own stored figures, never from the service's
 * own "change" block, so a renamed or missing field costs only its line.
 */

import {
  budgetSleep,
  scrubbedTransport,
  startBudget,
  urlFetchTransport,
} from '../../apps-script-platform/gas-transport.js';
import type { Credentials } from '../../apps-script-platform/user-token.js';
import { createSyncClient } from '../../shared/client/sync-client.js';
import { IMPORT_BUDGET_MS } from './config.js';

export interface RankedBrand {
  name: string;
  visibility: number;
  rank: number;
  own: boolean;
}

export interface FlaggedQuote {
  checkedAt: string;
  platform: string;
  quote: string;
  /** Why it is flagged: negative, names a drawback, off topic. */
  why: string[];
}

export type SourceState = 'fresh' | 'stale' | 'unavailable';

export interface SourceFreshness {
  source: string;
  state: SourceState;
  fetchedAt: string | null;
}

export interface ProjectFigures {
  project: number;
  brand: string;
  reportUrl: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  score: number | null;
  shareOfVoice: number | null;
  /** The answers behind the score (the summary's answer count). */
  answers: number | null;
  /** Up to the top ten brands, best first. */
  ranking: RankedBrand[];
  /** Flagged answers newer than the watermark given, newest first (at most FLAGGED_PAGE). */
  flagged: FlaggedQuote[];
  /** True when more flagged answers arrived than one page holds. */
  flaggedMore: boolean;
  /** checked_at of the newest flagged answer seen. */
  newestFlaggedAt: string | null;
  /** Titles of the plan's first actions. */
  actions: string[];
  sources: SourceFreshness[];
}

const FLAGGED_PAGE = 100;
const RANKING_ROWS = 10;

/**
 * Longest name (brand, rival, action title) and quote kept from an answer:
 * alert state, the outbox and the messages live in 9 KB properties
 * (docs/alerts.md, "Limits"), so one oversized value is cut here, once.
 */
export const NAME_CHARS = 120;
export const QUOTE_KEEP_CHARS = 280;

/** Cuts on code points, never inside a surrogate pair. */
export function clipText(value: string, max: number): string {
  if (value.length <= max) return value;
  const points = Array.from(value.slice(0, max * 2));
  return points.length > max ? `${points.slice(0, max - 1).join('')}…` : points.join('');
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const name = (value: unknown): string | null => {
  const found = text(value);
  return found === null ? null : clipText(found, NAME_CHARS);
};
const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/**
 * Every summary field the alerts read, in one place: the API document names
 * the blocks but not their fields, so each is optional here, and this reader
 * is the one spot to point at an alias table when the real service differs.
 */
export function readSummaryFields(summary: unknown) {
  const body = record(summary);
  const visibility = record(body.ai_visibility);
  const insights = record(body.answer_insights);
  const period = record(body.period);
  const profile = record(body.profile);
  const own = record(record(body.competitors).own_brand);
  return {
    brand: name(profile.brand_name) ?? name(own.name),
    score: num(visibility.score),
    shareOfVoice: num(visibility.share_of_voice),
    answers: num(insights.answers),
    reportUrl: text(body.report_url),
    periodStart: name(period.start),
    periodEnd: name(period.end),
  };
}

function reasons(row: Record<string, unknown>): string[] {
  const why: string[] = [];
  if (row.brand_sentiment === 'negative') why.push('negative');
  if (typeof row.brand_drawback === 'string' && row.brand_drawback) {
    why.push(`drawback: ${clipText(row.brand_drawback, NAME_CHARS)}`);
  }
  if (row.on_topic === false) why.push('off topic');
  return why;
}

const SOURCES = ['ga4', 'google_search_console', 'bing_webmaster_tools'] as const;

/**
 * Reads a project's figures; flagged answers only newer than `flaggedSince`
 * (an ISO time). Answers go through the same token scrubbing as the
 * functions' (docs/security.md, "Token echoes"), so a token the service
 * echoes in a brand or a quote reaches no message, state or sheet. A
 * `checked_at` later than `now` (this run's own clock) is not believed: such
 * an answer is left out and never becomes the watermark, which would
 * otherwise silence the flagged-answers rule for good.
 */
export function fetchFigures(
  project: number,
  credentials: Credentials,
  flaggedSince: string | null,
  now: Date = new Date(),
): ProjectFigures {
  const budget = startBudget(IMPORT_BUDGET_MS);
  const client = createSyncClient({
    ...credentials,
    transport: scrubbedTransport(urlFetchTransport(budget), credentials.token),
    sleep: budgetSleep(budget),
  });
  const clock = now.toISOString();
  const since = flaggedSince && flaggedSince > clock ? clock : flaggedSince;
  const summary = readSummaryFields(
    client.get('summary', {
      project,
      include: ['profile', 'ai_visibility', 'answer_insights', 'competitors'],
    }),
  );
  const rankingBody = record(
    client.get('competitors', { project, dataset: 'ranking', limit: RANKING_ROWS }),
  );
  const ranking = (Array.isArray(rankingBody.competitors) ? rankingBody.competitors : [])
    .slice(0, RANKING_ROWS)
    .map((raw: unknown, index: number) => {
      const row = record(raw);
      return {
        name: name(row.name) ?? '',
        visibility: num(row.visibility) ?? 0,
        rank: num(row.rank) ?? index + 1,
        own: row.is_own_brand === true,
      };
    });
  const flaggedBody = record(
    client.get('answers', {
      project,
      only_flagged: true,
      limit: since ? FLAGGED_PAGE : 1,
      ...(since ? { since: since.slice(0, 10) } : {}),
    }),
  );
  const rows = (Array.isArray(flaggedBody.answers) ? flaggedBody.answers : [])
    .map(record)
    .filter((row) => (text(row.checked_at) ?? '') <= clock);
  const newest = rows
    .map((row) => text(row.checked_at))
    .filter((each): each is string => Boolean(each))
    .sort()
    .pop();
  const flagged = since
    ? rows
        .filter((row) => (text(row.checked_at) ?? '') > since)
        .map((row) => ({
          checkedAt: clipText(text(row.checked_at) ?? '', 40),
          platform: name(row.platform) ?? '',
          quote: clipText(text(row.evidence_quote) ?? '', QUOTE_KEEP_CHARS),
          why: reasons(row),
        }))
        .sort((a, b) => (a.checkedAt < b.checkedAt ? 1 : a.checkedAt > b.checkedAt ? -1 : 0))
    : [];
  const plan = record(client.get('action-plan', { project, limit: 3 }));
  const actions = (Array.isArray(plan.actions) ? plan.actions : [])
    .map((each: unknown) => name(record(each).title))
    .filter((each): each is string => Boolean(each))
    .slice(0, 3);
  const list = record(client.get('projects', {}));
  const item = record(
    (Array.isArray(list.projects) ? list.projects : []).find(
      (each: unknown) => record(each).id === project,
    ),
  );
  const connected = record(item.connections);
  const data = record(item.connected_data);
  const sources: SourceFreshness[] = SOURCES.filter((source) => connected[source] === true).map(
    (source) => {
      const snapshot = data[source];
      if (snapshot === null || snapshot === undefined) {
        return { source, state: 'unavailable' as const, fetchedAt: null };
      }
      const fields = record(snapshot);
      return {
        source,
        state: fields.is_stale === true ? ('stale' as const) : ('fresh' as const),
        fetchedAt: name(fields.fetched_at),
      };
    },
  );
  return {
    project,
    brand: clipText(summary.brand ?? text(item.brand_name) ?? `Project ${project}`, NAME_CHARS),
    reportUrl: summary.reportUrl,
    periodStart: summary.periodStart,
    periodEnd: summary.periodEnd,
    score: summary.score,
    shareOfVoice: summary.shareOfVoice,
    answers: summary.answers,
    ranking,
    flagged,
    flaggedMore:
      rows.length >= FLAGGED_PAGE && flaggedBody.pagination !== undefined
        ? record(flaggedBody.pagination).has_more === true
        : false,
    newestFlaggedAt: [since, newest && clipText(newest, 40)].filter(Boolean).sort().pop() ?? null,
    actions,
    sources,
  };
}
