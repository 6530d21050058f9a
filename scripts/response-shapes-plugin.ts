/**
 * A Vite plugin that provides `virtual:aivis/response-shapes`: the response
 * schemas compiled to compact shapes at build time (shared/schemas/compile-shapes.ts).
 * The widget bundle checks responses against them instead of shipping zod.
 * `?endpoints=a,b` compiles only those in full; the others are checked as
 * JSON objects (for bodies a bundle only shows generically).
 * `&blocks=profile,ai_visibility` keeps only those blocks in the summary's
 * shape (the ones the bundle asks for with `include`); `&variants=history`
 * only those bodies where a parameter picks the body (dataset, group_by).
 * `?element=<tag>` asks for what that element's catalogue entry names
 * (widget/catalog.ts: its endpoints, and the blocks and variants of `shapes`). Besides the shapes (default export), the
 * module exports `endpoints`: the endpoints it was asked for.
 * Used by the
 * widget build and by vitest, so tests run the same check.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { ENDPOINT_NAMES, type EndpointName } from '../shared/api/endpoints.js';
import { RESPONSES } from '../shared/api/responses.js';
import { SUMMARY_BLOCKS, type SummaryBlock } from '../shared/api/vocabulary.js';
import { compileShapes } from '../shared/schemas/compile-shapes.js';
import { CATALOG } from '../widget/catalog.js';

export const RESPONSE_SHAPES_MODULE = 'virtual:aivis/response-shapes';

/** The names a module id lists under `key`, or undefined for all; a name not in `known` fails the build. */
function listed<T extends string>(id: string, key: string, known: readonly T[]): T[] | undefined {
  const text = id
    .split('?')[1]
    ?.split('&')
    .find((pair) => pair.startsWith(`${key}=`))
    ?.slice(key.length + 1);
  if (text === undefined) return undefined;
  const names = text.split(',').filter(Boolean);
  for (const name of names) {
    if (!(known as readonly string[]).includes(name)) {
      throw new Error(`${RESPONSE_SHAPES_MODULE}: '${name}' is not one of ${known.join(', ')}`);
    }
  }
  return names as T[];
}

/** `…?element=<tag>` as the query its catalogue entry names; any other id as it is. */
export function expandElement(id: string): string {
  const tag = /[?&]element=([a-z-]+)/.exec(id)?.[1];
  if (tag === undefined) return id;
  const entry = Object.hasOwn(CATALOG, tag) ? CATALOG[tag as keyof typeof CATALOG] : undefined;
  // A widget, or an element that reads endpoints without a card of its own (the portfolio).
  if (!entry || entry.endpoints.length === 0) {
    throw new Error(`${RESPONSE_SHAPES_MODULE}: '${tag}' is no widget of widget/catalog.ts`);
  }
  const query = [
    `endpoints=${entry.endpoints.join(',')}`,
    'shapes' in entry ? entry.shapes : undefined,
  ].filter(Boolean);
  return `${RESPONSE_SHAPES_MODULE}?${query.join('&')}`;
}

/** The endpoints a module id asks for, or undefined for all; an unknown name fails the build. */
export const endpointsOf = (id: string): EndpointName[] | undefined =>
  listed(id, 'endpoints', ENDPOINT_NAMES);

/** The summary blocks a module id asks for, or undefined for all. */
export const summaryBlocksOf = (id: string): SummaryBlock[] | undefined =>
  listed(id, 'blocks', SUMMARY_BLOCKS);

/** Every value that picks a body somewhere in the endpoint table (datasets, groupings). */
const VARIANTS = [
  ...new Set(
    Object.values(RESPONSES).flatMap((side) =>
      'schemas' in side ? Object.keys(side.schemas) : [],
    ),
  ),
];

/** Each endpoint's values that pick a body. */
const variantsOfEndpoint = (name: EndpointName): string[] => {
  const side = RESPONSES[name];
  return 'schemas' in side ? Object.keys(side.schemas) : [];
};

