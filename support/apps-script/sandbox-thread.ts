/**
 * The real sandbox (sandbox/server.ts) on a worker thread, with its request
 * log readable from the test thread.
 */
import { Worker } from 'node:worker_threads';
import type { DriftName } from '../../sandbox/data/drift.js';
import type { StartSandboxOptions } from '../../sandbox/server.js';
import type { ReshapeVariant } from '../reshape/reshape.js';

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
  let nextId = 0;
  const pending = new Map<number, (value: unknown) => void>();
  const baseUrl = await new Promise<string>((resolve, reject) => {
    worker.once('error', reject);
    worker.on(
      'message',
      (message: { type: string; id?: number; baseUrl?: string; log?: unknown }) => {
        if (message.type === 'ready') resolve(message.baseUrl!);
        else if (message.id !== undefined) {
          pending.get(message.id)?.(message.log);
          pending.delete(message.id);
        }
      },
    );
  });
  const ask = (type: string, extra: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      worker.postMessage({ type, id, ...extra });
    });
  return {
    baseUrl,
    log: async () => (await ask('log')) as LogEntry[],
    since: async (mark) => ((await ask('log')) as LogEntry[]).slice(mark),
    drift: async (step) => {
      await ask('drift', { drift: step });
    },
    reshapers: async () => (await ask('reshapers')) as Record<ReshapeVariant, string>,
    close: async () => {
      await ask('close');
      await worker.terminate();
    },
  };
}
