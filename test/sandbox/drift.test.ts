/**
 * The sandbox's drift steps (sandbox/data/drift.ts): named, deterministic
 * moves of the stored answers, read per request, so a client comparing two
 * runs sees figures that really change and agree across endpoints.
 */
import { describe, expect, test } from 'vitest';
import { createSandboxHandler } from '../../sandbox/app.js';
import type { DriftName } from '../../sandbox/data/drift.js';
import { FORMULA_BRAND } from '../../sandbox/data/hostile.js';
import { ENTRY } from './helpers.js';

let step: DriftName = 'baseline';
const handle = createSandboxHandler({ rateLimit: false, drift: () => step });
// biome-ignore lint/suspicious/noExplicitAny: bodies are read field by field
async function get(path: string): Promise<any> {
  const response = await handle(
    new Request(`http://sandbox.test/api/v1${path}`, {
      headers: { authorization: `Bearer ${ENTRY}` },
    }),
  );
  expect(response.status).toBe(200);
  return response.json();
}
const figures = async () => {
  const summary = await get('/projects/1001?include=ai_visibility,answer_insights');
  const ranking = await get('/projects/1001/competitors?limit=3');
  return {
    score: summary.ai_visibility.score as number,
    answers: summary.answer_insights.answers as number,
    first: ranking.competitors[0].name as string,
    ownVisibility: ranking.competitors.find((row: { is_own_brand: boolean }) => row.is_own_brand)
      .visibility as number,
    end: summary.period.end as string,
  };
};

describe('drift steps', () => {
  test('each step moves the figures as named, read per request, and the endpoints agree', async () => {
    step = 'baseline';
    const base = await figures();
    step = 'dip';
    const dip = await figures();
    step = 'drop';
    const drop = await figures();
    step = 'overtaken';
    const overtaken = await figures();
    step = 'next_day';
    const later = await figures();
    step = 'baseline';
    expect(await figures()).toEqual(base);

    expect(base.score - dip.score).toBeGreaterThan(0);
    expect(base.score - dip.score).toBeLessThan(1);
    expect(base.score - drop.score).toBeGreaterThan(5);
    for (const each of [dip, drop]) expect(each.ownVisibility).toBe(each.score);
    expect(base.first).toBe('Brightlane');
    expect(overtaken.first).toBe(FORMULA_BRAND);
    expect(overtaken.score).toBe(base.score);
    expect(later.end > base.end).toBe(true);
    expect(later.score).toBe(base.score);
    expect(new Set([base, dip, drop, overtaken, later].map((each) => each.answers)).size).toBe(1);
  });
});
