/**
 * One request over a fetch function, read back as the core's HttpResponse
 * (header names lower-cased, the body as text), through the environment's
 * own fetch unless one is given: what the async client sends through, and
 * what the drift check's shells (the CLI, the explorer) hand it.
 */
import type { AbortSignalLike, FetchLike, HttpRequest, HttpResponse } from './types.js';

export async function fetchExchange(
  request: HttpRequest,
  { fetch = globalFetch()!, signal }: { fetch?: FetchLike; signal?: AbortSignalLike } = {},
): Promise<HttpResponse> {
  const { answer, headers } = await sendRequest(request, fetch, signal);
  return { status: answer.status, headers, body: await answer.text() };
}

/** The request sent, with the answer's header names lower-cased; its body is still unread. */
export async function sendRequest(
  request: HttpRequest,
  fetch: FetchLike,
  signal: AbortSignalLike | undefined,
) {
  const answer = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    ...(signal ? { signal } : {}),
  });
  const headers: Record<string, string> = {};
  answer.headers.forEach((value, key) => {
    headers[key.toLowerCase()] = value;
  });
  return { answer, headers };
}

/** The global fetch, bound, where the environment has one. */
export const globalFetch = (): FetchLike | undefined =>
  (globalThis as unknown as { fetch?: FetchLike }).fetch?.bind(globalThis);
