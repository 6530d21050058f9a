/** GET /projects/{project}/competitors (data-api 4.5): ranked, in detail or by month. */
import type { ReportPeriod } from '../../shared/api/vocabulary.js';
import { LIMITS } from '../../shared/api/vocabulary.js';
import { brandRanking, highlightsOf, judged, percentOf } from '../data/aggregates.js';
import type { StoredAnswer } from '../data/answers.js';
import { monthOf } from '../data/calendar.js';
import { type ProjectData, remember } from '../data/dataset.js';
import { latestCheckAt, periodObject, resolvePeriod } from '../data/periods.js';
import { type Handler, paginate, projectOf } from './common.js';

/** Brands per stored monthly snapshot: the own brand and the top ten. */
const BRANDS_PER_MONTH = 10;

/** data-api 4.5 rule 2: stored month-by-month snapshots, newest first. */
function monthlySnapshots(data: ProjectData) {
  return remember(data, 'competitor-history', () => {
    const byMonth = new Map<string, StoredAnswer[]>();
    for (const answer of judged(data.answers)) {
      const month = monthOf(answer.day);
      const list = byMonth.get(month) ?? [];
      list.push(answer);
      byMonth.set(month, list);
    }
    return [...byMonth].map(([month, answers]) => {
      const counts = new Map<string, number>([[data.spec.brand_name, 0]]);
      for (const answer of answers)
        for (const name of answer.names_brands ?? []) counts.set(name, (counts.get(name) ?? 0) + 1);
      const ranked = [...counts]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .map(([name, mentions], index) => ({
          name,
          is_own_brand: name === data.spec.brand_name,
          rank: index + 1,
          visibility: percentOf(mentions, answers.length),
          mentions,
        }));
      return {
        month,
        brands: ranked.filter((brand, index) => index < BRANDS_PER_MONTH || brand.is_own_brand),
      };
    });
  });
}

export const competitorsHandler: Handler<'competitors'> = (context) => {
  const data = projectOf(context);
  const query = context.query;
  const period = resolvePeriod(data, query.period as ReportPeriod);
  const ranking = brandRanking(data, period);

  if (query.dataset === 'history') {
    const page = paginate(monthlySnapshots(data), query.offset as number, query.limit as number);
    return {
      body: {
        dataset: 'history',
        history: page.rows,
        pagination: page.pagination,
        // data-api 1: responses state when their data is from; snapshots end at the newest check.
        latest_check_at: latestCheckAt(data),
      },
    };
  }

  if (query.dataset === 'detail') {
    const fragment = String(query.competitor).toLowerCase();
    const inPeriod = judged(
      data.answers.filter((answer) => answer.day >= period.startDay && answer.day <= period.endDay),
    );
    const perPlatform = new Map<string, number>();
    for (const answer of inPeriod)
      perPlatform.set(answer.platform, (perPlatform.get(answer.platform) ?? 0) + 1);
    const questionText = new Map(data.questions.map((question) => [question.id, question.text]));
    // One brand, as the real service's detail: the first (best ranked) whose name holds the fragment.
    const brand = ranking.find((item) => item.name.toLowerCase().includes(fragment));
    if (!brand) {
      return {
        body: {
          dataset: 'detail',
          found: false,
          competitor: String(query.competitor),
          period: periodObject(period),
        },
      };
    }
    return {
      body: {
        dataset: 'detail',
        found: true,
        competitor: String(query.competitor),
        name: brand.name,
        is_own_brand: brand.is_own_brand,
        rank: brand.mentions > 0 ? brand.rank : null,
        visibility: brand.visibility,
        mentions: brand.mentions,
        by_platform: [...brand.byPlatform].map(([platform, mentions]) => ({
          platform,
          mentions,
          visibility: percentOf(mentions, perPlatform.get(platform) ?? 0),
        })),
        // A bounded list, most mentions first; questions_total says how many there are.
        questions: [...brand.byQuestion]
          .sort((a, b) => b[1] - a[1] || a[0] - b[0])
          .slice(0, LIMITS.competitorDetailQuestions)
          .map(([prompt_id, mentions]) => ({
            prompt_id,
            text: questionText.get(prompt_id) ?? '',
            mentions,
          })),
        questions_total: brand.byQuestion.size,
        platform_highlights: highlightsOf(data, brand, query.highlights_per_platform as number),
        period: periodObject(period),
      },
    };
  }

  const page = paginate(ranking, query.offset as number, query.limit as number);
  const perPlatform = Math.min(
    query.highlights_per_platform as number,
    LIMITS.highlightsPerPlatform.max,
  );
  return {
    body: {
      dataset: 'ranking',
      competitors: page.rows.map((brand) => ({
        rank: brand.rank,
        name: brand.name,
        is_own_brand: brand.is_own_brand,
        visibility: brand.visibility,
        mentions: brand.mentions,
        share_of_voice: brand.share_of_voice,
        average_prominence: brand.average_prominence,
        ...(query.include_highlights === true
          ? { platform_highlights: highlightsOf(data, brand, perPlatform) }
          : {}),
      })),
      pagination: page.pagination,
      period: periodObject(period),
    },
  };
};
