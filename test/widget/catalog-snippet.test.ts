/**
 * The catalogue entry docs/widgets.md shows under "Adding an element", read
 * out of the page and evaluated, passes the checks every widget entry of the
 * catalogue (widget/catalog.ts) passes: its attributes feed parameters its
 * endpoint has, its fixed parameters and defaults pass validation, the values
 * its gallery shows as refused are refused, its shapes compile and document
 * the body it asks for, and its tag, folder and dashboard section are its
 * own. Nothing about the example is written here: whoever adds the example
 * for real keeps the test green as long as the catalogue's entry is the one
 * the page shows.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RESPONSE_SHAPES_MODULE, shapesFor } from '../../scripts/response-shapes-plugin.js';
import { ENDPOINTS } from '../../shared/api/endpoints.js';
import type { ParamRule } from '../../shared/api/param-rules.js';
import { pickResponse } from '../../shared/api/response-side.js';
import { validateParams, withDefaults } from '../../shared/api/validate.js';
import { CATALOG, type CatalogEntry, type WidgetEntry } from '../../widget/catalog.js';
import { widgetSnippet } from '../browser/readme-snippets.js';

const code = widgetSnippet('ts', "': widget({");
const [, docsTag, call] = /^'([a-z-]+)': (widget\(\{[\s\S]*\}\)),\s*$/.exec(code) ?? [];
/** The entry as CATALOG would hold it (widget() only keeps the literal types). */
const docsEntry = new Function('widget', `return ${call};`)(
  (value: WidgetEntry) => value,
) as WidgetEntry;

const ENTRIES = Object.entries(CATALOG) as Array<[string, CatalogEntry]>;
const WIDGETS = ENTRIES.flatMap(([tag, entry]) =>
  'endpoint' in entry ? [[tag, entry] as [string, WidgetEntry]] : [],
);

/** The request the element sends with no attribute set: its fixed parameters and its own defaults. */
function plainRequest(entry: WidgetEntry): Record<string, unknown> {
  const defaults = Object.values(entry.attributes).flatMap((fed) =>
    fed.default === undefined ? [] : [[fed.param, fed.default]],
  );
  return { project: '1001', ...entry.fixed, ...Object.fromEntries(defaults) };
}

/** What every widget entry must be; a failure names the rule it breaks. */
function problems(tag: string, entry: WidgetEntry): string[] {
  const found: string[] = [];
  const others = ENTRIES.filter(([other]) => other !== tag).map(([, each]) => each);
  if (!/^aivis-[a-z]+(-[a-z]+)*$/.test(tag)) found.push(`${tag}: not an aivis- tag`);
  if (entry.endpoints[0] !== entry.endpoint)
    found.push(`${tag}: endpoints does not start with endpoint`);
  if (others.some((each) => each.folder === entry.folder)) found.push(`${tag}: folder taken`);
  if (others.some((each) => 'section' in each && each.section.name === entry.section.name))
    found.push(`${tag}: dashboard section taken`);
  const params = Object.keys(ENDPOINTS[entry.endpoint].params as Record<string, ParamRule>);
  for (const [attribute, { param }] of Object.entries(entry.attributes))
    if (!params.includes(param)) found.push(`${tag}: ${attribute} feeds ${param}, not a parameter`);
  const plain = validateParams(entry.endpoint, plainRequest(entry));
  if (!plain.ok) found.push(`${tag}: its plain request fails validation`);
  for (const [attribute, value] of Object.entries(entry.gallery.invalid)) {
    const param = entry.attributes[attribute]?.param;
    if (!param) found.push(`${tag}: the gallery refuses ${attribute}, not an attribute`);
    else if (validateParams(entry.endpoint, { ...plainRequest(entry), [param]: value }).ok)
      found.push(`${tag}: ${attribute}="${value}" is accepted, not refused`);
  }
  const query = [`endpoints=${entry.endpoints.join(',')}`, entry.shapes].join('&');
  const shapes = shapesFor(`${RESPONSE_SHAPES_MODULE}?${query}`);
  const filled = withDefaults(entry.endpoint, { project: 1001, ...entry.fixed });
  if (pickResponse(shapes.responses[entry.endpoint], filled) === undefined)
    found.push(`${tag}: its shapes do not document the body it reads`);
  return found;
}

describe("docs/widgets.md's catalogue entry", () => {
  it('is read out of the page as one entry', () => {
    expect(docsTag, "a ```ts block `'aivis-…': widget({ … }),`").toBeDefined();
    expect(docsEntry.endpoint).toBeDefined();
  });

  it('passes the checks every widget entry of the catalogue passes', () => {
    expect(WIDGETS.length).toBeGreaterThan(5);
    for (const [tag, entry] of WIDGETS) expect(problems(tag, entry)).toEqual([]);
    expect(problems(docsTag!, docsEntry)).toEqual([]);
  });

  it('is, once its tag is in the catalogue, the entry the catalogue holds', () => {
    if (Object.hasOwn(CATALOG, docsTag!))
      expect(CATALOG[docsTag as keyof typeof CATALOG]).toEqual(docsEntry);
  });

  it('fails the checks where an entry is broken', () => {
    const [tag, entry] = WIDGETS[0]!;
    const broken: WidgetEntry = {
      ...entry,
      folder: WIDGETS[1]![1].folder,
      attributes: { ...entry.attributes, colour: { param: 'colour' } },
      gallery: { ...entry.gallery, invalid: { shade: 'red' } },
    };
    expect(problems(tag, broken)).toEqual([
      `${tag}: folder taken`,
      `${tag}: colour feeds colour, not a parameter`,
      `${tag}: the gallery refuses shade, not an attribute`,
    ]);
  });
});

/** The registration module docs/widgets.md shows as a template (`<name>`, `<Name>`), its lines. */
const registrationTemplate = (() => {
  const page = readFileSync(new URL('../../docs/widgets.md', import.meta.url), 'utf8');
  const block = /^ {3}```ts\n([\s\S]*?)^ {3}```$/m.exec(page)?.[1] ?? '';
  return block
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
})();

describe("docs/widgets.md's registration module", () => {
  it('is the one every widget of the catalogue has, with its own name', () => {
    expect(registrationTemplate.some((line) => line.includes('.define('))).toBe(true);
    for (const [tag, entry] of WIDGETS) {
      const name = tag.replace(/^aivis-/, '');
      const Name = name.replace(/(^|-)([a-z])/g, (_, __, letter: string) => letter.toUpperCase());
      const source = readFileSync(
        new URL(`../../widget/${entry.folder}/${entry.folder}.ts`, import.meta.url),
        'utf8',
      ).replace(/\s+|,(?=\s*\})/g, '');
      for (const line of registrationTemplate)
        expect(source, tag).toContain(
          line
            .replaceAll('<name>', name)
            .replaceAll('<Name>', Name)
            .replace(/\s+|,(?=\s*\})/g, ''),
        );
    }
  });
});
