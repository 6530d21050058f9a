/**
 * What every entry of the proxy (Node, Bun, Workers) does when it cannot
 * start: one line for its operator that names the setting at fault, never
 * its value (a token, a Redis password) nor a stack. The settings refuse
 * what they can read as wrong (ProxyConfigError); what only a client finds
 * out when it starts (the Redis client refusing REDIS_URL) comes wrapped as
 * a StartUpError naming its setting. proxy/main.ts prints the line and exits;
 * the fetch entries (Bun, Workers) use `startedProxy`, which reports it once
 * and answers every request 503 without the detail (docs/proxy.md).
 */
import { ProxyConfigError, readProxyConfig } from './config.js';
import { createProxyHandler, type ProxyDeps, type ProxyHandler } from './handler.js';
import type { Pacer } from './pacer.js';

/** A start-up failure of a client the proxy makes (its message names the setting, never its value). */
export class StartUpError extends Error {
  override readonly name = 'StartUpError';
}

/**
 * Runs a client's start-up (the Redis client reading REDIS_URL): an error it
 * throws becomes a StartUpError naming `setting` and the error's kind only,
 * as the client's own message may quote the value.
 */
export function startClient<T>(setting: string, client: string, start: () => T): T {
  try {
    return start();
  } catch (error) {
    throw new StartUpError(
      `${setting} could not be used by ${client} (${error instanceof Error ? error.name : 'error'}); the value is not shown`,
    );
  }
}

/** The operator's one line for a start-up failure, or undefined when `error` is none of them. */
export function startUpFailure(error: unknown): string | undefined {
  if (error instanceof ProxyConfigError || error instanceof StartUpError)
    return `aivis proxy: ${error.message}`;
  return undefined;
}

/** What a proxy that could not start answers: its operator has the reason (startUpFailure), the viewer no detail. */
const NOT_STARTED = JSON.stringify({
  error: {
    code: 'server_error',
    status: 503,
    message:
      "The proxy is not configured correctly, so it could not start. Tell its operator: the proxy's log says which setting.",
  },
});

/**
 * The fetch entries' proxy (Bun, Workers): the handler made from `env`, or,
 * when a setting is wrong, a handler that answers 503 after reporting the
 * one line once. Anything else thrown is a bug and is thrown on.
 */
export function startedProxy(
  env: Record<string, string | undefined>,
  deps: ProxyDeps = {},
  report: (line: string) => void = (line) => console.error(line),
): ProxyHandler {
  try {
    return createProxyHandler(readProxyConfig(env), deps);
  } catch (error) {
    const line = startUpFailure(error);
    if (line === undefined) throw error;
    report(line);
    return notStarted();
  }
}

function notStarted(): ProxyHandler {
  const handler = async () =>
    new Response(NOT_STARTED, {
      status: 503,
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  const stats = () => ({
    upstreamRequests: 0,
    cacheEntries: 0,
    cacheBytes: 0,
    queued: 0,
    budgetLimit: 0,
    budgetRemaining: 0,
    bufferedBytes: 0,
  });
  // Nothing spends from a proxy that did not start (the ledger's snapshot is a Node-entry feature).
  return Object.defineProperties(handler, {
    stats: { value: stats },
    pacer: {
      get(): Pacer {
        throw new Error('The proxy did not start: it has no budget.');
      },
    },
  }) as unknown as ProxyHandler;
}
