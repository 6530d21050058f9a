/**
 * The widget bundles carry only the endpoints the catalogue's elements call
 * (CATALOGUE_ENDPOINTS in scripts/widget/build.ts, from widget/catalog.ts): each BUILT standalone bundle alone on a page,
 * in Chromium, through a real proxy in front of the sandbox, must load every
 * request it makes (the score's sparkline too) without an error. An element
 * that starts calling an endpoint its list lacks fails here.
 */
import { describe, expect, it } from 'vitest';
import { CATALOGUE_ENDPOINTS } from '../../scripts/widget/build.js';
import { waitForWidgets, watchConsole } from '../../support/browser/harness.js';
import { CATALOG } from '../../widget/catalog.js';
import { useHarness, useProxy } from './use-harness.js';
import { WIDGET_TAGS } from './widget-tags.js';

const harness = useHarness();
const proxy = useProxy(harness);

/** Every widget of the catalogue, with attributes that make it ask for all it can: the score's trend adds competitors. */
const ATTRIBUTES: Record<string, string> = Object.fromEntries(
  Object.entries(CATALOG).flatMap(([tag, entry]) => ('endpoint' in entry ? [[tag, '']] : [])),
);
ATTRIBUTES['aivis-visibility-score'] = 'trend';
ATTRIBUTES['aivis-competitor-ranking'] = 'limit="5"';

describe('a standalone bundle alone on a page loads everything its element asks for', () => {
  let count = 0;
  for (const tag of Object.keys(ATTRIBUTES)) {
    it(`${tag} (bundle endpoints: ${CATALOGUE_ENDPOINTS.join(', ')})`, async () => {
      const page = await harness.browser.newPage({ viewport: { width: 900, height: 900 } });
      const problems = watchConsole(page);
      const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${tag}</title>
<link rel="icon" href="/favicon.ico"><script type="module" src="/widget/standalone/${tag}.js"></script></head>
<body><${tag} project="1001" base-url="${proxy.url}" ${ATTRIBUTES[tag]}></${tag}>
<script>
  window.outcomes = [];
  for (const type of ['aivis-load', 'aivis-error']) {
    document.addEventListener(type, (event) => window.outcomes.push(type + ' ' + (event.detail.error?.code ?? '')), true);
  }
</script></body></html>`;
      const from = proxy.requests.length;
      await page.goto(harness.page(`standalone-${count++}`, html));
      await waitForWidgets(page, WIDGET_TAGS);
      if (tag === 'aivis-visibility-score') {
        await page.waitForFunction(
          (name) =>
            !!document.querySelector(name)?.shadowRoot?.querySelector('[part~="sparkline"]'),
          tag,
        );
      }
      const outcomes = await page.evaluate(
        () => (window as unknown as { outcomes: string[] }).outcomes,
      );
      expect(outcomes.filter((outcome) => outcome.startsWith('aivis-error'))).toEqual([]);
      expect(outcomes.length).toBeGreaterThan(0);
      const element = page.locator(tag);
      expect(
        await element.evaluate((node) => !!node.shadowRoot?.querySelector('[part~="error"]')),
      ).toBe(false);
      expect(proxy.requests.slice(from).some((line) => line.startsWith('GET /api/v1/'))).toBe(true);
      expect(problems).toEqual([]);
      await page.close();
    });
  }
});
