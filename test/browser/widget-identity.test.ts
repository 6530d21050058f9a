/**
 * On the BUILT bundle in Chromium: two projects on one page
 * can be told apart. Every card is a region named by its heading, which by
 * default names the brand; the names Chromium computes are unique; a heading
 * attribute, a heading slot and heading-level work; axe is clean in light
 * and dark (its landmark-unique rule flagged the old identical names).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fetchJson } from '../../support/browser/harness.js';
import { useHarness } from './use-harness.js';
import { openWidgetPage } from './widget-page.js';

const harness = useHarness();

const TAGS = ['aivis-visibility-score', 'aivis-competitor-ranking', 'aivis-action-plan'];

const TWO_PROJECTS = `${['1001', '1002']
  .flatMap((project) => TAGS.map((tag) => `<${tag} project="${project}"></${tag}>`))
  .join('\n')}
<aivis-visibility-score project="1003" heading="Quill's score" heading-level="3"></aivis-visibility-score>
<aivis-action-plan project="1003"><span slot="heading">Plan for the legal team</span></aivis-action-plan>`;

interface AxNode {
  role?: { value?: string };
  name?: { value?: string };
  properties?: Array<{ name: string; value: { value?: unknown } }>;
}

/** Chromium's own accessibility tree: the regions and headings with their computed names. */
async function accessibleNames(page: Page) {
  const session = await page.context().newCDPSession(page);
  const { nodes } = (await session.send('Accessibility.getFullAXTree')) as { nodes: AxNode[] };
  const named = (role: string) =>
    nodes
      .filter((node) => node.role?.value === role)
      .map((node) => ({
        name: (node.name?.value ?? '').replace(/\s+/g, ' ').trim(),
        level: node.properties?.find((property) => property.name === 'level')?.value.value,
      }));
  return { regions: named('region'), headings: named('heading') };
}

async function open(colorScheme: 'light' | 'dark') {
  const { page } = await openWidgetPage(harness, `identity-${colorScheme}`, TWO_PROJECTS, {
    colorScheme,
    width: 1200,
  });
  return page;
}

describe('two projects on one page', () => {
  it('every card is a region with a unique name that names its brand', async () => {
    const brands = await Promise.all(
      [1001, 1002].map(async (project) => {
        const summary = (await fetchJson(
          harness.sandbox.baseUrl,
          `/projects/${project}?include=profile`,
        )) as { profile: { brand_name: string } };
        return summary.profile.brand_name;
      }),
    );
    const page = await open('light');
    const { regions, headings } = await accessibleNames(page);
    const names = regions.map((region) => region.name);
    expect(names).toHaveLength(8);
    expect(new Set(names).size).toBe(names.length);
    for (const brand of brands) {
      expect(names.filter((name) => name.endsWith(` · ${brand}`)).sort()).toEqual(
        ['AI visibility', 'Competitor ranking', 'Action plan']
          .map((title) => `${title} · ${brand}`)
          .sort(),
      );
    }
    expect(names).toContain("Quill's score");
    expect(names).toContain('Plan for the legal team');
    expect(headings.find((heading) => heading.name === "Quill's score")?.level).toBe(3);
    expect(headings.find((heading) => heading.name === 'Plan for the legal team')?.level).toBe(2);
    await page.close();
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`has no axe violations of any impact in ${scheme}`, async () => {
      const page = await open(scheme);
      await page.addScriptTag({ url: '/axe.min.js' });
      const violations = await page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: {
              run: (context: unknown) => Promise<{
                violations: Array<{ id: string; nodes: Array<{ target: unknown }> }>;
              }>;
            };
          }
        ).axe;
        const result = await axe.run(document);
        return result.violations.map(
          (violation) =>
            `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => node.target))}`,
        );
      });
      expect(violations).toEqual([]);
      await page.close();
    });
  }
});
