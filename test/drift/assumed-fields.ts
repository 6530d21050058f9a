/**
 * The list of assumed fields in docs/service-drift.md, derived from the
 * schemas (shared/schemas, assumed()) through their shapes: per answer,
 * every field the Data API document leaves unnamed, siblings grouped under
 * their parent. test/drift/docs.test.ts keeps the page equal to it.
 */

import type * as z from 'zod/mini';
import { ENDPOINTS, type EndpointName } from '../../shared/api/endpoints.js';
import { RESPONSES } from '../../shared/api/responses.js';
import { type Shape, shapeOf } from '../../shared/table/shape.js';

const isAssumed = (shape: Shape) => 'assumed' in shape && shape.assumed === true;

/** Paths of the assumed fields under `shape`; an assumed list of objects is followed into its rows. */
function walk(shape: Shape, path: string, out: string[]): void {
  const inner = (key: string) => (path ? `${path}.${key}` : key);
  if (shape.kind === 'array' && shape.element.kind === 'object') {
    walk(shape.element, `${path}[]`, out);
    return;
  }
  if (isAssumed(shape)) {
    out.push(path);
    return;
  }
  if (shape.kind === 'object')
    for (const [key, field] of shape.fields) walk(field, inner(key), out);
}

/** `period.requested, period.used` as `period.{requested, used}`. */
function grouped(paths: string[]): string[] {
  const groups = new Map<string, string[]>();
  for (const path of paths) {
    const cut = path.lastIndexOf('.');
    const parent = cut < 0 ? '' : path.slice(0, cut);
    groups.set(parent, [...(groups.get(parent) ?? []), path.slice(cut + 1)]);
  }
  return [...groups].flatMap(([parent, names]) =>
    parent === ''
      ? names.map((name) => `\`${name}\``)
      : [`\`${parent}.${names.length > 1 ? `{${names.join(', ')}}` : names[0]}\``],
  );
}

/** The markdown list: one item per answer with assumed fields. */
export function assumedFieldList(): string {
  const lines: string[] = [];
  for (const [name, side] of Object.entries(RESPONSES) as Array<
    [EndpointName, (typeof RESPONSES)[EndpointName]]
  >) {
    const bodies: Array<[string, z.ZodMiniType]> =
      'by' in side
        ? Object.entries(side.schemas as Record<string, z.ZodMiniType>).map(([value, schema]) => [
            `${side.by}=${value}`,
            schema,
          ])
        : [['', (side as { schema: z.ZodMiniType }).schema]];
    for (const [selector, schema] of bodies) {
      const paths: string[] = [];
      walk(shapeOf(schema), '', paths);
      if (paths.length === 0) continue;
      const request = `GET ${ENDPOINTS[name].path}${selector ? `?${selector}` : ''}`;
      lines.push(`- \`${request}\`: ${grouped(paths).join(', ')}`);
    }
  }
  return lines.join('\n');
}
