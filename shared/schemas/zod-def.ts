/**
 * The slice of zod's internal schema definition (`_zod.def`) that the core
 * reads to walk its own schemas: marking fields assumed (common.ts),
 * compiling compact shapes for the widgets (compile-shapes.ts) and deriving
 * table columns (shared/table/shape.ts). One reading, so a zod upgrade that
 * moves it breaks one place.
 */
import type * as z from 'zod/mini';

/** A check's own definition (min, max, regex, integer format, ...). */
export interface ZodCheckDef {
  check: string;
  format?: string;
  value?: number;
  inclusive?: boolean;
  maximum?: number;
  pattern?: RegExp;
}

export interface ZodDef {
  type: string;
  format?: string;
  shape?: Record<string, z.ZodMiniType>;
  innerType?: z.ZodMiniType;
  element?: z.ZodMiniType;
  valueType?: z.ZodMiniType;
  options?: readonly z.ZodMiniType[];
  values?: ReadonlyArray<string | number | boolean | null>;
  in?: z.ZodMiniType;
  getter?: () => z.ZodMiniType;
  checks?: ReadonlyArray<{ _zod: { def: ZodCheckDef } }>;
}

export const defOf = (schema: z.ZodMiniType): ZodDef =>
  (schema as unknown as { _zod: { def: ZodDef } })._zod.def;

export const checksOf = (def: ZodDef): ZodCheckDef[] =>
  (def.checks ?? []).map((check) => check._zod.def);
