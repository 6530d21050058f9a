/**
 * A Vite plugin that provides `virtual:aivis/response-shapes`: the response
 * schemas compiled to compact shapes at build time (shared/schemas/compile-shapes.ts).
 * The widget bundle checks responses against them instead of shipping zod.
 * `?endpoints=a,b` compiles only those in full; the others are checked as
 * JSON objects (for bodies a bundle only shows generically). Used by the
 * widget build and by vitest, so tests run the same check.
 */
import type { Plugin } from 'vite';
import { ENDPOINT_NAMES, type EndpointName } from '../shared/api/endpoints.js';
import { compileShapes } from '../shared/schemas/compile-shapes.js';

export const RESPONSE_SHAPES_MODULE = 'virtual:aivis/response-shapes';

/** The endpoints a module id asks for, or undefined for all; an unknown name fails the build. */
export function endpointsOf(id: string): EndpointName[] | undefined {
  const query = id.split('?')[1];
  const listed = query
    ?.split('&')
    .find((pair) => pair.startsWith('endpoints='))
    ?.slice('endpoints='.length);
  if (listed === undefined) return undefined;
  const names = listed.split(',').filter(Boolean);
  for (const name of names) {
    if (!(ENDPOINT_NAMES as string[]).includes(name)) {
      throw new Error(
        `${RESPONSE_SHAPES_MODULE}: '${name}' is not an endpoint; use ${ENDPOINT_NAMES.join(', ')}`,
      );
    }
  }
  return names as EndpointName[];
}

export function responseShapesPlugin(): Plugin {
  return {
    name: 'aivis-response-shapes',
    resolveId: (id) => (id.startsWith(RESPONSE_SHAPES_MODULE) ? `\0${id}` : undefined),
    load: (id) =>
      id.startsWith(`\0${RESPONSE_SHAPES_MODULE}`)
        ? `export default ${JSON.stringify(compileShapes({ endpoints: endpointsOf(id) }))};`
        : undefined,
  };
}
