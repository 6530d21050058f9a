/**
 * What the three widgets of a dashboard must show for project 1001, read
 * from the sandbox itself, and what they do show in a page.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { fetchJson } from '../../support/browser/harness.js';

/** The dashboard the page tests embed; the figures below are its. */
export const WIDGETS = `
  <aivis-visibility-score project="1001"></aivis-visibility-score>
  <aivis-competitor-ranking project="1001" limit="5"></aivis-competitor-ranking>
  <aivis-action-plan project="1001"></aivis-action-plan>`;

export interface Figures {
  score: string;
  brands: string[];
  actions: string[];
}

export async function expectedFigures(sandboxUrl: string): Promise<Figures> {
  const summary = (await fetchJson(sandboxUrl, '/projects/1001?include=ai_visibility')) as {
    ai_visibility: { score: number };
  };
  const ranking = (await fetchJson(sandboxUrl, '/projects/1001/competitors?limit=5')) as {
    competitors: Array<{ name: string }>;
  };
  const plan = (await fetchJson(sandboxUrl, '/projects/1001/action-plan')) as {
    actions: Array<{ title: string }>;
  };
  return {
    score: summary.ai_visibility.score.toFixed(1),
    brands: ranking.competitors.map((row) => row.name),
    actions: plan.actions.map((action) => action.title.replace(/\s+/g, ' ').trim()),
  };
}

/** Text of every widget's shadow part of that name, per widget of the tag. */
export function partTexts(page: Page, tag: string, partName: string): Promise<string[][]> {
  return page.evaluate(
    ([selector, name]) =>
      [...document.querySelectorAll(selector!)].map((widget) =>
        [...(widget.shadowRoot?.querySelectorAll(`[part~="${name}"]`) ?? [])].map((node) =>
          (node.textContent ?? '').replace(/\s+/g, ' ').trim(),
        ),
      ),
    [tag, partName],
  );
}

/**
 * Waits until every widget shows its data or an error: not the loading state,
 * and not the notice a widget without a connection shows once the page has
 * loaded (a provider or configure() that comes after the load event replaces it).
 */
export async function waitForOutcome(page: Page, timeout = 15_000): Promise<void> {
  await page.waitForFunction(
    () => {
      const widgets = [
        ...document.querySelectorAll(
          'aivis-visibility-score, aivis-competitor-ranking, aivis-action-plan',
        ),
      ];
      return (
        widgets.length > 0 &&
        widgets.every((widget) => {
          const root = widget.shadowRoot;
          return (
            root?.querySelector('[part~="base"]')?.getAttribute('aria-busy') === 'false' &&
            root.querySelector('[data-code="unconnected"]') === null
          );
        })
      );
    },
    undefined,
    { timeout },
  );
}

/** Every widget of the page shows the API's figures (and no error box). */
export async function expectFigures(page: Page, expected: Figures, copies = 1): Promise<void> {
  const errors = await page.evaluate(() =>
    [
      ...document.querySelectorAll(
        'aivis-visibility-score, aivis-competitor-ranking, aivis-action-plan',
      ),
    ]
      .map((widget) => widget.shadowRoot?.querySelector('[part~="error"]')?.textContent ?? '')
      .filter((text) => text !== '')
      .map((text) => text.replace(/\s+/g, ' ').trim()),
  );
  expect(errors).toEqual([]);
  const scores = await partTexts(page, 'aivis-visibility-score', 'score');
  expect(scores).toHaveLength(copies);
  for (const [score] of scores) expect(score).toContain(expected.score);
  expect(await partTexts(page, 'aivis-competitor-ranking', 'label')).toEqual(
    Array(copies).fill(expected.brands),
  );
  expect(await partTexts(page, 'aivis-action-plan', 'label')).toEqual(
    Array(copies).fill(expected.actions),
  );
}
