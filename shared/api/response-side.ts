/**
 * How the response side of the endpoint table picks a body description:
 * one for every query, or one per value of a parameter. Kept free of zod so
 * the compact shape check can use the same choice.
 */
import type { Query } from './endpoints.js';

export type ResponseSide<S> = { schema: S } | { by: string; schemas: Record<string, S> };

/** Picks for a query with defaults applied; undefined for a value with no documented body. */
export function pickResponse<S>(side: ResponseSide<S>, query: Query): S | undefined {
  return 'schema' in side ? side.schema : side.schemas[String(query[side.by])];
}
