/**
 * Compiles the zod response schemas into compact shapes (shared/http/shape-check.ts)
 * at build time, so the widget bundle checks the same contract without zod.
 * Named components (registered with an id) compile once and are referenced.
 * A zod construct this compiler does not know is an error here, at build
 * time, rather than a check silently skipped in the browser.
 */
import * as z from 'zod/mini';
import { ENDPOINT_NAMES, ENDPOINTS, type EndpointName } from '../api/endpoints.js';
import type { ResponseSide } from '../api/response-side.js';
import { RESPONSES } from '../api/responses.js';
import { SUMMARY_BLOCKS, type SummaryBlock } from '../api/vocabulary.js';
import type { CompactShape, CompiledShapes } from '../http/shape-check.js';
import { ASSUMED_KEY, errorEnvelopeSchema, unavailableSourceSchema } from './common.js';
import { projectSummarySchema } from './summary.js';
import { checksOf, defOf } from './zod-def.js';

/**
 * Where a bundle only shows an endpoint's rows generically (as text), checking
 * that its body is a JSON object is enough; the full shape costs bytes there.
 */
const ANY_OBJECT: CompactShape = { t: 'o', f: {} };

export interface CompileOptions {
  /** Endpoints to compile in full; the others are checked only as JSON objects. Default: all. */
  endpoints?: readonly EndpointName[];
  /**
   * The summary blocks a bundle reads (it asks for them with `include`); the
   * others are left out of the summary's shape, unchecked and never read.
   * Default: all.
   */
  summaryBlocks?: readonly SummaryBlock[];
  /**
   * The bodies a bundle asks for where a parameter picks the body (a
   * dataset, a grouping): only these values keep their shape; a query for
   * another has no documented body in this set. An endpoint compiled in full
   * with none of its values listed keeps them all; `endpoint:value` lists a
   * value for that endpoint only. Default: all.
   */
  variants?: readonly string[];
}

/** The summary's schema without the blocks a bundle does not read. */
function summaryWith(blocks: readonly SummaryBlock[]): z.ZodMiniType {
  const unread = SUMMARY_BLOCKS.filter((block) => !blocks.includes(block));
  const mask: { [B in SummaryBlock]?: true } = Object.fromEntries(
    unread.map((block) => [block, true]),
  );
  return z.omit(projectSummarySchema, mask);
}

export function compileShapes(options: CompileOptions = {}): CompiledShapes {
  const full = new Set<EndpointName>(options.endpoints ?? ENDPOINT_NAMES);
  const defs: Record<string, CompactShape> = {};

  // Components get short numbered keys: the names only serve to compile each once.
  const keys = new Map<string, string>();
  function compileNamed(schema: z.ZodMiniType): CompactShape {
    const name = z.globalRegistry.get(schema)?.id;
    if (!name) return compile(schema);
    let id = keys.get(name);
    if (id === undefined) {
      id = keys.size.toString(36);
      keys.set(name, id);
      defs[id] = { t: '*' }; // placeholder: guards against a recursive component
      defs[id] = compile(schema);
    }
    return { t: '#', id };
  }

  function compile(schema: z.ZodMiniType): CompactShape {
    const def = defOf(schema);
    switch (def.type) {
      case 'unknown':
      case 'any':
        return { t: '*' };
      case 'optional':
        switch (z.globalRegistry.get(schema)?.[ASSUMED_KEY]) {
          case true:
            return { t: '!', s: compileNamed(def.innerType!) };
          case 'optional':
            return { t: '!', s: compileNamed(def.innerType!), o: 1 };
          default:
            return { t: '?', s: compileNamed(def.innerType!) };
        }
      case 'nullable':
        return { t: '~', s: compileNamed(def.innerType!) };
      case 'string': {
        if (def.format === 'datetime') return { t: 'd' };
        const regex = checksOf(def).find((check) => check.format === 'regex');
        return regex?.pattern ? { t: 's', re: regex.pattern.source } : { t: 's' };
      }
      case 'number': {
        const shape: Extract<CompactShape, { t: 'n' }> = { t: 'n' };
        if (def.format === 'safeint' || def.format === 'int32' || def.format === 'uint32')
          shape.int = true;
        for (const check of checksOf(def)) {
          if (check.check === 'greater_than' && check.value !== undefined) {
            if (check.inclusive) shape.ge = check.value;
            else shape.gt = check.value;
          } else if (check.check === 'less_than' && check.value !== undefined) {
            if (check.inclusive) shape.le = check.value;
            else shape.lt = check.value;
          }
        }
        return shape;
      }
      case 'boolean':
        return { t: 'b' };
      case 'literal':
        return { t: 'l', v: [...(def.values ?? [])] };
      case 'array': {
        const max = checksOf(def).find((check) => check.check === 'max_length')?.maximum;
        return max === undefined
          ? { t: 'a', e: compileNamed(def.element!) }
          : { t: 'a', e: compileNamed(def.element!), max };
      }
      case 'record':
        return { t: 'r', v: compileNamed(def.valueType!) };
      case 'object': {
        const fields: Record<string, CompactShape> = {};
        for (const [key, field] of Object.entries(def.shape ?? {}))
          fields[key] = compileNamed(field);
        return { t: 'o', f: fields };
      }
      case 'union':
        return { t: '|', o: (def.options ?? []).map(compileNamed) };
      default:
        throw new Error(
          `compile-shapes: zod type '${def.type}' has no compact shape; teach compileShapes about it`,
        );
    }
  }

  const compileSide = (
    name: EndpointName,
    side: ResponseSide<z.ZodMiniType>,
  ): ResponseSide<CompactShape> => {
    if ('schema' in side) return { schema: compileNamed(side.schema) };
    const all = Object.entries(side.schemas);
    const asked = all.filter(
      ([key]) => options.variants?.includes(key) || options.variants?.includes(`${name}:${key}`),
    );
    return {
      by: side.by,
      schemas: Object.fromEntries(
        (asked.length > 0 ? asked : all).map(([key, schema]) => [key, compileNamed(schema)]),
      ),
    };
  };

  const responses = Object.fromEntries(
    ENDPOINT_NAMES.map((name) => [
      name,
      !full.has(name)
        ? { schema: ANY_OBJECT }
        : name === 'summary' && options.summaryBlocks
          ? { schema: compile(summaryWith(options.summaryBlocks)) }
          : compileSide(name, RESPONSES[name]),
    ]),
  ) as { [N in EndpointName]: ResponseSide<CompactShape> };
  return {
    defs,
    responses,
    ...([...full].some((name) => ENDPOINTS[name].connectedSource)
      ? { unavailable: compileNamed(unavailableSourceSchema) }
      : {}),
    error: compileNamed(errorEnvelopeSchema),
  };
}
