/**
 * A day's typed rows from its stored bodies (docs/ledger.md, "Tables"). The
 * bodies are input like any other: a field that is missing or of another
 * type becomes null, never an error, and text stays text.
 */
import { createHash } from 'node:crypto';
import type { SqlRow } from './driver.js';
import type { AnswerRow, DerivedDay, StoredBody } from './store.js';

type Json = Record<string, unknown>;
const object = (value: unknown): Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const num = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const int = (value: unknown) => (Number.isSafeInteger(value) ? (value as number) : null);
const str = (value: unknown) => (typeof value === 'string' ? value : null);
const bool = (value: unknown) => (typeof value === 'boolean' ? value : null);
const date = (value: unknown) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;

function parse(body: StoredBody | undefined): Json {
  if (body?.status !== 200) return {};
  try {
    return object(JSON.parse(body.text));
  } catch {
    return {};
  }
}

/** A question's series: its id and its text, so a reworded question starts a new one. */
export const questionSeries = (id: number, text: string) =>
  `${id}-${createHash('sha256').update(text).digest('hex').slice(0, 8)}`;

export function deriveDay(projectId: number, bodies: readonly StoredBody[]): DerivedDay {
  const byRequest = new Map(bodies.map((body) => [body.request.split('?')[0]!, body]));
  const base = `/projects/${projectId}`;
  const detail = parse(byRequest.get(base));
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
  };
  const ranking = list(parse(byRequest.get(`${base}/competitors`)).competitors).map(object);
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
  rows.citations = list(parse(byRequest.get(`${base}/citations`)).citations)
    .map(object)
    .filter((row) => str(row.url) !== null)
    .map((row) => ({
      url: str(row.url),
      domain: str(row.domain),
      citations: int(row.citations),
      answers: int(row.answers),
      is_own_site: bool(row.is_own_site),
    }));
  return { rows, answers: answerRows(detail, bodies, base) };
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

function answerRows(detail: Json, bodies: readonly StoredBody[], base: string): AnswerRow[] {
  const questions = object(detail.questions);
  const series = new Map<number, string>();
  for (const question of [questions.primary, ...list(questions.additional)].map(object)) {
    const id = int(question.id);
    const text = str(question.text);
    if (id !== null && text !== null) series.set(id, questionSeries(id, text));
  }
  const seen = new Map<number, AnswerRow>();
  for (const body of bodies) {
    if (!body.request.startsWith(`${base}/answers?`)) continue;
    for (const answer of list(parse(body).answers).map(object)) {
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
