/**
 * The proxy's CORS: the shared edge policy (shared/http/edge.ts) with the
 * configured origins, exposing the cache and validator headers too.
 */
import { API_EXPOSED_HEADERS, type CorsHeaders, corsHeaders } from '../shared/http/edge.js';
import { CACHE_HEADER, STALE_REASON_HEADER } from './responses.js';

/** Headers a browser page may read from the proxy's answers: the API's, plus cache and validator. */
export const EXPOSED_HEADERS = [
  ...API_EXPOSED_HEADERS,
  'ETag',
  'Age',
  CACHE_HEADER,
  STALE_REASON_HEADER,
];

/** The policy for the configured origins, compiled once per handler. */
export function proxyCors(allowedOrigins: readonly string[]): CorsHeaders {
  return corsHeaders({ origins: new Set(allowedOrigins), exposedHeaders: EXPOSED_HEADERS });
}

/** Adds the CORS headers of the edge policy (shared/http/edge.ts); Vary is appended to. */
export function withCors(response: Response, cors: Readonly<Record<string, string>>): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(cors)) {
    if (name === 'Vary') appendVary(headers, value);
    else headers.set(name, value);
  }
  return new Response(response.body, { status: response.status, headers });
}

function appendVary(headers: Headers, name: string): void {
  const vary = headers.get('Vary');
  if (!vary) headers.set('Vary', name);
  else if (!vary.split(',').some((part) => part.trim().toLowerCase() === name.toLowerCase())) {
    headers.set('Vary', `${vary}, ${name}`);
  }
}
