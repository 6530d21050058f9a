/** GET /projects/{project} (data-api 4.2, 2.2): the compact project snapshot, one key per block. */

import type { ResponseOf } from '../../shared/api/responses.js';
import {
  LIMITS,
  type ReportPeriod,
  SUMMARY_BLOCKS,
  type SummaryBlock,
} from '../../shared/api/vocabulary.js';
import { brandRanking, citationStats, judged, percentOf } from '../data/aggregates.js';
import { isoOf, timestampOf } from '../data/calendar.js';
import type { ProjectData } from '../data/dataset.js';
import { answersIn, periodObject, type ResolvedPeriod, resolvePeriod } from '../data/periods.js';
import { sumSearch } from '../data/search.js';
import { addTraffic, emptyTraffic, trafficOf } from '../data/traffic.js';
import { type SourceClock, windowObject, windowRange, windowStored } from '../data/windows.js';
import { reportUrl } from '../data/world.js';
import { actionPlan } from './action-plan.js';
import { type Handler, projectOf } from './common.js';

type ProjectSummary = ResponseOf<'summary'>;
/** Each block is built as the schema's type of that block, so the compiler checks it (data-api 2.2). */
type BlockBuilders = {
  [B in SummaryBlock]: (
    data: ProjectData,
    period: ResolvedPeriod,
    today: number,
  ) => NonNullable<ProjectSummary[B]>;
};

const TOP = LIMITS.summaryTopSearchRows;

function questionsBlock(data: ProjectData) {
  const daily = data.spec.dailyDays > 0;
  const questions = data.questions.map((question) => {
    const last = data.answers.find((answer) => answer.prompt_id === question.id);
    return {
      id: question.id,
      text: question.text,
      last_checked_at: last?.checked_at ?? null,
      next_check_at: last ? timestampOf(last.day + (daily ? 1 : 7), 6 * 60) : null,
    };
  });
  return {
    primary: questions[0]!,
    additional: questions.slice(1, 1 + LIMITS.summaryAdditionalQuestions),
  };
}

function visibilityScore(data: ProjectData, period: ResolvedPeriod) {
  return brandRanking(data, period).find((brand) => brand.is_own_brand)!;
}

function aiVisibilityBlock(data: ProjectData, period: ResolvedPeriod) {
  const answers = judged(answersIn(data, period));
  const own = visibilityScore(data, period);
  const length = period.endDay - period.startDay + 1;
  const previousStart = period.startDay - length;
  const hasPrevious = data.firstCheckDay <= previousStart;
  const previous = hasPrevious
    ? {
        ...period,
        startDay: previousStart,
        endDay: period.startDay - 1,
        start: isoOf(previousStart),
        end: isoOf(period.startDay - 1),
      }
    : undefined;
  const previousScore = previous ? visibilityScore(data, previous).visibility : null;
  return {
    score: own.visibility,
    mentions_by_platform: data.spec.platforms.map((platform) => {
      const onPlatform = answers.filter((answer) => answer.platform === platform);
      const mentions = onPlatform.filter((answer) => answer.brand_mentioned === true).length;
      return {
        platform,
        mentions,
        answers: onPlatform.length,
        mention_rate: percentOf(mentions, onPlatform.length),
      };
    }),
    performance_comparison: {
      score_delta:
        previousScore === null ? null : Math.round((own.visibility - previousScore) * 10) / 10,
      previous_score: previousScore,
      previous_period: previous ? { start: previous.start, end: previous.end } : null,
    },
    share_of_voice: own.share_of_voice,
  };
}

function answerInsightsBlock(data: ProjectData, period: ResolvedPeriod) {
  const all = answersIn(data, period);
  const answers = judged(all);
  const named = answers.filter((answer) => answer.brand_mentioned === true);
  const prominence = answers.reduce((sum, answer) => sum + (answer.prominence_level ?? 0), 0);
  return {
    answers: all.length,
    brand_named: named.length,
    brand_named_rate: percentOf(named.length, answers.length),
    average_prominence:
      answers.length > 0 ? Math.round((prominence / answers.length) * 100) / 100 : null,
    by_prominence: [0, 1, 2, 3].map((level) => ({
      prominence_level: level,
      answers: answers.filter((answer) => answer.prominence_level === level).length,
    })),
    negative_answers: answers.filter((answer) => answer.brand_sentiment === 'negative').length,
    drawback_answers: answers.filter((answer) => answer.brand_drawback !== null).length,
    off_topic_answers: answers.filter((answer) => answer.on_topic === false).length,
    not_yet_judged: all.length - answers.length,
  };
}

function competitorsBlock(data: ProjectData, period: ResolvedPeriod) {
  const ranking = brandRanking(data, period);
  const own = ranking.find((brand) => brand.is_own_brand)!;
  return {
    own_brand: {
      name: own.name,
      rank: own.mentions > 0 ? own.rank : null,
      visibility: own.visibility,
      mentions: own.mentions,
    },
    top: ranking.slice(0, LIMITS.summaryTopCompetitors).map((brand) => ({
      name: brand.name,
      rank: brand.rank,
      visibility: brand.visibility,
      mentions: brand.mentions,
      is_own_brand: brand.is_own_brand,
    })),
  };
}

