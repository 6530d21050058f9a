/**
 * Which row lists a contract check has read already, so the table's read
 * (compiled-reconcile.ts) and the paging that joins checked pages
 * (shared/client/paging.ts) can say so without carrying the reader itself.
 */
import type { CompactShape } from './compact-shapes.js';

/**
 * Lists a dropping read returned (the contract check's), each with the token
 * of the place that read it. Such a list is a fixed point of any later read
 * at that place, dropping or keeping misfits: its rows are renamed, converted
 * and rid of misfits already, and a body is never modified once read
 * (reconcile.ts). So the table's read of a body the check read, or of rows joined
 * from such pages (carryRead), passes over them instead of reading every row
 * twice (docs/benchmarks.md, "core").
 */
export const READ_LISTS = new WeakMap<object, object>();
const LIST_TOKENS = new WeakMap<CompactShape, { strict: object; tolerant: object }>();

export function listToken(shape: CompactShape, tolerant: boolean): object {
  let tokens = LIST_TOKENS.get(shape);
  if (!tokens) {
    tokens = { strict: {}, tolerant: {} };
    LIST_TOKENS.set(shape, tokens);
  }
  return tolerant ? tokens.tolerant : tokens.strict;
}

/**
 * `joined` holds rows of `parts` only (pages joined, cut at a row count): it
 * counts as read where every part was read, at the same place.
 */
export function carryRead(parts: readonly unknown[], joined: readonly unknown[]): void {
  let token: object | undefined;
  for (const part of parts) {
    const read = typeof part === 'object' && part !== null ? READ_LISTS.get(part) : undefined;
    if (!read || (token && read !== token)) return;
    token = read;
  }
  if (token) READ_LISTS.set(joined, token);
}