/** The same, as `endpoint:value` (a value for that endpoint only). */
const QUALIFIED_VARIANTS = ENDPOINT_NAMES.flatMap((name) =>
  variantsOfEndpoint(name).map((variant) => `${name}:${variant}`),
);

/** The bodies a module id asks for where a parameter picks the body, or undefined for all. */
export const variantsOf = (id: string): string[] | undefined =>
  listed(id, 'variants', [...VARIANTS, ...QUALIFIED_VARIANTS]);

/** The shapes a module id asks for (its endpoints, summary blocks and variants). */
export const shapesFor = (id: string) =>
  compileShapes({
    endpoints: endpointsOf(id),
    summaryBlocks: summaryBlocksOf(id),
    variants: variantsOf(id),
  });

/**
 * One module id asking for every body the given ids ask for: their endpoints,
 * summary blocks and each endpoint's variants together (an id that lists no
 * variants asks for every variant of its endpoints; one that lists no blocks,
 * for every block).
 */
export function mergedShapesId(ids: readonly string[]): string {
  const endpoints = new Set<EndpointName>();
  const blocks = new Set<SummaryBlock>();
  const variants = new Set<string>();
  let allEndpoints = false;
  let allBlocks = false;
  for (const id of ids) {
    const named = endpointsOf(id);
    if (!named) allEndpoints = true;
    const asked = named ?? ENDPOINT_NAMES;
    for (const name of asked) endpoints.add(name);
    if (asked.includes('summary')) {
      const some = summaryBlocksOf(id);
      if (some) for (const block of some) blocks.add(block);
      else allBlocks = true;
    }
    // Each endpoint's own values, so one endpoint's dataset does not pick another's body.
    const listedVariants = variantsOf(id);
    for (const name of asked) {
      for (const variant of variantsOfEndpoint(name)) {
        if (!listedVariants || listedVariants.includes(variant)) variants.add(`${name}:${variant}`);
      }
    }
  }
  const query = [
    allEndpoints ? '' : `endpoints=${[...endpoints].join(',')}`,
    allBlocks || blocks.size === 0 ? '' : `blocks=${[...blocks].join(',')}`,
    variants.size === 0 ? '' : `variants=${[...variants].join(',')}`,
  ].filter(Boolean);
  return `${RESPONSE_SHAPES_MODULE}?${query.join('&')}`;
}

const SHAPES_IMPORT = /from '(virtual:aivis\/response-shapes\?[^']*)'/g;

/** The response-shapes ids the widget sources import. */
function importedIds(root: string): string[] {
  const ids = new Set<string>();
  // A standalone-only element (widget/catalog.ts) is not in the bundles that merge.
  const apart = Object.values(CATALOG).flatMap((entry) =>
    'standaloneOnly' in entry ? [`${entry.folder}/`] : [],
  );
  for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || file.endsWith('.d.ts')) continue;
    if (apart.some((folder) => file.startsWith(folder))) continue;
    for (const match of readFileSync(join(root, file), 'utf8').matchAll(SHAPES_IMPORT))
      ids.add(expandElement(match[1]!));
  }
  return [...ids];
}

/**
 * `merge` (a folder of widget sources): every import gets one module, the
 * shapes of every body those sources ask for, so a bundle holding all the
 * elements carries each shared shape (a competitor row, the period, the
 * error body) once instead of once per element.
 */
export function responseShapesPlugin(options: { merge?: string } = {}): Plugin {
  let merged: string | undefined;
  return {
    name: 'aivis-response-shapes',
    buildStart() {
      if (options.merge) merged = mergedShapesId(importedIds(options.merge));
    },
    resolveId: (id) =>
      id.startsWith(RESPONSE_SHAPES_MODULE) ? `\0${merged ?? expandElement(id)}` : undefined,
    load: (id) =>
      id.startsWith(`\0${RESPONSE_SHAPES_MODULE}`)
        ? `export default ${JSON.stringify(shapesFor(id))};\nexport const endpoints = ${JSON.stringify(endpointsOf(id) ?? ENDPOINT_NAMES)};`
        : undefined,
  };
}
