/**
 * Generates a project's stored checks: one answer per check, question and
 * platform, joined with its judgment (data-api 2.3). Newest first.
 */
import type { Platform } from '../../shared/api/vocabulary.js';
import { isoOf, timestampOf } from './calendar.js';
import type { ProjectSpec } from './catalog.js';
import { HOSTILE_CITATION } from './catalog.js';
import {
  ARABIC_TEXT,
  CYRILLIC_TEXT,
  EMOJI_TEXT,
  IMG_ONERROR,
  JAPANESE_TEXT,
  LONG_TEXT,
  SCRIPT_TAG,
} from './hostile.js';
import { mulberry32, type Random, seedOf } from './prng.js';
import { SOFTWARE_TRADE, tradeOf } from './trades.js';

export interface StoredQuestion {
  id: number;
  text: string;
  primary: boolean;
}

export interface StoredAnswer {
  id: number;
  prompt_id: number;
  platform: Platform;
  day: number;
  checked_at: string;
  prominence_level: number | null;
  on_topic: boolean | null;
  names_brands: string[] | null;
  brand_sentiment: string | null;
  brand_drawback: string | null;
  evidence_quote: string | null;
  brand_mentioned: boolean | null;
  cited_urls: string[];
  search_queries: string[];
  /** Set only for planted texts; other texts are derived on demand by answerText. */
  text?: string;
}

export const questionId = (project: number, index: number) => project * 100 + index + 1;

export function generateQuestions(spec: ProjectSpec): StoredQuestion[] {
  return spec.questions.map((text, index) => ({
    id: questionId(spec.id, index),
    text,
    primary: index === 0,
  }));
}

/** Check days, oldest first: daily for the newest dailyDays, weekly before that. */
export function checkDays(spec: ProjectSpec, today: number): number[] {
  const days: number[] = [];
  for (let back = spec.historyDays - 1; back >= 0; back--) {
    if (back < spec.dailyDays || back % 7 === 0) days.push(today - back);
  }
  return days;
}

function citedUrls(spec: ProjectSpec, random: Random): string[] {
  const urls: string[] = [];
  const count = random.int(0, 4);
  for (let i = 0; i < count; i++) {
    const domain = random.pick(spec.citedDomains);
    const url = `https://${domain}/${random.pick(tradeOf(spec).citedPaths)}`;
    if (!urls.includes(url)) urls.push(url);
  }
  // Planted often enough to rank on the first page of citations.
  if (spec.hostile && random.chance(0.3)) urls.push(HOSTILE_CITATION);
  return urls;
}

function pickCompetitors(spec: ProjectSpec, random: Random): string[] {
  const names: string[] = [];
  const wanted = random.int(1, Math.min(4, spec.competitors.length));
  const pool = [...spec.competitors];
  while (names.length < wanted && pool.length > 0) {
    const index = random.weighted(pool.map((competitor) => competitor.weight));
    names.push(pool[index]!.name);
    pool.splice(index, 1);
  }
  return names;
}

export function generateAnswers(
  spec: ProjectSpec,
  questions: StoredQuestion[],
  today: number,
): StoredAnswer[] {
  const random = mulberry32(seedOf('answers', spec.id));
  const answers: StoredAnswer[] = [];
  let next = 0;
  for (const day of checkDays(spec, today)) {
    const judged = day <= today - spec.unjudgedDays;
    for (const [questionIndex, question] of questions.entries()) {
      for (const [platformIndex, platform] of spec.platforms.entries()) {
        next++;
        const named = random.chance(spec.namedRate);
        const prominence = named ? 1 + random.weighted([0.3, 0.45, 0.25]) : 0;
        const negative = named && random.chance(spec.negativeRate);
        const drawback =
          named && random.chance(spec.drawbackRate) ? random.pick(tradeOf(spec).drawbacks) : null;
        const onTopic = !random.chance(spec.offTopicRate);
        const brands = pickCompetitors(spec, random);
        if (named) brands.splice(random.int(0, brands.length), 0, spec.brand_name);
        const cited = citedUrls(spec, random);
        const searches = random.chance(0.6) ? [`${question.text.slice(0, 48).toLowerCase()}`] : [];
        answers.push({
          id: spec.id * 1_000_000 + next,
          prompt_id: question.id,
          platform,
          day,
          checked_at: timestampOf(day, 360 + questionIndex * 7 + platformIndex),
          prominence_level: judged ? prominence : null,
          on_topic: judged ? onTopic : null,
          names_brands: judged ? brands : null,
          brand_sentiment:
            judged && named ? (negative ? 'negative' : random.pick(['positive', 'neutral'])) : null,
          brand_drawback: judged ? drawback : null,
          // A quote is words of the answer: never the platform's id, which the answer does not say.
          evidence_quote: judged
            ? named
              ? `${spec.brand_name} is ${negative ? 'hard to recommend' : 'a solid choice'} for "${question.text}".`
              : `Options worth a look: ${brands.join(', ')}.`
            : null,
          brand_mentioned: judged ? named : null,
          cited_urls: cited,
          search_queries: searches,
        });
      }
    }
  }
  answers.reverse();
  if (spec.hostile) plantHostileAnswers(answers, spec);
  return answers;
}

/** The newest answers carry the hostile strings, so the first default page shows them. */
function plantHostileAnswers(answers: StoredAnswer[], spec: ProjectSpec): void {
  const [first, second, third] = answers;
  if (!first || !second || !third) return;
  Object.assign(first, {
    prominence_level: 2,
    brand_mentioned: true,
    on_topic: true,
    brand_sentiment: 'negative',
    brand_drawback: `Reviewers quote ${IMG_ONERROR} in complaints`,
    evidence_quote: `"${spec.brand_name} ${SCRIPT_TAG} is clunky" ${IMG_ONERROR}`,
    names_brands: [spec.brand_name, spec.competitors[1]!.name, spec.competitors[0]!.name],
    cited_urls: [HOSTILE_CITATION, `https://${spec.citedDomains[0]}/pricing`],
    text: `Here is a comparison. ${SCRIPT_TAG} ${spec.brand_name} is often compared with ${spec.competitors[1]!.name}. ${IMG_ONERROR} Some users find it clunky.`,
  });
  Object.assign(second, {
    evidence_quote: LONG_TEXT.slice(0, 2500),
    text: `${JAPANESE_TEXT}\n\n${LONG_TEXT}`,
  });
  Object.assign(third, {
    evidence_quote: `${ARABIC_TEXT} ${CYRILLIC_TEXT} ${EMOJI_TEXT}`,
    text: `${ARABIC_TEXT}\n${CYRILLIC_TEXT}\n${JAPANESE_TEXT}\n${EMOJI_TEXT}`,
  });
}

/** The answer's text: planted text, or a deterministic text built from its judgment. */
export function answerText(
  answer: StoredAnswer,
  questionText: string,
  filler: readonly string[] = SOFTWARE_TRADE.filler,
): string {
  if (answer.text !== undefined) return answer.text;
  const brands = answer.names_brands ?? [];
  const parts = [
    `Question: ${questionText}`,
    brands.length > 0 ? `Options worth a look: ${brands.join(', ')}.` : 'No brand stands out.',
  ];
  const sentences = 8 + (answer.id % 23);
  for (let i = 0; i < sentences; i++) parts.push(filler[(answer.id + i) % filler.length]!);
  parts.push(`(Checked on ${isoOf(answer.day)}.)`);
  return parts.join(' ');
}
