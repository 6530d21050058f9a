/**
 * Compiles the zod response schemas into compact shapes (shared/http/shape-check.ts)
 * at build time, so the widget bundle checks the same contract without zod.
 * Named components (registered with an id) compile once and are referenced.
 * A zod construct this compiler does not know is an error here, at build
 * time, rather than a check silently skipped in the browser.
 */
import * as z from 'zod/mini';
import { ENDPOINT_NAMES, type EndpointName } from '../api/endpoints.js';
import type { ResponseSide } from '../api/response-side.js';
import { RESPONSES } from '../api/responses.js';
import type { CompactShape, CompiledShapes } from '../http/shape-check.js';
import { errorEnvelopeSchema, unavailableSourceSchema } from './common.js';

interface CheckDef {
  check: string;
  format?: string;
  value?: number;
  inclusive?: boolean;
  maximum?: number;
  pattern?: RegExp;
}

interface Def {
  type: string;
  format?: string;
  shape?: Record<string, z.ZodMiniType>;
  innerType?: z.ZodMiniType;
  element?: z.ZodMiniType;
  valueType?: z.ZodMiniType;
  options?: readonly z.ZodMiniType[];
  values?: ReadonlyArray<string | number | boolean | null>;
  checks?: ReadonlyArray<{ _zod: { def: CheckDef } }>;
}

const defOf = (schema: z.ZodMiniType): Def =>
  (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): CheckDef[] => (def.checks ?? []).map((check) => check._zod.def);

/**
 * Where a bundle only shows an endpoint's rows generically (as text), checking
 * that its body is a JSON object is enough; the full shape costs bytes there.
 */
const ANY_OBJECT: CompactShape = { t: 'o', f: {} };

export interface CompileOptions {
  /** Endpoints to compile in full; the others are checked only as JSON objects. Default: all. */
  endpoints?: readonly EndpointName[];
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
        return { t: '?', s: compileNamed(def.innerType!) };
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

  const compileSide = (side: ResponseSide<z.ZodMiniType>): ResponseSide<CompactShape> =>
    'schema' in side
      ? { schema: compileNamed(side.schema) }
      : {
          by: side.by,
          schemas: Object.fromEntries(
            Object.entries(side.schemas).map(([key, schema]) => [key, compileNamed(schema)]),
          ),
        };

  const responses = Object.fromEntries(
    ENDPOINT_NAMES.map((name) => [
      name,
      full.has(name) ? compileSide(RESPONSES[name]) : { schema: ANY_OBJECT },
    ]),
  ) as { [N in EndpointName]: ResponseSide<CompactShape> };
  return {
    defs,
    responses,
    unavailable: compileNamed(unavailableSourceSchema),
    error: compileNamed(errorEnvelopeSchema),
  };
}
