/**
 * A day's typed rows from its stored bodies (docs/ledger.md, "Tables"). The
 * bodies are input like any other: each is read through the alias table
 * first (ledger/read-bodies.ts), then a field that is missing or of another
 * type becomes null, never an error, and text stays text.
 */
import { createHash } from 'node:crypto';
import type { SqlRow } from './driver.js';
import { figureRows } from './figure-rows.js';
import {
  bool,
  date,
  int,
  type Json,
  list,
  num,
  object,
  type ReadBody,
  readBodies,
  str,
} from './read-bodies.js';
import type { AnswerRow, DerivedDay, StoredBody } from './store.js';

/** The body of one endpoint (and one value of the parameter that picks its body), or nothing. */
export const bodyOf = (read: readonly ReadBody[], name: ReadBody['name'], by?: [string, string]) =>
  read.find((entry) => entry.name === name && (!by || entry.query[by[0]] === by[1]))?.body ?? {};

/** A question's series: its id and its text, so a reworded question starts a new one. */
export const questionSeries = (id: number, text: string) =>
  `${id}-${createHash('sha256').update(text).digest('hex').slice(0, 8)}`;

export function deriveDay(bodies: readonly StoredBody[]): DerivedDay {
  const read = readBodies(bodies);
  const detail = bodyOf(read, 'summary');
  const visibility = object(detail.ai_visibility);
  const insights = object(detail.answer_insights);
  const comparison = object(visibility.performance_comparison);
  const period = object(detail.period);
  const rows: DerivedDay['rows'] = {
    daily_score: [
      {
        period_used: str(period.used),
        period_start: date(period.start),
        score: num(visibility.score),
        share_of_voice: num(visibility.share_of_voice),
        score_delta: num(comparison.score_delta),
        previous_score: num(comparison.previous_score),
        answers: int(insights.answers),
        brand_named: int(insights.brand_named),
        brand_named_rate: num(insights.brand_named_rate),
        average_prominence: num(insights.average_prominence),
        negative_answers: int(insights.negative_answers),
        not_yet_judged: int(insights.not_yet_judged),
      },
    ],
    mentions_by_platform: list(visibility.mentions_by_platform)
      .map(object)
      .filter((row) => str(row.platform))
      .map((row) => ({
        platform: str(row.platform),
        mentions: int(row.mentions),
        answers: int(row.answers),
        mention_rate: num(row.mention_rate),
      })),
    search_figures: ['google', 'bing'].flatMap((engine) => {
      const source = object(object(detail.search)[engine]);
      if (Object.keys(source).length === 0) return [];
      const totals = object(source.totals);
      return [
        {
          engine,
          fetched_at: str(source.fetched_at),
          is_stale: bool(source.is_stale),
          period_end: date(object(source.period).end),
          clicks: int(totals.clicks),
          impressions: int(totals.impressions),
          ctr: num(totals.ctr),
          position: num(totals.position),
        },
      ];
    }),
    traffic_figures: trafficRows(object(detail.ai_traffic)),
    ...figureRows(read),
  };
  const ranking = list(bodyOf(read, 'competitors', ['dataset', 'ranking']).competitors).map(object);
  rows.ranking_rows = ranking
    .filter((row) => int(row.rank) !== null)
    .map((row) => ({
      rank: int(row.rank),
      brand: str(row.name),
      is_own_brand: bool(row.is_own_brand),
      visibility: num(row.visibility),
      mentions: int(row.mentions),
      share_of_voice: num(row.share_of_voice),
      average_prominence: num(row.average_prominence),
    }));
  rows.share_of_voice = ranking
    .filter((row) => str(row.name) !== null)
    .map((row) => ({
      brand: str(row.name),
      is_own_brand: bool(row.is_own_brand),
      share_of_voice: num(row.share_of_voice),
    }));
  rows.citations = list(bodyOf(read, 'citations', ['group_by', 'url']).citations)
    .map(object)
    .filter((row) => str(row.url) !== null)
    .map((row) => ({
      url: str(row.url),
      domain: str(row.domain),
      citations: int(row.citations),
      answers: int(row.answers),
      is_own_site: bool(row.is_own_site),
    }));
  return { rows, questions: questionRows(detail), answers: answerRows(detail, read) };
}

function trafficRows(traffic: Json): SqlRow[] {
  if (Object.keys(traffic).length === 0) return [];
  const common = {
    fetched_at: str(traffic.fetched_at),
    is_stale: bool(traffic.is_stale),
    period_end: date(object(traffic.period).end),
  };
  return [
    { source: 'all', ...common, sessions: int(traffic.sessions), users: int(traffic.users) },
    ...list(traffic.by_source)
      .map(object)
      .filter((row) => str(row.source) !== null && str(row.source) !== 'all')
      .map((row) => ({
        source: str(row.source),
        ...common,
        sessions: int(row.sessions),
        users: null,
      })),
  ];
}

/** The questions block's questions, each with the series of its current text. */
function questionRows(detail: Json): SqlRow[] {
  const block = object(detail.questions);
  return [block.primary, ...list(block.additional)].map(object).flatMap((question, index) => {
    const id = int(question.id);
    const text = str(question.text);
    if (id === null || text === null) return [];
    return [
      { prompt_id: id, question_series: questionSeries(id, text), text, is_primary: index === 0 },
    ];
  });
}

function answerRows(detail: Json, read: readonly ReadBody[]): AnswerRow[] {
  const series = new Map(
    questionRows(detail).map((row) => [row.prompt_id as number, row.question_series as string]),
  );
  const seen = new Map<number, AnswerRow>();
  for (const { name, body } of read) {
    if (name !== 'answers') continue;
    for (const answer of list(body.answers).map(object)) {
      const id = int(answer.id);
      const checkedAt = str(answer.checked_at);
      const promptId = int(answer.prompt_id);
      if (id === null || checkedAt === null || date(checkedAt) === null) continue;
      seen.set(id, {
        answer_id: id,
        prompt_id: promptId,
        question_series: promptId === null ? null : (series.get(promptId) ?? null),
        platform: str(answer.platform),
        checked_at: checkedAt,
        check_day: date(checkedAt)!,
        prominence_level: int(answer.prominence_level),
        on_topic: bool(answer.on_topic),
        brand_mentioned: bool(answer.brand_mentioned),
        brand_sentiment: str(answer.brand_sentiment),
        brand_drawback: str(answer.brand_drawback),
        evidence_quote: str(answer.evidence_quote),
        names_brands: Array.isArray(answer.names_brands)
          ? JSON.stringify(answer.names_brands)
          : null,
        cited_urls: Array.isArray(answer.cited_urls) ? JSON.stringify(answer.cited_urls) : null,
      });
    }
  }
  return [...seen.values()];
}
