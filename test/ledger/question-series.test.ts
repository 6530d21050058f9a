/**
 * A changed question starts a new series (docs/ledger.md, "Versions, not
 * overwrites"): the sandbox rewords a question of project 1001 on a later
 * day, keeping its id (sandbox/data/rewordings.ts); the ledger keeps the old
 * text's series, starts a new one that day, and files each check under the
 * text it asked, without a new version of an older check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionSeries } from '../../ledger/derive.js';
import { openLedger } from '../../ledger/store.js';
import { isoOf } from '../../sandbox/data/calendar.js';
import { REWORDINGS } from '../../sandbox/data/rewordings.js';
import { dayAfterDefault, FakeClock, sandboxOn, snapshot, temporaryFolder } from './fixtures.js';
import { ledgerLocations } from './stores.js';

const change = REWORDINGS[0]!;
const changeDay = isoOf(change.day);
const promptId = change.project * 100 + change.index + 1;
const offsetOfChange = Math.round(
  (Date.parse(changeDay) - Date.parse(dayAfterDefault(0))) / 86_400_000,
);
/** Three days before the change and three from it. */
const DAYS = [-3, -2, -1, 0, 1, 2].map((shift) => dayAfterDefault(offsetOfChange + shift));

const STORES = ledgerLocations();
const temp = temporaryFolder();
const locations: string[] = [];
const texts: Record<string, string> = {};

beforeAll(async () => {
  for (const store of STORES) locations.push(await store.location(temp.folder));
  const clock = new FakeClock();
  for (const today of DAYS) {
    const day = sandboxOn(today, clock);
    const questions = (await day.read(`/projects/${change.project}`)).questions as {
      additional: Array<{ id: number; text: string }>;
    };
    texts[today] = questions.additional.find((question) => question.id === promptId)!.text;
    for (const location of locations) {
      clock.ms += 61_000;
      const run = await snapshot(day, clock, location, {
        args: ['--project', String(change.project)],
      });
      expect(run.code, JSON.stringify(run.report)).toBe(0);
    }
    clock.ms += 86_400_000;
  }
}, 600_000);

afterAll(() => temp.remove());

it('the sandbox keeps the question id and names the new text from the day of the change', () => {
  const before = DAYS.filter((day) => day < changeDay);
  const after = DAYS.filter((day) => day >= changeDay);
  expect(new Set(before.map((day) => texts[day])).size).toBe(1);
  expect(after.map((day) => texts[day])).toEqual(after.map(() => change.text));
  expect(texts[before[0]!]).not.toBe(change.text);
});

describe.each(STORES.map((store, index) => ({ engine: store.engine, index })))(
  'the ledger in $engine',
  ({ index }) => {
    it('keeps the old series, starts a new one on the day of the change, and files each check under the text it asked', async () => {
      const store = await openLedger(locations[index]!);
      try {
        const oldSeries = questionSeries(promptId, texts[DAYS[0]!]!);
        const newSeries = questionSeries(promptId, change.text);
        expect(
          await store.driver.all(
            'SELECT question_series, text, valid_from, valid_to FROM questions WHERE prompt_id = $1 ORDER BY valid_from',
            [promptId],
          ),
        ).toEqual([
          {
            question_series: oldSeries,
            text: texts[DAYS[0]!],
            valid_from: DAYS[0],
            valid_to: changeDay,
          },
          { question_series: newSeries, text: change.text, valid_from: changeDay, valid_to: null },
        ]);
        const checks = await store.driver.all(
          'SELECT answer_id, check_day, question_series FROM answers WHERE prompt_id = $1',
          [promptId],
        );
        const before = checks.filter((check) => String(check.check_day) < changeDay);
        const after = checks.filter((check) => String(check.check_day) >= changeDay);
        expect(before.length).toBeGreaterThan(0);
        expect(after.length).toBeGreaterThan(0);
        for (const check of before) expect(check.question_series).toBe(oldSeries);
        for (const check of after) expect(check.question_series).toBe(newSeries);
        // No check got a second version for its question's change.
        const twice = await store.driver.all(
          'SELECT answer_id FROM answers WHERE prompt_id = $1 GROUP BY answer_id HAVING COUNT(DISTINCT question_series) > 1',
          [promptId],
        );
        expect(twice).toEqual([]);
        // The other questions keep one series.
        const others = await store.driver.all(
          'SELECT prompt_id FROM questions WHERE prompt_id <> $1 GROUP BY prompt_id HAVING COUNT(*) > 1',
          [promptId],
        );
        expect(others).toEqual([]);
      } finally {
        await store.close();
      }
    });
  },
);
