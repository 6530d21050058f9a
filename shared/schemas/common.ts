/**
 * Response elements shared by several endpoints (data-api 2.5 and 7).
 * Objects are loose: fields the server adds later pass through untouched.
 */
import * as z from 'zod/mini';
import { API_ERROR_CODES, PLATFORMS, REPORT_PERIODS, SOURCE_WINDOWS } from '../api/vocabulary.js';
import { defOf } from './zod-def.js';

/** Registers a schema under a component name for the OpenAPI document. */
export function named<T extends z.ZodMiniType>(id: string, description: string, schema: T): T {
  z.globalRegistry.add(schema, { id, description });
  return schema;
}

/**
 * The key that marks a field as assumed in the registry's metadata (and so in
 * the OpenAPI document, where `x-assumed: true` sits on each such field).
 */
export const ASSUMED_KEY = 'x-assumed';

/** What an assumed field's value may be after tolerant reading: any part of it may be missing. */
export type DeepPartial<T> = T extends readonly (infer E)[]
  ? DeepPartial<E>[]
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;

/**
 * The same schema with every field inside it assumed too. Named components
 * (registered with an id) are left as they are: they carry their own tiers.
 */
function loosen(schema: z.ZodMiniType): z.ZodMiniType {
  if (z.globalRegistry.get(schema)?.id) return schema;
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return z.looseObject(
        Object.fromEntries(
          Object.entries(def.shape ?? {}).map(([key, field]) => {
            const inner = defOf(field);
            return [
              key,
              inner.type === 'optional' && inner.innerType
                ? optionalAssumed(inner.innerType)
                : assumed(field),
            ];
          }),
        ),
      );
    case 'array':
      return def.element ? z.array(loosen(def.element)) : schema;
    case 'record':
      return def.valueType ? z.record(z.string(), loosen(def.valueType)) : schema;
    case 'nullable':
      return def.innerType ? z.nullable(loosen(def.innerType)) : schema;
    case 'union':
      return def.options ? z.union(def.options.map(loosen) as [z.ZodMiniType]) : schema;
    default:
      return schema;
  }
}

/**
 * Two tiers of contract (docs/service-drift.md): what the Data API document
 * names is checked strictly; a field it leaves unnamed is *assumed*: never
 * required, read tolerantly (shared/http/reconcile.ts: found under a known
 * alias, numeric strings read as numbers, a value of another type left out),
 * and every field inside it is assumed too. A missing or odd assumed field
 * costs only the part of a front end that shows it.
 */
export function assumed<T extends z.ZodMiniType>(
  schema: T,
): z.ZodMiniOptional<z.ZodMiniType<DeepPartial<z.output<T>>, DeepPartial<z.input<T>>>> {
  const description = z.globalRegistry.get(schema)?.description;
  return z.optional(loosen(schema)).register(z.globalRegistry, {
    [ASSUMED_KEY]: true,
    description: description
      ? `Assumed (not named by the Data API document). ${description}`
      : 'Assumed (not named by the Data API document).',
  }) as never;
}

/**
 * An assumed field that may legitimately be absent (answer_text without
 * include_answer_text): read tolerantly like any assumed field, but its
 * absence is no difference.
 */
function optionalAssumed(inner: z.ZodMiniType): z.ZodMiniType {
  return z.optional(loosen(inner)).register(z.globalRegistry, {
    [ASSUMED_KEY]: 'optional',
    description: 'Assumed (not named by the Data API document); may be absent.',
  });
}

/** Every field of `shape` assumed (see assumed()). */
export function assumedFields<S extends Record<string, z.ZodMiniType>>(
  shape: S,
): { [K in keyof S]: ReturnType<typeof assumed<S[K]>> } {
  return Object.fromEntries(
    Object.entries(shape).map(([key, field]) => {
      const def = defOf(field);
      // A field that may legitimately be absent stays plain optional: its absence is no drift.
      return [
        key,
        def.type === 'optional' && def.innerType ? optionalAssumed(def.innerType) : assumed(field),
      ];
    }),
  ) as never;
}

export const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD'));
export const isoMonth = z.string().check(z.regex(/^\d{4}-\d{2}$/, 'a month as YYYY-MM'));
export const isoDateTime = z.iso.datetime({ offset: true });
export const count = z.int().check(z.minimum(0));
export const ratio = z.number().check(z.minimum(0), z.maximum(1));
export const percent = z.number().check(z.minimum(0), z.maximum(100));
/** Platform names are open-ended on the wire: a new platform must not break old clients. */
export const platformName = z.string().register(z.globalRegistry, {
  description: `AI platform: ${PLATFORMS.join(', ')} (new platforms may appear)`,
});

/** data-api 2.5: the report period used; `used` differs from `requested` when history was too short (data-api 8). */
export const reportPeriodSchema = named(
  'ReportPeriod',
  'Which AI-visibility report period was used. `requested` is what was asked (or `custom` for since/until); `used` is what the data covers after any fallback; `latest_check_at` is when the newest stored check finished, which periods are anchored to and the data is as of.',
  // data-api 2.5 names the object, not its fields: all assumed.
  z.looseObject(
    assumedFields({
      requested: z
        .string()
        .register(z.globalRegistry, { description: `${REPORT_PERIODS.join(', ')} or custom` }),
      used: z.string(),
      start: isoDate,
      end: isoDate,
      /** Optional so an answer without it still parses; the sandbox always sends it. */
      latest_check_at: z.optional(isoDateTime),
    }),
  ),
);
export type ReportPeriodInfo = z.infer<typeof reportPeriodSchema>;

export const sourceWindowSchema = named(
  'SourceWindow',
  'The rolling window of a connected source, ending on its collection day.',
  z.looseObject(
    assumedFields({
      requested: z.string().register(z.globalRegistry, { description: SOURCE_WINDOWS.join(', ') }),
      used: z.string(),
      start: isoDate,
      end: isoDate,
    }),
  ),
);

/** data-api 2.5: pagination of row datasets. */
export const paginationSchema = named(
  'Pagination',
  'Position of this page in the whole list. When has_more is true, request again with a larger offset.',
  z.looseObject({
    offset: count,
    limit: count,
    returned: count,
    total: count,
    has_more: z.boolean(),
  }),
);
export type Pagination = z.infer<typeof paginationSchema>;

/** data-api 2.5: a connected source or window with no stored data. */
export const unavailableSourceSchema = named(
  'UnavailableSource',
  'A connected source or window without stored data: `reason` says why.',
  z.looseObject({
    available: z.literal(false),
    reason: z.string(),
    source: z.optional(z.string()),
    dataset: z.optional(z.string()),
    period: z.optional(sourceWindowSchema),
  }),
);
export type UnavailableSource = z.infer<typeof unavailableSourceSchema>;

/** data-api 7: the error envelope. */
export const errorEnvelopeSchema = named(
  'ErrorEnvelope',
  'Every error: one key `error`.',
  z.looseObject({
    error: z.looseObject({
      // Documented as a closed list; read as any text, so a code added later still
      // reaches the client's message rather than failing the contract check.
      code: z.string().register(z.globalRegistry, {
        description: 'What went wrong, as one of the documented codes.',
        enum: [...API_ERROR_CODES],
      }),
      message: z.string(),
      status: z.int(),
      errors: z.optional(z.record(z.string(), z.array(z.string()))),
      plans_url: z.optional(z.string()),
      retry_after: z.optional(z.int().check(z.minimum(0))),
    }),
  }),
);
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
