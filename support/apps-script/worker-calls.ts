/**
 * Calls from the test thread to a helper thread (the sandbox, a webhook
 * receiver) that must answer while the test thread blocks in Atomics.wait:
 * the thread says `{ type: 'ready', address }` once, then answers each
 * `{ type, id, ...extra }` with `{ id, value }`.
 */
import type { Worker } from 'node:worker_threads';

export interface WorkerCalls {
  /** The address the thread serves on, from its ready message. */
  address: string;
  ask(type: string, extra?: Record<string, unknown>): Promise<unknown>;
  /** Asks the thread to close its server, then ends the thread. */
  close(): Promise<void>;
}

export async function callsTo(worker: Worker): Promise<WorkerCalls> {
  let nextId = 0;
  const pending = new Map<number, (value: unknown) => void>();
  const address = await new Promise<string>((resolve, reject) => {
    worker.once('error', reject);
    worker.on(
      'message',
      (message: { type?: string; id?: number; address?: string; value?: unknown }) => {
        if (message.type === 'ready') resolve(message.address!);
        else if (message.id !== undefined) {
          pending.get(message.id)?.(message.value);
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
    address,
    ask,
    close: async () => {
      await ask('close');
      await worker.terminate();
    },
  };
}
