/**
 * A day's stored bodies as the ledger reads them: each parsed and read
 * through the same tolerant reading every front end uses
 * (shared/http/reconcile.ts, compiled: zod-check.ts's reconcileBody), so a
 * field the Data API document does not name is found under any name in
 * shared/aliases.ts, a number sent as text is read as the number, and a
 * value of another type is left out: only that column stays empty
 * (docs/service-drift.md). A body that is not JSON, or not a 200, reads as
 * nothing.
 */
import type { EndpointName, Query } from '../shared/api/endpoints.js';
import { reconcileBody } from '../shared/http/zod-check.js';
import { readRequest } from './requests.js';
import type { StoredBody } from './store.js';

export type Json = Record<string, unknown>;

export interface ReadBody {
  name: EndpointName;
  /** The query with the table's defaults filled in. */
  query: Query;
  body: Json;
}

export const object = (value: unknown): Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};

export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
export const num = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
export const int = (value: unknown) => (Number.isSafeInteger(value) ? (value as number) : null);
export const str = (value: unknown) => (typeof value === 'string' ? value : null);
export const bool = (value: unknown) => (typeof value === 'boolean' ? value : null);
export const date = (value: unknown) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;

export function readBodies(bodies: readonly StoredBody[]): ReadBody[] {
  const read: ReadBody[] = [];
  for (const stored of bodies) {
    if (stored.status !== 200) continue;
    const request = readRequest(stored.request);
    if (!request) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(stored.text);
    } catch {
      continue;
    }
    const body = object(reconcileBody(request.name, request.query, parsed).value);
    read.push({ ...request, body });
  }
  return read;
}
