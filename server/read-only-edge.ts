/**
 * The edge step every server of this project (the sandbox, the proxy) runs
 * before it routes: a CORS preflight is answered from the server's policy,
 * and a method that writes is refused (data-api 2: the API is read-only).
 * Each server words the answer in its own envelope and headers; this step
 * only decides which answer it is, so the rule is written once.
 */
import {
  type CorsHeaders,
  isReadMethod,
  type MethodRefusal,
  methodNotAllowed,
} from '../shared/http/edge.js';

export type EdgeAnswer =
  /** OPTIONS: 204 with the grants, or 403 for an origin the policy does not list. */
  | { kind: 'preflight'; status: 204 | 403; headers: Record<string, string> }
  /** Anything but GET, HEAD and OPTIONS: 405 with Allow. */
  | { kind: 'refused'; refusal: MethodRefusal };

/** The edge's answer to the request, or undefined when it goes on to the routes. */
export function readOnlyEdge(
  method: string,
  origin: string | null,
  cors: CorsHeaders,
): EdgeAnswer | undefined {
  if (method === 'OPTIONS') return { kind: 'preflight', ...cors.preflight(origin) };
  if (!isReadMethod(method)) return { kind: 'refused', refusal: methodNotAllowed(method) };
  return undefined;
}
