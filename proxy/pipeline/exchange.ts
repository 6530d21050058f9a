/**
 * What the steps of the proxy's pipeline (proxy/handler.ts) hand each other:
 * the runtime's per-request context, and the answer a step gives when it
 * ends the request (the response, where its body came from, what the log
 * says about it).
 */
import type { CachedAnswer } from '../cache.js';
import type { CacheState } from '../responses.js';

/** Per-request context of runtimes that can keep work alive after the answer (Workers' ctx). */
export interface ProxyRequestContext {
  waitUntil?: (promise: Promise<unknown>) => void;
  /**
   * The host writes prepared bytes and headers itself (the Node host,
   * server/serve-fetch-handler.ts): a cached answer is served as they are.
   */
  preparedBodies?: boolean;
}

export interface Answer {
  response: Response;
  cache: CacheState | '-';
  /** For the log: the canonical upstream path of an API route, else the requested path. */
  path: string;
  /** For the log: why a stale copy or an error was served. */
  note?: string;
  /** A cached answer, scrubbed when it arrived and complete with CORS and security headers. */
  final?: boolean;
  /**
   * The cached copy served, when one was: a reader of the answer that only
   * needs its validator (a kept card) reads this and never builds `response`.
   */
  cached?: { entry: CachedAnswer; state: CacheState };
}

/** A step either answers the request or hands a value to the next step. */
export type StepResult<T> = { answer: Answer } | { value: T };

/** An answer the proxy made itself (an edge refusal, a 404, a 422): finished by finish.ts. */
export function localAnswer(response: Response, path: string): Answer {
  return { response, cache: '-', path };
}
