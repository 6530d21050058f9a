/**
 * A Vite plugin that provides `virtual:aivis/response-shapes`: the response
 * schemas compiled to compact shapes at build time (shared/schemas/compile-shapes.ts).
 * The widget bundle checks responses against them instead of shipping zod.
 * `?endpoints=a,b` compiles only those in full; the others are checked as
 * JSON objects (for bodies a bundle only shows generically).
 * `&blocks=profile,ai_visibility` keeps only those blocks in the summary's
 * shape (the ones the bundle asks for with `include`); `&variants=history`
 * only those bodies where a parameter picks the body (dataset, group_by).
 * Used by the
 * widget build and by vitest, so tests run the same check.
 */
import type { Plugin } from 'vite';
import { ENDPOINT_NAMES, type EndpointName } from '../shared/api/endpoints.js';
import { RESPONSES } from '../shared/api/responses.js';
import { SUMMARY_BLOCKS, type SummaryBlock } from '../shared/api/vocabulary.js';
import { compileShapes } from '../shared/schemas/compile-shapes.js';

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

/** The bodies a module id asks for where a parameter picks the body, or undefined for all. */
export const variantsOf = (id: string): string[] | undefined => listed(id, 'variants', VARIANTS);

/** The shapes a module id asks for (its endpoints, summary blocks and variants). */
export const shapesFor = (id: string) =>
  compileShapes({
    endpoints: endpointsOf(id),
    summaryBlocks: summaryBlocksOf(id),
    variants: variantsOf(id),
  });

export function responseShapesPlugin(): Plugin {
  return {
    name: 'aivis-response-shapes',
    resolveId: (id) => (id.startsWith(RESPONSE_SHAPES_MODULE) ? `\0${id}` : undefined),
    load: (id) =>
      id.startsWith(`\0${RESPONSE_SHAPES_MODULE}`)
        ? `export default ${JSON.stringify(shapesFor(id))};`
        : undefined,
  };
}
