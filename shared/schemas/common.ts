/**
 * Response elements shared by several endpoints (data-api 2.5 and 7).
 * Objects are loose: fields the server adds later pass through untouched.
 */
import * as z from 'zod/mini';
import { API_ERROR_CODES, PLATFORMS, REPORT_PERIODS, SOURCE_WINDOWS } from '../api/vocabulary.js';

/** Registers a schema under a component name for the OpenAPI document. */
export function named<T extends z.ZodMiniType>(id: string, description: string, schema: T): T {
  z.globalRegistry.add(schema, { id, description });
  return schema;
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
  z.looseObject({
    requested: z
      .string()
      .register(z.globalRegistry, { description: `${REPORT_PERIODS.join(', ')} or custom` }),
    used: z.string(),
    start: isoDate,
    end: isoDate,
    /** Optional so an answer without it still parses; the sandbox always sends it. */
    latest_check_at: z.optional(isoDateTime),
  }),
);
export type ReportPeriodInfo = z.infer<typeof reportPeriodSchema>;

export const sourceWindowSchema = named(
  'SourceWindow',
  'The rolling window of a connected source, ending on its collection day.',
  z.looseObject({
    requested: z.string().register(z.globalRegistry, { description: SOURCE_WINDOWS.join(', ') }),
    used: z.string(),
    start: isoDate,
    end: isoDate,
  }),
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
