/**
 * Figures derived from stored answers: brand visibility and ranking (data-api 4.5),
 * cited URLs and domains (data-api 4.6). Memoized per project and period.
 */
import type { Platform } from '../../shared/api/vocabulary.js';
import type { StoredAnswer } from './answers.js';
import { isoOf } from './calendar.js';
import { type ProjectData, remember } from './dataset.js';
import { answersIn, type ResolvedPeriod } from './periods.js';

const round1 = (value: number) => Math.round(value * 10) / 10;
export const percentOf = (part: number, whole: number) =>
  whole > 0 ? round1((part / whole) * 100) : 0;

export type BrandStats = {
  name: string;
  is_own_brand: boolean;
  mentions: number;
  visibility: number;
  share_of_voice: number;
  average_prominence: number | null;
  rank: number;
  byPlatform: Map<string, number>;
  byQuestion: Map<number, number>;
  /** Newest answers naming the brand, for highlights. */
  recent: StoredAnswer[];
};

/** Judged answers: the nightly judgment has reached them (data-api 3). */
export const judged = (answers: readonly StoredAnswer[]) =>
  answers.filter((answer) => answer.brand_mentioned !== null);

/** data-api 4.5 rule 1: one row per brand, own brand included, ranked by visibility. */
export function brandRanking(data: ProjectData, period: ResolvedPeriod): BrandStats[] {
  return remember(data, `ranking:${period.startDay}:${period.endDay}`, () => {
    const answers = judged(answersIn(data, period));
    const stats = new Map<
      string,
      BrandStats & { prominenceSum: number; prominenceCount: number }
    >();
    const statsOf = (name: string) => {
      let entry = stats.get(name);
      if (!entry) {
        entry = {
          name,
          is_own_brand: name === data.spec.brand_name,
          mentions: 0,
          visibility: 0,
          share_of_voice: 0,
          average_prominence: null,
          rank: 0,
          byPlatform: new Map(),
          byQuestion: new Map(),
          recent: [],
          prominenceSum: 0,
          prominenceCount: 0,
        };
        stats.set(name, entry);
      }
      return entry;
    };
    statsOf(data.spec.brand_name);
    let totalMentions = 0;
    for (const answer of answers) {
      for (const [index, name] of (answer.names_brands ?? []).entries()) {
        const entry = statsOf(name);
        entry.mentions++;
        totalMentions++;
        entry.byPlatform.set(answer.platform, (entry.byPlatform.get(answer.platform) ?? 0) + 1);
        entry.byQuestion.set(answer.prompt_id, (entry.byQuestion.get(answer.prompt_id) ?? 0) + 1);
        if (entry.recent.length < 60) entry.recent.push(answer);
        // Own brand: the judged prominence; others: their place in the answer's list.
        entry.prominenceSum += entry.is_own_brand
          ? (answer.prominence_level ?? 0)
          : Math.max(1, 3 - index);
        entry.prominenceCount++;
      }
    }
    const rows = [...stats.values()].map((entry) => ({
      ...entry,
      visibility: percentOf(entry.mentions, answers.length),
      share_of_voice: percentOf(entry.mentions, totalMentions),
      average_prominence:
        entry.prominenceCount > 0
          ? Math.round((entry.prominenceSum / entry.prominenceCount) * 100) / 100
          : null,
    }));
    rows.sort((a, b) => b.mentions - a.mentions || a.name.localeCompare(b.name));
    return rows.map((row, index) => ({ ...row, rank: index + 1 }));
  });
}

const PHRASES = [
  'is a strong pick',
  'is often recommended',
  'comes up as an alternative',
  'is praised for ease of use',
  'is named for value',
];

/** Highlight sentences per platform for a brand (data-api 4.5: include_highlights). */
export function highlightsOf(
  data: ProjectData,
  brand: BrandStats,
  perPlatform: number,
): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  const questionText = new Map(data.questions.map((question) => [question.id, question.text]));
  for (const answer of brand.recent) {
    const list = result[answer.platform] ?? [];
    result[answer.platform] = list;
    if (list.length >= perPlatform) continue;
    list.push(
      `${isoOf(answer.day)}: ${brand.name} ${PHRASES[answer.id % PHRASES.length]} for "${questionText.get(answer.prompt_id) ?? ''}".`,
    );
  }
  return result;
}

/** The host of an http(s) URL without www; other schemes keep their scheme, so they stay visible. */
export function domainOf(url: string): string {
  const match = /^https?:\/\/([^/?#:]+)/i.exec(url);
  if (match) return match[1]!.toLowerCase().replace(/^www\./, '');
  return `${url.split(':')[0]!.toLowerCase()}:`;
}

export type CitationStats = {
  url: string;
  domain: string;
  citations: number;
  answers: number;
  platforms: Platform[];
  is_own_site: boolean;
  first_cited_at: string;
  last_cited_at: string;
};

export function citationStats(
  data: ProjectData,
  answers: readonly StoredAnswer[],
): CitationStats[] {
  const ownDomain = domainOf(data.spec.brand_website);
  const byUrl = new Map<string, CitationStats & { answerIds: Set<number> }>();
  // Answers are newest first: the first sighting is the last citation.
  for (const answer of answers) {
    for (const url of answer.cited_urls) {
      let entry = byUrl.get(url);
      if (!entry) {
        const domain = domainOf(url);
        entry = {
          url,
          domain,
          citations: 0,
          answers: 0,
          platforms: [],
          is_own_site: domain === ownDomain,
          first_cited_at: answer.checked_at,
          last_cited_at: answer.checked_at,
          answerIds: new Set(),
        };
        byUrl.set(url, entry);
      }
      // A web search result counts as an extra citation of the same URL.
      entry.citations += 1 + answer.search_queries.length;
      entry.answerIds.add(answer.id);
      entry.first_cited_at = answer.checked_at;
      if (!entry.platforms.includes(answer.platform)) entry.platforms.push(answer.platform);
    }
  }
  return [...byUrl.values()]
    .map(({ answerIds, ...entry }) => ({ ...entry, answers: answerIds.size }))
    .sort((a, b) => b.citations - a.citations || a.url.localeCompare(b.url));
}
