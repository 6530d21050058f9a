/**
 * Component schemas from the zod response schemas, through zod's own JSON
 * Schema conversion of the global registry (every schema registered with
 * `named()` in shared/schemas). Only components the document reaches are kept.
 */
import * as z from 'zod/mini';
import type { JsonObject } from './parameters.js';

const COMPONENT_PREFIX = '#/components/schemas/';

/** The component name of a registered schema; the endpoint table only holds named responses. */
export function componentId(schema: z.ZodMiniType): string {
  const id = z.globalRegistry.get(schema)?.id;
  if (typeof id !== 'string')
    throw new Error('Every response schema must be registered with named() in shared/schemas');
  return id;
}

export const componentRef = (id: string): JsonObject => ({ $ref: `${COMPONENT_PREFIX}${id}` });

/**
 * `$schema` and `$id` belong to standalone JSON Schema documents, not to
 * OpenAPI components; zod bounds every integer by ±2^53-1, which says nothing
 * to a reader and clutters generated types, so those bounds go too.
 */
function stripDocumentKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripDocumentKeys);
  if (typeof value !== 'object' || value === null) return value;
  const out: JsonObject = {};
  for (const [key, field] of Object.entries(value)) {
    if (key === '$schema' || key === '$id') continue;
    if (key === 'minimum' && field === Number.MIN_SAFE_INTEGER) continue;
    if (key === 'maximum' && field === Number.MAX_SAFE_INTEGER) continue;
    out[key] = stripDocumentKeys(field);
  }
  return out;
}

function collectRefs(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) for (const item of value) collectRefs(item, into);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, field] of Object.entries(value)) {
      if (key === '$ref' && typeof field === 'string' && field.startsWith(COMPONENT_PREFIX))
        into.add(field.slice(COMPONENT_PREFIX.length));
      else collectRefs(field, into);
    }
  }
}

/** The components `roots` need, in the registry's order. */
export function componentSchemas(roots: readonly string[]): Record<string, unknown> {
  const { schemas } = z.toJSONSchema(z.globalRegistry, {
    target: 'draft-2020-12',
    uri: (id) => `${COMPONENT_PREFIX}${id}`,
  });
  const needed = new Set<string>();
  const pending = [...roots];
  while (pending.length > 0) {
    const id = pending.pop() as string;
    if (needed.has(id)) continue;
    needed.add(id);
    const refs = new Set<string>();
    collectRefs(schemas[id], refs);
    pending.push(...refs);
  }
  const out: Record<string, unknown> = {};
  for (const [id, schema] of Object.entries(schemas)) {
    if (needed.has(id)) out[id] = stripDocumentKeys(schema);
  }
  return out;
}
