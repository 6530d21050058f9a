/**
 * The compact shapes' types, apart from their interpreter (shape-check.ts)
 * and the tolerant reader (reconcile.ts), which both speak them: neither has
 * to import the other for a type.
 */
import type { EndpointName } from '../api/endpoints.js';
import type { ResponseSide } from '../api/response-side.js';

/**
 * Tags are one character because the shapes ship in the widget bundle:
 * * anything, s string (re: pattern), d ISO date-time, n number, b boolean,
 * l literal, a array, r record, o object, ? optional, ~ nullable, | union,
 * # reference to a named component in `defs`, ! an assumed field (optional,
 * read tolerantly by reconcile.ts before the check; docs/service-drift.md).
 */
export type CompactShape =
  | { t: '*' }
  | { t: 's'; re?: string }
  | { t: 'd' }
  | { t: 'n'; int?: true; ge?: number; gt?: number; le?: number; lt?: number }
  | { t: 'b' }
  | { t: 'l'; v: Array<string | number | boolean | null> }
  | { t: 'a'; e: CompactShape; max?: number }
  | { t: 'r'; v: CompactShape }
  | { t: 'o'; f: Record<string, CompactShape> }
  | { t: '?'; s: CompactShape }
  /** o: may legitimately be absent (no difference then). */
  | { t: '!'; s: CompactShape; o?: 1 }
  | { t: '~'; s: CompactShape }
  | { t: '|'; o: CompactShape[] }
  | { t: '#'; id: string };

export interface CompiledShapes {
  /** Named components, referenced by { t: '#', id }. */
  defs: Record<string, CompactShape>;
  responses: { [N in EndpointName]: ResponseSide<CompactShape> };
  /** A connected source's available:false; compiled only where a full endpoint is a connected source. */
  unavailable?: CompactShape;
  error: CompactShape;
}

export type Failure = { path: PropertyKey[]; detail: string };
export type ShapeTest = (
  shape: CompactShape,
  value: unknown,
  path: PropertyKey[],
) => Failure | undefined;
