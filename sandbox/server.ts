/** Starts the sandbox on loopback: the entry point of tests, benchmarks and the CLI. */
import { serveFetchHandler } from '../server/serve-fetch-handler.js';
import { createSandboxHandler, type RequestLogEntry, type SandboxOptions } from './app.js';

/** Request-log entries kept, and how far past it the log may grow before it is trimmed. */
const LOG_ENTRIES = 10_000;
const LOG_TRIM = 1_000;

export interface StartSandboxOptions {
  /** 0 picks an ephemeral port. Default 0. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The sandbox's today, YYYY-MM-DD. Default 2026-11-15. */
  now?: string;
  /** Enforce the per-minute budget. Default true. */
  rateLimit?: boolean;
  /** Delay of the aivis_test_slow token. Default 5000 ms. */
  slowDelayMs?: number;
  /** Instead of the delay, what the slow token waits for (SandboxOptions.slowWait). */
  slowWait?: SandboxOptions['slowWait'];
  /** The named drift step the data is in, read per request (SandboxOptions.drift). */
  drift?: SandboxOptions['drift'];
}

export interface RunningSandbox {
  /** e.g. http://127.0.0.1:8787, without /api/v1. */
  baseUrl: string;
  close(): Promise<void>;
  /** One entry per request, oldest first; never holds a token. */
  requestLog: RequestLogEntry[];
}

export async function startSandbox(options: StartSandboxOptions = {}): Promise<RunningSandbox> {
  const requestLog: RequestLogEntry[] = [];
  let listening = '';
  const handler = createSandboxHandler({
    serverUrl: () => listening,
    ...(options.now === undefined ? {} : { now: options.now }),
    ...(options.rateLimit === undefined ? {} : { rateLimit: options.rateLimit }),
    ...(options.slowDelayMs === undefined ? {} : { slowDelayMs: options.slowDelayMs }),
    ...(options.slowWait === undefined ? {} : { slowWait: options.slowWait }),
    ...(options.drift === undefined ? {} : { drift: options.drift }),
    onRequest: (entry) => {
      requestLog.push(entry);
      // A long-running sandbox keeps the newest entries only; trimmed in batches,
      // so a busy sandbox does not move 10,000 entries on every request.
      if (requestLog.length > LOG_ENTRIES + LOG_TRIM)
        requestLog.splice(0, requestLog.length - LOG_ENTRIES);
    },
  });
  const served = await serveFetchHandler(handler, {
    port: options.port ?? 0,
    host: options.host ?? '127.0.0.1',
  });
  listening = served.url;
  return { baseUrl: served.url, close: served.close, requestLog };
}
