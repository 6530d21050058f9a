/**
 * The catalogue entry docs/widgets.md shows under "Adding an element", read
 * out of the page and evaluated: it is a well-formed entry that the endpoint
 * table accepts (its attributes feed parameters the endpoint has, its fixed
 * parameters pass validation, its shapes compile and document the body it
 * asks for) and that no element of the catalogue already uses.
 */
import { describe, expect, it } from 'vitest';
import {
  expandElement,
  RESPONSE_SHAPES_MODULE,
  shapesFor,
} from '../../scripts/response-shapes-plugin.js';
import { ENDPOINTS } from '../../shared/api/endpoints.js';
import type { ParamRule } from '../../shared/api/param-rules.js';
import { pickResponse } from '../../shared/api/response-side.js';
import { validateParams, withDefaults } from '../../shared/api/validate.js';
import { CATALOG, type WidgetEntry } from '../../widget/catalog.js';
import { widgetSnippet } from '../browser/readme-snippets.js';

const code = widgetSnippet('ts', "'aivis-landing-pages': widget(");
const [, tag, call] = /^'([a-z-]+)': (widget\(\{[\s\S]*\}\)),\s*$/.exec(code) ?? [];
/** The entry as CATALOG would hold it (widget() only keeps the literal types). */
const entry = new Function('widget', `return ${call};`)(
  (value: WidgetEntry) => value,
) as WidgetEntry;

describe("docs/widgets.md's catalogue entry", () => {
  it('is one entry for a new tag', () => {
    expect(tag).toBe('aivis-landing-pages');
    expect(Object.keys(CATALOG)).not.toContain(tag);
    const sections = Object.values(CATALOG).flatMap((each) =>
      'section' in each ? [each.section.name] : [],
    );
    expect(sections).not.toContain(entry.section.name);
    expect(entry.endpoints[0]).toBe(entry.endpoint);
  });

  it('feeds parameters its endpoint has, and its fixed ones pass validation', () => {
    const params = ENDPOINTS[entry.endpoint].params as Record<string, ParamRule>;
    for (const { param } of Object.values(entry.attributes))
      expect(Object.keys(params)).toContain(param);
    const defaults = Object.fromEntries(
      Object.entries(entry.attributes).flatMap(([, fed]) =>
        fed.default === undefined ? [] : [[fed.param, fed.default]],
      ),
    );
    const checked = validateParams(entry.endpoint, {
      project: '1001',
      ...entry.fixed,
      ...defaults,
    });
    expect(checked.ok && checked.params).toMatchObject({ dataset: 'landing_pages', limit: 10 });
  });

  it('asks for shapes that document the body it reads', () => {
    const query = [`endpoints=${entry.endpoints.join(',')}`, entry.shapes].join('&');
    const shapes = shapesFor(`${RESPONSE_SHAPES_MODULE}?${query}`);
    const filled = withDefaults(entry.endpoint, { project: 1001, ...entry.fixed });
    expect(pickResponse(shapes.responses[entry.endpoint], filled)).toBeDefined();
    // An element the catalogue does not have is refused by name.
    expect(() => expandElement(`${RESPONSE_SHAPES_MODULE}?element=${tag}`)).toThrow(/no widget/);
  });
});
