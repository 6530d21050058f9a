/**
 * How a driver checks a parsed body against the contract. Two implementations
 * share this interface: zod-check.ts (the schemas themselves; Node, Apps
 * Script, the explorer) and shape-check.ts (compact shapes compiled from the
 * same schemas at build time, so a browser bundle carries no zod).
 */
import type { EndpointName, Query } from '../api/endpoints.js';

/** How a body differed from what the client expects (reconcile.ts finds them). */
export interface Difference {
  /** JSON path, with [] for "every row": answers[].search_queries. */
  path: string;
  /** missing; found under another name (renamed); of another type (type); not expected (extra). */
  kind: 'missing' | 'renamed' | 'type' | 'extra';
  /** The names looked for, the canonical first (missing, renamed). */
  names?: readonly string[];
  /** The name it was found under (renamed). */
  found?: string;
  /** What was expected (type). */
  expected?: string;
  /** Of another type, but read all the same (a number sent as text). */
  read?: true;
}

export type CheckResult =
  /**
   * `value` is the body as read: assumed fields reconciled (reconcile.ts);
   * `differences` says how it differed from what the client expects.
   */
  | { ok: true; value: unknown; differences?: Difference[] }
  /** `path` names the offending field like answers[3].platform; `detail` says what was expected. */
  | { ok: false; path: string; detail: string };

export interface BodyCheck {
  /** The documented body for this endpoint and query (defaults applied), or a connected source's available:false. */
  response(name: EndpointName, query: Query, value: unknown): CheckResult;
  /** The data-api 7 error envelope. */
  error(value: unknown): CheckResult;
}

/** Renders a path as `answers[3].platform`. */
export function formatJsonPath(path: ReadonlyArray<PropertyKey>): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else text += text ? `.${String(segment)}` : String(segment);
  }
  return text || '(root)';
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The check of a body no schema describes here (a followed link's rows, an
 * endpoint a widget shows only as text): it only has to be a JSON object.
 */
export const objectBody = (value: unknown): CheckResult =>
  isPlainObject(value)
    ? { ok: true, value }
    : { ok: false, path: '(root)', detail: 'expected object' };

/** data-api 2.5: a connected source without stored data answers available:false with a reason. */
export const isUnavailable = (value: unknown): boolean =>
  isPlainObject(value) && value.available === false;
