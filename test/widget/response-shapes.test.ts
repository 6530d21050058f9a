// @vitest-environment happy-dom
/**
 * Each element's registration module imports the response shapes of only
 * the bodies it asks for (virtual:aivis/response-shapes?element=<tag>, which
 * its catalogue entry spells out as ?endpoints=…&blocks=…&variants=…): the
 * summary blocks it includes, the dataset or grouping it
 * requests. A body it asks for but left out of that list would fail the
 * contract check on every page, so the query is checked here against the
 * element's own request, for every value its attributes allow.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import '../../widget/index.js';
import {
  endpointsOf,
  expandElement,
  shapesFor,
  summaryBlocksOf,
} from '../../scripts/response-shapes-plugin.js';
import { CATALOG } from '../../widget/catalog.js';
import { mount, settled } from './dom.js';
import { useFakeApi } from './suite.js';

const api = useFakeApi();

/** Attributes that make an element ask for everything it can on load (the score's sparkline). */
const EVERYTHING_ON_LOAD: Record<string, Record<string, string>> = {
  'aivis-visibility-score': { trend: '' },
};

import { ENDPOINTS, type EndpointName } from '../../shared/api/endpoints.js';
import { pickResponse } from '../../shared/api/response-side.js';
import { matchEndpointPath, validateParams, withDefaults } from '../../shared/api/validate.js';
import type { SummaryBlock } from '../../shared/api/vocabulary.js';
import { parseApiPath } from '../../shared/http/request.js';

/**
 * The registration modules (widget/<name>/<name>.ts) that import response
 * shapes: the element each defines and the shapes module, as the build
 * resolves it.
 */
const registrations = readdirSync('widget', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap(({ name }) => {
    let source: string;
    try {
      source = readFileSync(`widget/${name}/${name}.ts`, 'utf8');
    } catch {
      return [];
    }
    const query = /from '(virtual:aivis\/response-shapes[^']*)'/.exec(source)?.[1];
    const tag = /define(?:Element)?\('([a-z-]+)'/.exec(source)?.[1];
    // The widgets: one request each (the portfolio's list and summaries: test/widget/portfolio.test.ts).
    const widget = tag !== undefined && 'endpoint' in (CATALOG as Record<string, object>)[tag]!;
    return query && tag && widget ? [{ tag, query: expandElement(query) }] : [];
  });

interface Requesting {
  endpoint: EndpointName;
  requestInput(): Record<string, unknown>;
}

/** Attribute values that change which body an element asks for. */
const BODY_CHOOSING_ATTRIBUTES: Record<string, Record<string, readonly string[]>> = {
  'aivis-citations': { 'group-by': ['domain', 'url'] },
  'aivis-search-opportunities': { source: ['google', 'bing'] },
  'aivis-ai-traffic': { window: ['30d', '90d', '365d'] },
};

describe("the response shapes each element's bundle carries", () => {
  it('every data element registers shapes', () => {
    const widgets = Object.entries(CATALOG).flatMap(([tag, entry]) =>
      'shapes' in entry ? [tag] : [],
    );
    expect(widgets.length).toBeGreaterThanOrEqual(7);
    expect(registrations.map(({ tag }) => tag).sort()).toEqual(widgets.sort());
  });

  it.each(registrations)('$tag documents every body its request can ask for', ({ tag, query }) => {
    const shapes = shapesFor(query);
    const choices = Object.entries(BODY_CHOOSING_ATTRIBUTES[tag] ?? {});
    const settings: Array<Record<string, string>> = [{}];
    for (const [attribute, values] of choices) {
      for (const value of values) settings.push({ [attribute]: value });
    }
    for (const attributes of settings) {
      const element = document.createElement(tag) as unknown as HTMLElement & Requesting;
      element.setAttribute('project', '1001');
      for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
      document.body.append(element);
      const checked = validateParams(element.endpoint, element.requestInput());
      element.remove();
      expect(checked.ok, `${tag} ${JSON.stringify(attributes)}`).toBe(true);
      if (!checked.ok) continue;
      const filled = withDefaults(element.endpoint, checked.params);
      expect(
        pickResponse(shapes.responses[element.endpoint], filled),
        `${tag} ${JSON.stringify(attributes)} asks for a body its shapes leave out`,
      ).toBeDefined();
      // The summary blocks it includes are the blocks it keeps, no more and no fewer.
      const blocks = summaryBlocksOf(query);
      if (element.endpoint === 'summary' && blocks) {
        expect([...((filled.include as SummaryBlock[]) ?? [])].sort()).toEqual([...blocks].sort());
      }
      if (ENDPOINTS[element.endpoint].connectedSource) expect(shapes.unavailable).toBeDefined();
    }
  });

  it.each(registrations)(
    '$tag: every request it makes on a page asks for a body its shapes document',
    async ({ tag, query }) => {
      const shapes = shapesFor(query);
      const listed = endpointsOf(query) ?? [];
      const element = mount(tag as keyof HTMLElementTagNameMap, {
        project: '1001',
        ...EVERYTHING_ON_LOAD[tag],
      });
      // Loads that follow the first (the traffic's daily series, the sparkline)
      // have asked by the time the element has settled.
      await settled(element);
      expect(api.calls.length).toBeGreaterThan(0);
      for (const call of api.calls) {
        const url = new URL(call.url);
        const parsed = parseApiPath(`${url.pathname}${url.search}`, matchEndpointPath)!;
        const checked = validateParams(parsed.name, parsed.input);
        expect(checked.ok, call.url).toBe(true);
        if (!checked.ok) continue;
        expect(listed, `${tag} asks ${call.url} without its shapes`).toContain(parsed.name);
        expect(
          pickResponse(shapes.responses[parsed.name], withDefaults(parsed.name, checked.params)),
          `${tag} asks ${call.url}, a body its shapes leave out`,
        ).toBeDefined();
      }
    },
  );
});
