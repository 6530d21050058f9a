/**
 * A fetch for happy-dom suites that answers from the real sandbox handler
 * in-process (real data, no sockets), records every call, and lets a test
 * rewrite or hold back answers for the states the sandbox cannot produce.
 */
import { createSandboxHandler } from '../../sandbox/app.js';
import type { FetchLike } from '../../shared/client/types.js';

export const API_BASE = 'http://api.test';
export const TOKEN = 'aivis_test_entry';

export interface RecordedCall {
  url: string;
  /** Only whether a token was sent: the suites never keep the token itself. */
  authorized: boolean;
  aborted: boolean;
}

type Rewrite = (url: URL, answer: () => Promise<Response>) => Promise<Response> | Response;

export interface FakeApi {
  fetch: FetchLike;
  calls: RecordedCall[];
  /** Calls whose path (after /api/v1) starts with the prefix. */
  callsTo(prefix: string): RecordedCall[];
  /** Rewrites answers; the rewrite can call answer() for the sandbox's own. */
  rewrite(fn: Rewrite | undefined): void;
  /** Holds every answer until release() (for loading and abort tests). */
  hold(): void;
  release(): void;
  /**
   * The sandbox's own answer at a path (`/api/v1/...`), asked through this
   * fetch as a widget would ask (so it is recorded too): what a widget should show.
   */
  // biome-ignore lint/suspicious/noExplicitAny: suites read the bodies field by field, or type them themselves
  body<T = any>(path: string, token?: string): Promise<T>;
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export function createFakeApi(): FakeApi {
  const handler = createSandboxHandler({ rateLimit: false });
  const calls: RecordedCall[] = [];
  let rewrite: Rewrite | undefined;
  let gate: Promise<void> | undefined;
  let open: (() => void) | undefined;

  const fetch: FetchLike = async (url, init) => {
    const call: RecordedCall = {
      url,
      authorized: Object.keys(init.headers).some((name) => name.toLowerCase() === 'authorization'),
      aborted: false,
    };
    calls.push(call);
    const signal = init.signal;
    const aborted = new Promise<never>((_, reject) => {
      signal?.addEventListener('abort', () => {
        call.aborted = true;
        reject(signal.reason ?? new DOMException('aborted', 'AbortError'));
      });
    });
    aborted.catch(() => {});
    if (gate) await Promise.race([gate, aborted]);
    if (signal?.aborted) throw signal.reason;
    const answer = () => handler(new Request(url, { method: init.method, headers: init.headers }));
    const response = await Promise.race([
      rewrite ? rewrite(new URL(url), answer) : answer(),
      aborted,
    ]);
    return response;
  };

  return {
    fetch,
    calls,
    callsTo: (prefix) =>
      calls.filter((call) => new URL(call.url).pathname.startsWith(`/api/v1${prefix}`)),
    rewrite(fn) {
      rewrite = fn;
    },
    hold() {
      gate = new Promise((resolve) => {
        open = resolve;
      });
    },
    release() {
      open?.();
      gate = undefined;
    },
    async body(path, token = TOKEN) {
      const response = await fetch(`${API_BASE}${path}`, {
        method: 'GET',
        headers: { Authorization: `Bearer ${token}` },
      });
      return JSON.parse(await response.text());
    },
  };
}
