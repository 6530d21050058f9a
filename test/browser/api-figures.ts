/**
 * What every widget on a page shows, against what the API answers for the
 * same attributes: the score and share of voice, the ranking's brands, the
 * plan's action titles. Shared by the suites that walk a user's path
 * (README snippets, the installed npm package, npm start's demo, the intranet
 * example behind nginx).
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { fetchJson } from '../../support/browser/harness.js';

const WIDGETS = 'aivis-visibility-score, aivis-competitor-ranking, aivis-action-plan';

interface ShownWidget {
  tag: string;
  settings: Record<string, string | undefined>;
  parts: Record<string, string[]>;
  error: string;
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Every widget's tag, attributes and the text of the parts the figures are in. */
export function shownWidgets(page: Page): Promise<ShownWidget[]> {
  return page.evaluate((selector) => {
    const text = (node: Node) => (node.textContent ?? '').replace(/\s+/g, ' ').trim();
    return [...document.querySelectorAll(selector)].map((element) => {
      const root = element.shadowRoot;
      const parts: Record<string, string[]> = {};
      for (const name of ['score', 'share-of-voice', 'label']) {
        parts[name] = [...(root?.querySelectorAll(`[part~="${name}"]`) ?? [])].map(text);
      }
      return {
        tag: element.localName,
        // Properties, not attributes: React 19 and scripts set properties.
        settings: Object.fromEntries(
          ['project', 'period', 'limit', 'audience'].map((name) => [
            name,
            (element as unknown as Record<string, string | undefined>)[name],
          ]),
        ),
        parts,
        error: [...(root?.querySelectorAll('[part~="error"]') ?? [])].map(text).join(' '),
      };
    });
  }, WIDGETS);
}

function query(pairs: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(pairs))
    if (value !== undefined) search.set(name, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Asserts that each widget shows the API's figures for its own settings
 * (`apiBaseUrl` is the sandbox, asked directly with `token`, the entry token by default).
 * Returns the tags checked, so a test can also say which widgets it expected.
 */
export async function expectApiFigures(
  page: Page,
  apiBaseUrl: string,
  token?: string,
): Promise<string[]> {
  const widgets = await shownWidgets(page);
  for (const widget of widgets) {
    const { project, period, limit, audience } = widget.settings;
    expect(widget.error, `${widget.tag} shows an error`).toBe('');
    if (widget.tag === 'aivis-visibility-score') {
      const summary = (await fetchJson(
        apiBaseUrl,
        `/projects/${project}${query({ include: 'ai_visibility,connections', period })}`,
        token,
      )) as { ai_visibility: { score: number; share_of_voice: number } };
      expect(widget.parts.score?.[0]).toContain(summary.ai_visibility.score.toFixed(1));
      expect(widget.parts['share-of-voice']?.[0]).toContain(
        `${summary.ai_visibility.share_of_voice}%`,
      );
    } else if (widget.tag === 'aivis-competitor-ranking') {
      const ranking = (await fetchJson(
        apiBaseUrl,
        `/projects/${project}/competitors${query({ dataset: 'ranking', limit, period })}`,
        token,
      )) as { competitors: Array<{ name: string }> };
      expect(ranking.competitors.length).toBeGreaterThan(0);
      expect(widget.parts.label).toEqual(ranking.competitors.map((row) => collapse(row.name)));
    } else {
      const plan = (await fetchJson(
        apiBaseUrl,
        `/projects/${project}/action-plan${query({ audience, limit, period })}`,
        token,
      )) as { actions: Array<{ title: string }> };
      expect(plan.actions.length).toBeGreaterThan(0);
      expect(widget.parts.label).toEqual(plan.actions.map((action) => collapse(action.title)));
    }
  }
  return widgets.map((widget) => widget.tag);
}
