/**
 * The real sandbox (sandbox/server.ts) on a worker thread, with its request
 * log readable from the test thread.
 */
import { Worker } from 'node:worker_threads';
import type { DriftName } from '../../sandbox/data/drift.js';
import type { StartSandboxOptions } from '../../sandbox/server.js';
import type { ReshapeVariant } from '../reshape/reshape.js';
import { callsTo } from './worker-calls.js';

export interface LogEntry {
  method: string;
  path: string;
  query: string | Record<string, string>;
  account: string | null;
  status: number;
}

export interface SandboxThread {
  baseUrl: string;
  /** Every request the sandbox answered so far, oldest first. */
  log(): Promise<LogEntry[]>;
  /** Requests answered since `mark` (a previous log length). */
  since(mark: number): Promise<LogEntry[]>;
  close(): Promise<void>;
  /** Moves the data to a named drift step (sandbox/data/drift.ts) for the requests that follow. */
  drift(step: DriftName): Promise<void>;
  /** Starts a reshaper (support/reshape) per variant on the sandbox's thread; their base URLs. */
  reshapers(): Promise<Record<ReshapeVariant, string>>;
}

export async function startSandboxThread(
  options: StartSandboxOptions = {},
): Promise<SandboxThread> {
  const worker = new Worker(new URL('./sandbox-worker.mjs', import.meta.url), {
    workerData: { port: 0, ...options },
  });
  const calls = await callsTo(worker);
  const log = async () => (await calls.ask('log')) as LogEntry[];
  return {
    baseUrl: calls.address,
    log,
    since: async (mark) => (await log()).slice(mark),
    drift: async (step) => {
      await calls.ask('drift', { drift: step });
    },
    reshapers: async () => (await calls.ask('reshapers')) as Record<ReshapeVariant, string>,
    close: calls.close,
  };
}
