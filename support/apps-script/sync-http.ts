/**
 * Blocking HTTP for the UrlFetchApp fake. Node has no synchronous fetch, and
 * Apps Script's UrlFetchApp is synchronous, so a worker thread does the
 * fetches (a batch concurrently, as fetchAll does) while the calling thread
 * waits on Atomics.wait and then reads the answer with receiveMessageOnPort.
 * The server must not live on the waiting thread (it could not answer).
 */
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';

export interface WireRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  /** A POST body (UrlFetchApp's payload). */
  body?: string;
}

export type WireAnswer =
  | { status: number; headers: Record<string, string>; body: string }
  | { error: string };

const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', async ({ requests, signal, port, latencyMs }) => {
  const answers = await Promise.all(requests.map(async (request) => {
    try {
      if (latencyMs) await new Promise((resolve) => setTimeout(resolve, latencyMs));
      const response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body, redirect: 'manual' });
      const headers = {};
      response.headers.forEach((value, key) => { headers[key] = value; });
      return { status: response.status, headers, body: await response.text() };
    } catch (error) {
      return { error: String((error && error.cause && error.cause.code) || (error && error.message) || error) };
    }
  }));
  port.postMessage(answers);
  const flag = new Int32Array(signal);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
});
`;

export interface SyncHttp {
  /** Sends every request at once and blocks until all have answered. */
  send(requests: WireRequest[]): WireAnswer[];
  close(): Promise<number>;
}

/**
 * @param latencyMs added before each request (concurrently within a batch), to model
 *   UrlFetchApp's round trip from Google's servers in the benchmark; 0 in tests.
 */
export function createSyncHttp(timeoutMs = 60_000, latencyMs = 0): SyncHttp {
  const worker = new Worker(WORKER_SOURCE, { eval: true });
  worker.unref();
  return {
    send(requests) {
      const signal = new SharedArrayBuffer(4);
      const { port1, port2 } = new MessageChannel();
      worker.postMessage({ requests, signal, port: port2, latencyMs }, [port2]);
      const waited = Atomics.wait(new Int32Array(signal), 0, 0, timeoutMs);
      const message = receiveMessageOnPort(port1);
      port1.close();
      if (waited === 'timed-out' || !message) {
        return requests.map(() => ({ error: `no answer within ${timeoutMs} ms` }));
      }
      return message.message as WireAnswer[];
    },
    close: () => worker.terminate(),
  };
}

/** Utilities.sleep: blocks the thread like Apps Script does. */
export function blockingSleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Math.max(0, ms));
}
