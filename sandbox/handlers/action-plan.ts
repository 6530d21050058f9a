/**
 * GET /projects/{project}/action-plan (data-api 4.8): actions from the four stored
 * signals, ordered by audience, each with dated evidence and the API request
 * that returns its supporting rows. The plan estimates no impact (rule 3).
 */
import type { ActionSignal, Audience, ReportPeriod } from '../../shared/api/vocabulary.js';
import { apiPath } from '../../shared/http/request.js';
import { brandRanking, judged } from '../data/aggregates.js';
import { isoOf, timestampOf } from '../data/calendar.js';
import type { ProjectData } from '../data/dataset.js';
import { answersIn, periodObject, type ResolvedPeriod, resolvePeriod } from '../data/periods.js';
import { trafficOf } from '../data/traffic.js';
import { MIN_EVIDENCE_ANSWERS, reportUrl } from '../data/world.js';
import { type Handler, projectOf } from './common.js';

/** data-api 4.8 rule 2: which signals each audience sees first. */
const SIGNAL_ORDER: Record<Audience, readonly ActionSignal[]> = {
  business: ['ai_landing_pages', 'search_ctr_gap', 'negative_answers', 'brand_not_named'],
  marketing: ['negative_answers', 'brand_not_named', 'ai_landing_pages', 'search_ctr_gap'],
  seo: ['search_ctr_gap', 'ai_landing_pages', 'brand_not_named', 'negative_answers'],
};

interface Candidate {
  signal: ActionSignal;
  strength: number;
  title: string;
  owner: string;
  next_step: string;
  evidence: Array<{ date: string; text: string; value?: number | null }>;
  success_measure: string;
  report_url: string;
  next_request: string;
}

const SEARCH_NAMES = { google: 'Google', bing: 'Bing' } as const;

function candidates(data: ProjectData, period: ResolvedPeriod): Candidate[] {
  const { spec } = data;
  const project = spec.id;
  const answers = judged(answersIn(data, period));
  const found: Candidate[] = [];

  // Signal 1: answers negative about the brand or naming a drawback.
  const negative = answers.filter(
    (answer) => answer.brand_sentiment === 'negative' || answer.brand_drawback !== null,
  );
  if (negative.length > 0) {
    found.push({
      signal: 'negative_answers',
      strength: negative.length,
      title: `Answer the criticism AI platforms repeat about ${spec.brand_name}`,
      owner: 'Marketing',
      next_step:
        'Read the flagged answers and publish a page that addresses the drawback they name.',
      evidence: negative.slice(0, 3).map((answer) => ({
        date: isoOf(answer.day),
        text: answer.brand_drawback ?? answer.evidence_quote ?? '',
        value: null,
      })),
      success_measure: 'Fewer negative or drawback answers in the next 30 days.',
      report_url: reportUrl(spec.id, 'answers'),
      next_request: apiPath('answers', { project, period: period.used, only_flagged: true }),
    });
  }

  // Signal 2: answers where the brand is not named, per question.
  const gaps = new Map<number, number>();
  for (const answer of answers)
    if (answer.prominence_level === 0)
      gaps.set(answer.prompt_id, (gaps.get(answer.prompt_id) ?? 0) + 1);
  for (const [promptId, count] of [...gaps]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, 3)) {
    const question = data.questions.find((item) => item.id === promptId);
    found.push({
      signal: 'brand_not_named',
      strength: count,
      title: `Get ${spec.brand_name} named for "${question?.text ?? promptId}"`,
      owner: 'Content',
      next_step:
        'Compare the answers that skip the brand with the pages they cite, then fill the gap.',
      evidence: [
        {
          date: period.end,
          text: `${count} answers in ${period.used} do not name ${spec.brand_name}.`,
          value: count,
        },
      ],
      success_measure: 'The brand is named in more answers to this question.',
      report_url: reportUrl(spec.id, 'questions'),
      next_request: apiPath('answers', {
        project,
        period: period.used,
        prompt_id: promptId,
        prominence_max: 0,
      }),
    });
  }

  // Signal 3: search queries with many impressions and few clicks (both sources, 30-day snapshots).
  for (const source of ['google', 'bing'] as const) {
    const store = data.search[source];
    const opportunities = store?.lists('30d')?.opportunities ?? [];
    if (!store || opportunities.length === 0) continue;
    found.push({
      signal: 'search_ctr_gap',
      strength: opportunities.length,
      title: `Rewrite titles and snippets for ${SEARCH_NAMES[source]} queries that get seen but not clicked`,
      owner: 'SEO',
      next_step:
        'Start with the query with the most impressions and improve the page that ranks for it.',
      evidence: opportunities.slice(0, 3).map((row) => ({
        date: isoOf(store.clock.fetchedDay),
        text: `${String(row.query)}: ${String(row.reason)}`,
        value: Number(row.impressions),
      })),
      success_measure: 'Higher click-through rate on these queries in the next 30-day window.',
      report_url: reportUrl(spec.id, 'search'),
      next_request: apiPath('search-performance', { project, source, dataset: 'opportunities' }),
    });
  }

  // Signal 4: landing pages of AI visitors.
  const pages = data.traffic?.landingPages('30d');
  if (data.traffic && pages && pages.length > 0) {
    const top = pages
      .map((page) => ({ path: page.path, ...trafficOf(page.bySource) }))
      .sort((a, b) => b.sessions - a.sessions)
      .slice(0, 3);
    found.push({
      signal: 'ai_landing_pages',
      strength: top.reduce((sum, page) => sum + page.sessions, 0),
      title: 'Make the pages AI visitors land on convert better',
      owner: 'Growth',
      next_step: 'Check the top landing pages of AI visitors for a clear offer and a next step.',
      evidence: top.map((page) => ({
        date: isoOf(data.traffic!.clock.fetchedDay),
        text: `${page.path}: ${page.sessions} sessions, ${page.conversions} conversions`,
        value: page.sessions,
      })),
      success_measure: 'More conversions from AI-referred sessions in the next 30 days.',
      report_url: reportUrl(spec.id, 'ai-traffic'),
      next_request: apiPath('ai-traffic', { project, dataset: 'landing_pages' }),
    });
  }
  return found;
}

