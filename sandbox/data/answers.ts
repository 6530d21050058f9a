/**
 * Generates a project's stored checks: one answer per check, question and
 * platform, joined with its judgment (data-api 2.3). Newest first.
 */
import type { Platform } from '../../shared/api/vocabulary.js';
import { ANCHOR_DAY, isoOf, timestampOf } from './calendar.js';
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
import { REWORDINGS } from './rewordings.js';
import { SOFTWARE_TRADE, tradeOf } from './trades.js';
import type { ProjectSpec } from './world.js';
import { HOSTILE_CITATION } from './world.js';

export interface StoredQuestion {
  id: number;
  /** The text as of the dataset's today. */
  text: string;
  primary: boolean;
  /** The text it had before a change (sandbox/data/rewordings.ts) and the day the new one began. */
  earlier?: { text: string; until: number };
}

/** The text a check of `day` asked: the earlier one before a change. */
export const questionTextOn = (question: StoredQuestion, day: number) =>
  question.earlier && day < question.earlier.until ? question.earlier.text : question.text;

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

/** The project's questions as of `today`, with any change made by then (sandbox/data/rewordings.ts). */
export function generateQuestions(spec: ProjectSpec, today: number = ANCHOR_DAY): StoredQuestion[] {
  return spec.questions.map((text, index) => {
    const question: StoredQuestion = { id: questionId(spec.id, index), text, primary: index === 0 };
    const change = REWORDINGS.find(
      (rewording) =>
        rewording.project === spec.id && rewording.index === index && rewording.day <= today,
    );
    return change
      ? { ...question, text: change.text, earlier: { text, until: change.day } }
      : question;
  });
}

const REJUDGE_AFTER_DAYS = 2;

/** Check days up to `today` (at most the default day), oldest first: daily for the newest dailyDays, weekly before that. */
export function checkDays(spec: ProjectSpec, today: number): number[] {
  const days: number[] = [];
  for (let back = spec.historyDays - 1; back >= 0; back--) {
    if (back < spec.dailyDays || back % 7 === 0) days.push(today - back);
  }
  return days;
}