function citationsBlock(data: ProjectData, period: ResolvedPeriod) {
  const domains = new Map<string, { domain: string; citations: number; is_own_site: boolean }>();
  let total = 0;
  for (const row of citationStats(data, answersIn(data, period))) {
    total += row.citations;
    const entry = domains.get(row.domain) ?? {
      domain: row.domain,
      citations: 0,
      is_own_site: row.is_own_site,
    };
    entry.citations += row.citations;
    domains.set(row.domain, entry);
  }
  return {
    top_domains: [...domains.values()]
      .sort((a, b) => b.citations - a.citations || a.domain.localeCompare(b.domain))
      .slice(0, 10)
      .map((row) => ({ ...row, share: percentOf(row.citations, total) })),
  };
}

const notConnected = (label: string) => ({
  available: false as const,
  reason: `${label} is not connected to this project.`,
});

function searchBlock(data: ProjectData) {
  const block = (source: 'google' | 'bing', label: string) => {
    const store = data.search[source];
    if (!store) return notConnected(label);
    const range = windowRange(store.clock, '30d');
    const lists = store.lists('30d');
    if (!windowStored(store.clock, range) || !lists)
      return { available: false as const, reason: `${label} has no stored 30-day window yet.` };
    return {
      period: windowObject(range),
      fetched_at: store.clock.fetched_at,
      is_stale: store.clock.is_stale,
      totals: sumSearch(
        store.daily.filter((row) => row.day >= range.startDay && row.day <= range.endDay),
      ),
      top_queries: lists.top_queries.slice(0, TOP),
      top_pages: lists.top_pages.slice(0, TOP),
    };
  };
  return {
    google: block('google', 'Google Search Console'),
    bing: block('bing', 'Bing Webmaster Tools'),
  };
}

function aiTrafficBlock(data: ProjectData) {
  const store = data.traffic;
  if (!store) return notConnected('GA4');
  const range = windowRange(store.clock, '30d');
  const totals = emptyTraffic();
  const bySource = new Map<string, number>();
  for (const row of store.daily) {
    if (row.day < range.startDay || row.day > range.endDay) continue;
    addTraffic(totals, trafficOf(row.bySource));
    for (const [source, metrics] of Object.entries(row.bySource))
      bySource.set(source, (bySource.get(source) ?? 0) + metrics.sessions);
  }
  return {
    period: windowObject(range),
    fetched_at: store.clock.fetched_at,
    is_stale: store.clock.is_stale,
    sessions: totals.sessions,
    users: totals.users,
    by_source: [...bySource]
      .sort((a, b) => b[1] - a[1])
      .map(([source, sessions]) => ({ source, sessions })),
  };
}

function connectionsBlock(data: ProjectData) {
  const health = (clock: SourceClock | undefined, label: string) => ({
    connected: clock !== undefined,
    healthy: clock !== undefined && !clock.is_stale,
    fetched_at: clock?.fetched_at ?? null,
    is_stale: clock ? clock.is_stale : null,
    message: !clock
      ? `${label} is not connected.`
      : clock.is_stale
        ? `${label} has not delivered data since ${isoOf(clock.fetchedDay)}; reconnect it in the project settings.`
        : null,
  });
  return {
    ga4: health(data.traffic?.clock, 'GA4'),
    google_search_console: health(data.search.google?.clock, 'Google Search Console'),
    bing_webmaster_tools: health(data.search.bing?.clock, 'Bing Webmaster Tools'),
  };
}

function recommendationsBlock(data: ProjectData, period: ResolvedPeriod, today: number) {
  const plan = actionPlan(
    data,
    period.requested as ReportPeriod,
    'business',
    LIMITS.actionPlanLimit.default,
    today,
  );
  return {
    summary: plan.actions.length > 0 ? plan.actions.map((action) => action.title).join('; ') : null,
    generated_at: plan.snapshot.generated_at,
    action_count: plan.actions.length,
  };
}

const BLOCKS: BlockBuilders = {
  profile: (data) => ({
    brand_name: data.spec.brand_name,
    brand_website: data.spec.brand_website,
    country: data.spec.country,
    language: data.spec.language,
    business_profile: {
      category: data.spec.category,
      description: data.spec.description,
      audience: data.spec.audience,
    },
  }),
  questions: questionsBlock,
  ai_visibility: aiVisibilityBlock,
  answer_insights: answerInsightsBlock,
  competitors: competitorsBlock,
  citations: citationsBlock,
  search: searchBlock,
  ai_traffic: aiTrafficBlock,
  connections: connectionsBlock,
  recommendations: recommendationsBlock,
};

/** One block into the body; generic so the block's builder and its key stay the same type. */
function addBlock<B extends SummaryBlock>(
  body: ProjectSummary,
  block: B,
  data: ProjectData,
  period: ResolvedPeriod,
  today: number,
): void {
  body[block] = BLOCKS[block](data, period, today);
}

export const summaryHandler: Handler<'summary'> = (context) => {
  const data = projectOf(context);
  const period = resolvePeriod(data, context.query.period as ReportPeriod);
  const wanted = (context.query.include as SummaryBlock[] | undefined) ?? SUMMARY_BLOCKS;
  // Blocks come in the spec's order whatever order `include` lists them in.
  const included = SUMMARY_BLOCKS.filter((block) => wanted.includes(block));
  const body: ProjectSummary = {
    id: data.spec.id,
    included,
    report_url: reportUrl(data.spec.id),
    period: periodObject(period),
  };
  for (const block of included) addBlock(body, block, data, period, context.dataset.today);
  return { body };
};
