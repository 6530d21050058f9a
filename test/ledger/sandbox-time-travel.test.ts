/**
 * The sandbox's time travel (docs/sandbox.md, "Time travel"): days after the
 * default keep the history's ids and texts, add their own checks, move the
 * figures, judge some checks a day late and re-judge a few.
 */
import { describe, expect, it } from 'vitest';
import { questionTextOn } from '../../sandbox/data/answers.js';
import { isoOf } from '../../sandbox/data/calendar.js';
import { createDataset, DEFAULT_NOW } from '../../sandbox/data/dataset.js';
import { REWORDINGS } from '../../sandbox/data/rewordings.js';
import { projectSpec } from '../../sandbox/data/world.js';
import { parseArgs } from '../../sandbox/main.js';

const DAY = 86_400_000;
const plus = (days: number) => isoOf(Date.parse(`${DEFAULT_NOW}T00:00:00Z`) / DAY + days);
const answersOn = (today: string, project = 1001) => createDataset(today).project(project)!.answers;

describe('sandbox time travel', () => {
  it('keeps every answer of a day under the same id and text the next day', () => {
    const before = new Map(answersOn(plus(3)).map((answer) => [answer.id, answer]));
    const after = answersOn(plus(4));
    let kept = 0;
    for (const answer of after) {
      const earlier = before.get(answer.id);
      if (!earlier) continue;
      kept++;
      expect(earlier.day).toBe(answer.day);
      expect(earlier.prompt_id).toBe(answer.prompt_id);
      expect(earlier.cited_urls).toEqual(answer.cited_urls);
    }
    expect(kept).toBe(before.size);
    expect(after.length).toBeGreaterThan(before.size);
  });

  it('moves the daily share of mentions from day to day (the series is not flat)', () => {
    const today = plus(30);
    const answers = answersOn(today);
    const shares = new Set<number>();
    for (let back = 2; back < 30; back++) {
      const day = answers.filter((answer) => isoOf(answer.day) === plus(30 - back));
      const named = day.filter((answer) => answer.brand_mentioned).length;
      shares.add(Math.round((100 * named) / day.length));
    }
    expect(shares.size).toBeGreaterThan(5);
  });

  it('judges some checks only on the next day and re-judges a few two days later', () => {
    const day = plus(5);
    const checksOf = (today: string) =>
      new Map(
        answersOn(today)
          .filter((answer) => isoOf(answer.day) === day)
          .map((answer) => [answer.id, answer]),
      );
    const sameDay = checksOf(plus(5));
    const nextDay = checksOf(plus(6));
    const later = checksOf(plus(9));
    const late = [...sameDay.values()].filter((answer) => answer.brand_mentioned === null);
    expect(late.length).toBeGreaterThan(0);
    expect(late.length).toBeLessThan(sameDay.size);
    for (const answer of late) expect(nextDay.get(answer.id)!.brand_mentioned).not.toBeNull();
    const rejudged = [...nextDay.values()].filter(
      (answer) => later.get(answer.id)!.on_topic !== answer.on_topic,
    );
    expect(rejudged.length).toBeGreaterThan(0);
    expect(rejudged.length).toBeLessThan(nextDay.size / 5);
  });

  it('rewords a question only on a day after the default one, keeping its id; older checks keep the text they asked', () => {
    const change = REWORDINGS[0]!;
    const original = projectSpec(change.project)!.questions[change.index]!;
    const questionsOn = (day: number) =>
      createDataset(isoOf(day)).project(change.project)!.questions;
    // The default day and every day before the change: the catalogue's texts, untouched.
    for (const day of [Date.parse(`${DEFAULT_NOW}T00:00:00Z`) / DAY, change.day - 1])
      expect(questionsOn(day).map((question) => question.text)).toEqual(
        projectSpec(change.project)!.questions,
      );
    const after = createDataset(isoOf(change.day + 2)).project(change.project)!;
    const question = after.questions[change.index]!;
    expect(question.text).toBe(change.text);
    expect(question.id).toBe(questionsOn(change.day - 1)[change.index]!.id);
    const checks = after.answers.filter((answer) => answer.prompt_id === question.id);
    const quoted = (day: number) =>
      checks
        .filter((answer) => answer.day === day && answer.evidence_quote?.includes(' for "'))
        .map((answer) => answer.evidence_quote);
    expect(quoted(change.day - 1).every((quote) => quote!.includes(original))).toBe(true);
    expect(quoted(change.day).every((quote) => quote!.includes(change.text))).toBe(true);
    expect(quoted(change.day - 1).length + quoted(change.day).length).toBeGreaterThan(0);
    expect(questionTextOn(question, change.day - 1)).toBe(original);
  });

  it('takes its today from --today, --now or SANDBOX_TODAY, and names a bad one', () => {
    expect(parseArgs(['--today', '2027-01-02'])).toMatchObject({ now: '2027-01-02' });
    expect(parseArgs(['--now', '2027-01-02'])).toMatchObject({ now: '2027-01-02' });
    expect(parseArgs([], { SANDBOX_TODAY: '2027-02-03' })).toMatchObject({ now: '2027-02-03' });
    expect(parseArgs(['--today', '2027-01-02'], { SANDBOX_TODAY: '2027-02-03' })).toMatchObject({
      now: '2027-01-02',
    });
    expect(parseArgs([], { SANDBOX_TODAY: '2027-02-30' })).toEqual({
      error: expect.stringContaining('SANDBOX_TODAY'),
    });
  });
});