/** Check days after the default day up to `today`: daily, or weekly for a project checked weekly. */
export function laterCheckDays(spec: ProjectSpec, today: number, anchor = ANCHOR_DAY): number[] {
  const days: number[] = [];
  for (let day = anchor + 1; day <= today; day++)
    if (spec.dailyDays > 0 || (day - anchor) % 7 === 0) days.push(day);
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

/** The judgment fields (data-api 2.3): null until the nightly judgment reaches the check. */
const JUDGMENT_FIELDS = [
  'prominence_level',
  'on_topic',
  'names_brands',
  'brand_sentiment',
  'brand_drawback',
  'evidence_quote',
  'brand_mentioned',
] as const;

/** One check's answer with its full judgment, drawn from `random` in a fixed order. */
function drawAnswer(
  spec: ProjectSpec,
  question: StoredQuestion,
  questionIndex: number,
  platformIndex: number,
  day: number,
  id: number,
  random: Random,
  /** Whether the sentiment is drawn from `random` (the stored history's order) or from the id. */
  sentimentFromStream: boolean,
): StoredAnswer {
  const platform = spec.platforms[platformIndex]!;
  const named = random.chance(spec.namedRate);
  const prominence = named ? 1 + random.weighted([0.3, 0.45, 0.25]) : 0;
  const negative = named && random.chance(spec.negativeRate);
  const drawback =
    named && random.chance(spec.drawbackRate) ? random.pick(tradeOf(spec).drawbacks) : null;
  const onTopic = !random.chance(spec.offTopicRate);
  const brands = pickCompetitors(spec, random);
  if (named) brands.splice(random.int(0, brands.length), 0, spec.brand_name);
  const cited = citedUrls(spec, random);
  const asked = questionTextOn(question, day);
  const searches = random.chance(0.6) ? [`${asked.slice(0, 48).toLowerCase()}`] : [];
  const sentimentRandom =
    sentimentFromStream || !named ? random : mulberry32(seedOf('sentiment', id));
  return {
    id,
    prompt_id: question.id,
    platform,
    day,
    checked_at: timestampOf(day, 360 + questionIndex * 7 + platformIndex),
    prominence_level: prominence,
    on_topic: onTopic,
    names_brands: brands,
    brand_sentiment: named
      ? negative
        ? 'negative'
        : sentimentRandom.pick(['positive', 'neutral'])
      : null,
    brand_drawback: drawback,
    evidence_quote: named
      ? `${spec.brand_name} is ${negative ? 'hard to recommend' : 'a solid choice'} for "${asked}".`
      : `Options worth a look: ${brands.join(', ')}.`,
    brand_mentioned: named,
    cited_urls: cited,
    search_queries: searches,
  };
}

/**
 * Generates the stored checks as of `today`. Up to the sandbox's default day
 * (ANCHOR_DAY) the history is the one generated for that day; each later day
 * adds its own checks (daily, or weekly for a weekly project), drawn from the
 * day's own seed, so an answer keeps its id and text from one day to the next
 * and a ledger can follow it (docs/sandbox.md, "Time travel"). A date before
 * the default day regenerates a history ending on that date.
 */
export function generateAnswers(
  spec: ProjectSpec,
  questions: StoredQuestion[],
  today: number,
  /** The day whose history later days extend; `today` regenerates the history for today. */
  anchor = ANCHOR_DAY,
): StoredAnswer[] {
  const base = Math.min(today, anchor);
  const random = mulberry32(seedOf('answers', spec.id));
  const answers: StoredAnswer[] = [];
  let next = 0;
  for (const day of checkDays(spec, base)) {
    // The history's stream draws a sentiment only for checks judged on its own last day.
    const judgedOnBase = day <= base - spec.unjudgedDays;
    for (const [questionIndex, question] of questions.entries()) {
      for (const platformIndex of spec.platforms.keys()) {
        next++;
        const id = spec.id * 1_000_000 + next;
        answers.push(
          drawAnswer(spec, question, questionIndex, platformIndex, day, id, random, judgedOnBase),
        );
      }
    }
  }
  for (const day of laterCheckDays(spec, today, anchor)) {
    const daily = mulberry32(seedOf('answers', spec.id, day));
    for (const [questionIndex, question] of questions.entries()) {
      for (const platformIndex of spec.platforms.keys()) {
        next++;
        const id = spec.id * 1_000_000 + next;
        answers.push(
          drawAnswer(spec, question, questionIndex, platformIndex, day, id, daily, true),
        );
      }
    }
  }
  for (const answer of answers) judgeAsOf(answer, spec, today, anchor);
  answers.reverse();
  if (spec.hostile)
    plantHostileAnswers(answers.slice(answers.findIndex((a) => a.day <= base)), spec);
  return answers;
}

/**
 * What the nightly judgment has reached by `today` (data-api 2.3): checks of the
 * newest `unjudgedDays` wait; after the default day one check in five is
 * judged only the next day, and one in twenty is re-judged two days after its
 * first judgment (its on-topic flag and sentiment change).
 */
function judgeAsOf(answer: StoredAnswer, spec: ProjectSpec, today: number, anchor: number): void {
  const lateBy = answer.day > anchor && answer.id % 5 === 0 ? 1 : 0;
  const judgedOn = answer.day + spec.unjudgedDays + lateBy;
  if (today < judgedOn) {
    for (const field of JUDGMENT_FIELDS) answer[field] = null;
    return;
  }
  const rejudgedOn = judgedOn + REJUDGE_AFTER_DAYS;
  // Only checks first judged after the default day's re-judgments: its figures stay as they were.
  if (judgedOn > anchor - REJUDGE_AFTER_DAYS && today >= rejudgedOn && answer.id % 20 === 7) {
    answer.on_topic = !answer.on_topic;
    if (answer.brand_sentiment !== null)
      answer.brand_sentiment = answer.brand_sentiment === 'neutral' ? 'positive' : 'neutral';
  }
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
