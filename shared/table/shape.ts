/**
 * Reads the zod response schemas (shared/schemas) as a plain shape tree, so
 * column names, their order and their types come from the one description of
 * the API instead of hand-written lists. Only the parts of zod's definition
 * objects that describe data are read; checks other than formats are ignored.
 */
import * as z from 'zod/mini';
import { ASSUMED_KEY, isoDate, isoMonth } from '../schemas/common.js';
import { defOf, type ZodDef } from '../schemas/zod-def.js';
import type { ColumnType } from './types.js';

export type Shape =
  /** Fields in the schema's order; loose objects may carry more at run time. */
  | { kind: 'object'; fields: ReadonlyMap<string, Shape> }
  | { kind: 'array'; element: Shape; assumed?: true }
  /** A map from free keys to values, e.g. highlights keyed by platform. */
  | { kind: 'record'; value: Shape; assumed?: true }
  | {
      kind: 'leaf';
      type: ColumnType;
      semantic?: LeafSemantic;
      description?: string;
      /** Not named by the Data API document (assumed(), docs/service-drift.md): the service may not send it. */
      assumed?: true;
    };

/**
 * What a leaf means beyond its column type, read from the schema's checks:
 * a count (an integer of at least 0, nothing above), a percent (0 to 100), a
 * ratio (0 to 1), a month (the isoMonth pattern). Sheets ignores it; Looker
 * Studio's field types and aggregations come from it.
 */
export type LeafSemantic = 'count' | 'percent' | 'ratio' | 'month';

const TEXT: Shape = { kind: 'leaf', type: 'text' };
/** isoDate (common.ts) is the one YYYY-MM-DD pattern; its regex identifies date columns. */
const DATE_PATTERN = defOf(isoDate).checks?.[0]?._zod.def.pattern?.source;
/** isoMonth is the one YYYY-MM pattern. */
const MONTH_PATTERN = defOf(isoMonth).checks?.[0]?._zod.def.pattern?.source;
/** zod's integer formats (z.int(), z.int32(), ...). */
const INTEGER_FORMATS = new Set(['safeint', 'int32', 'uint32']);

const cache = new WeakMap<z.ZodMiniType, Shape>();

/** The shape of a schema; memoized, since every toTable call walks the same schemas. */
export function shapeOf(schema: z.ZodMiniType): Shape {
  const known = cache.get(schema);
  if (known) return known;
  const shape = describe(schema, 0);
  cache.set(schema, shape);
  return shape;
}

function describe(schema: z.ZodMiniType, depth: number): Shape {
  // Recursive schemas (z.lazy) are not in the API today; a depth cap keeps a future one finite.
  if (depth > 32) return TEXT;
  const def = defOf(schema);
  const inner = (next: z.ZodMiniType | undefined) => (next ? describe(next, depth + 1) : TEXT);
  switch (def.type) {
    case 'optional': {
      const shape = inner(def.innerType);
      const marked = z.globalRegistry.get(schema)?.[ASSUMED_KEY];
      // Objects are not marked: each field inside an assumed one is assumed itself.
      return marked && shape.kind !== 'object' ? { ...shape, assumed: true } : shape;
    }
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return inner(def.innerType);
    case 'pipe':
      return inner(def.in);
    case 'lazy':
      return inner(def.getter?.());
    case 'object': {
      const fields = new Map<string, Shape>();
      for (const [key, field] of Object.entries(def.shape ?? {})) fields.set(key, inner(field));
      return { kind: 'object', fields };
    }
    case 'array':
      return { kind: 'array', element: inner(def.element) };
    case 'record':
      return { kind: 'record', value: inner(def.valueType) };
    case 'union':
      return mergeOptions((def.options ?? []).map((option) => inner(option)));
    case 'string':
      return leaf(schema, stringType(def), hasPattern(def, MONTH_PATTERN) ? 'month' : undefined);
    case 'number': {
      const integer = def.format !== undefined && INTEGER_FORMATS.has(def.format);
      return leaf(schema, integer ? 'integer' : 'number', numberSemantic(def, integer));
    }
    case 'int':
    case 'bigint':
      return { kind: 'leaf', type: 'integer' };
    case 'boolean':
      return { kind: 'leaf', type: 'boolean' };
    case 'literal':
      return { kind: 'leaf', type: literalType(def.values ?? []) };
    default:
      return TEXT;
  }
}

function leaf(schema: z.ZodMiniType, type: ColumnType, semantic?: LeafSemantic): Shape {
  const description = z.globalRegistry.get(schema)?.description;
  return {
    kind: 'leaf',
    type,
    ...(semantic ? { semantic } : {}),
    ...(description ? { description } : {}),
  };
}

const hasPattern = (def: ZodDef, pattern: string | undefined): boolean =>
  pattern !== undefined &&
  (def.checks ?? []).some(
    (check) => check._zod.def.format === 'regex' && check._zod.def.pattern?.source === pattern,
  );

function stringType(def: ZodDef): ColumnType {
  if (def.format === 'datetime') return 'datetime';
  if (def.format === 'date') return 'date';
  return hasPattern(def, DATE_PATTERN) ? 'date' : 'text';
}

/** Inclusive bounds of a number schema's checks (z.minimum / z.maximum). */
function numberSemantic(def: ZodDef, integer: boolean): LeafSemantic | undefined {
  let min: unknown;
  let max: unknown;
  for (const check of def.checks ?? []) {
    const { check: kind, value, inclusive } = check._zod.def;
    if (kind === 'greater_than' && inclusive) min = value;
    else if (kind === 'less_than' && inclusive) max = value;
  }
  if (min !== 0) return undefined;
  if (integer) return max === undefined ? 'count' : undefined;
  if (max === 100) return 'percent';
  if (max === 1) return 'ratio';
  return undefined;
}

function literalType(values: readonly unknown[]): ColumnType {
  if (values.length > 0 && values.every((value) => typeof value === 'boolean')) return 'boolean';
  if (values.length > 0 && values.every((value) => typeof value === 'number'))
    return values.every(Number.isInteger) ? 'integer' : 'number';
  return 'text';
}

/**
 * A union of objects (a summary block that may be `available: false`) reads as
 * one object with the fields of all options, first option first; a union of
 * leaves keeps their type when they agree.
 */
function mergeOptions(options: Shape[]): Shape {
  const first = options[0];
  if (!first) return TEXT;
  if (options.every((option) => option.kind === 'object')) {
    const fields = new Map<string, Shape>();
    for (const option of options) {
      for (const [key, field] of option.fields) if (!fields.has(key)) fields.set(key, field);
    }
    return { kind: 'object', fields };
  }
  if (
    options.every(
      (option) => option.kind === 'leaf' && first.kind === 'leaf' && option.type === first.type,
    )
  )
    return first;
  if (options.every((option) => option.kind === 'leaf')) {
    const types = new Set(options.map((option) => (option.kind === 'leaf' ? option.type : 'text')));
    if ([...types].every((type) => type === 'integer' || type === 'number'))
      return { kind: 'leaf', type: 'number' };
  }
  return options.some((option) => option.kind !== 'leaf') ? { kind: 'leaf', type: 'list' } : TEXT;
}

/** The type of one column of this shape: objects are flattened before this is asked. */
export function columnTypeOf(shape: Shape): ColumnType {
  return shape.kind === 'leaf' ? shape.type : 'list';
}