function dataNotes(
  data: ProjectData,
  judgedCount: number,
  unjudgedCount: number,
  period: ResolvedPeriod,
) {
  const notes: Array<{ source: string; message: string }> = [];
  const sources = [
    ['ga4', 'GA4', data.traffic?.clock],
    ['google_search_console', 'Google Search Console', data.search.google?.clock],
    ['bing_webmaster_tools', 'Bing Webmaster Tools', data.search.bing?.clock],
  ] as const;
  for (const [source, label, clock] of sources) {
    if (!clock)
      notes.push({
        source,
        message: `${label} is not connected; connect it to add its signal to the plan.`,
      });
    else if (clock.is_stale)
      notes.push({
        source,
        message: `${label} data is stale: the newest snapshot is from ${isoOf(clock.fetchedDay)}.`,
      });
  }
  if (judgedCount < MIN_EVIDENCE_ANSWERS)
    notes.push({
      source: 'answers',
      message: `Only ${judgedCount} judged answers in ${period.used}; the plan needs at least ${MIN_EVIDENCE_ANSWERS}.`,
    });
  if (unjudgedCount > 0)
    notes.push({
      source: 'answers',
      message: `${unjudgedCount} recent answers are not judged yet; the nightly judgment will reach them.`,
    });
  return notes;
}

export function actionPlan(
  data: ProjectData,
  requested: ReportPeriod,
  audience: Audience,
  limit: number,
  today: number,
) {
  const period = resolvePeriod(data, requested);
  const inPeriod = answersIn(data, period);
  const judgedCount = judged(inPeriod).length;
  const order = SIGNAL_ORDER[audience];
  const actions = candidates(data, period)
    .sort((a, b) => order.indexOf(a.signal) - order.indexOf(b.signal) || b.strength - a.strength)
    .slice(0, limit)
    .map(({ strength: _strength, ...action }, index) => ({ rank: index + 1, ...action }));
  const own = brandRanking(data, period).find((brand) => brand.is_own_brand);
  return {
    status:
      judgedCount < MIN_EVIDENCE_ANSWERS
        ? 'needs_data'
        : actions.length === 0
          ? 'no_priority_signals'
          : 'ready',
    audience,
    actions,
    data_notes: dataNotes(data, judgedCount, inPeriod.length - judgedCount, period),
    snapshot: {
      brand_name: data.spec.brand_name,
      visibility_score: judgedCount > 0 ? (own?.visibility ?? 0) : null,
      share_of_voice: judgedCount > 0 ? (own?.share_of_voice ?? 0) : null,
      answers: inPeriod.length,
      generated_at: timestampOf(today, 7 * 60 + 30),
    },
    period: periodObject(period),
  };
}

export const actionPlanHandler: Handler<'action-plan'> = (context) => {
  const { query } = context;
  return {
    body: actionPlan(
      projectOf(context),
      query.period as ReportPeriod,
      query.audience as Audience,
      query.limit as number,
      context.dataset.today,
    ),
  };
};
