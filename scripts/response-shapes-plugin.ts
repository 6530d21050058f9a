/**
 * A Vite plugin that provides `virtual:aivis/response-shapes`: the response
 * schemas compiled to compact shapes at build time (shared/schemas/compile-shapes.ts).
 * The widget bundle checks responses against them instead of shipping zod.
 * Used by the widget build and by vitest, so tests run the same check.
 */
import type { Plugin } from 'vite';
import { compileShapes } from '../shared/schemas/compile-shapes.js';

export const RESPONSE_SHAPES_MODULE = 'virtual:aivis/response-shapes';
const RESOLVED = `\0${RESPONSE_SHAPES_MODULE}`;

export function responseShapesPlugin(): Plugin {
  return {
    name: 'aivis-response-shapes',
    resolveId: (id) => (id === RESPONSE_SHAPES_MODULE ? RESOLVED : undefined),
    load: (id) =>
      id === RESOLVED ? `export default ${JSON.stringify(compileShapes())};` : undefined,
  };
}
