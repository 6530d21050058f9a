/**
 * A webhook receiver over real HTTP on loopback, on its own thread (the test
 * thread blocks in Atomics.wait while UrlFetchApp's fake posts to it). It
 * records every request and answers 200, or the status a test set for a
 * path to play a failing webhook.
 */
import { Worker } from 'node:worker_threads';
import { callsTo } from './worker-calls.js';

const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const http = require('node:http');
const received = [];
const failing = new Map();
const server = http.createServer((request, response) => {
  const chunks = [];
  let size = 0;
  request.on('data', (chunk) => {
    size += chunk.length;
    if (size <= 1048576) chunks.push(chunk);
  });
  request.on('end', () => {
    received.push({
      method: request.method,
      path: request.url,
      contentType: request.headers['content-type'] || '',
      body: Buffer.concat(chunks).toString('utf8'),
    });
    const status = [...failing].find(([prefix]) => request.url.startsWith(prefix));
    response.writeHead(status ? status[1] : 200, { 'content-type': 'text/plain' });
    response.end(status ? 'failing on purpose' : 'ok');
  });
});
server.listen(0, '127.0.0.1', () => {
  parentPort.postMessage({ type: 'ready', address: 'http://127.0.0.1:' + server.address().port });
});
parentPort.on('message', (message) => {
  if (message.type === 'received') parentPort.postMessage({ id: message.id, value: received.slice() });
  else if (message.type === 'fail') {
    if (message.status) failing.set(message.prefix, message.status);
    else failing.delete(message.prefix);
    parentPort.postMessage({ id: message.id, value: null });
  } else if (message.type === 'close') server.close(() => parentPort.postMessage({ id: message.id, value: null }));
});
`;

export interface ReceivedPost {
  method: string;
  path: string;
  contentType: string;
  body: string;
}

export interface WebhookReceiver {
  /** e.g. http://127.0.0.1:40123 */
  url: string;
  received(): Promise<ReceivedPost[]>;
  /** Answers `status` to paths starting with prefix; 0 heals it. */
  fail(prefix: string, status: number): Promise<void>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const worker = new Worker(WORKER_SOURCE, { eval: true });
  const calls = await callsTo(worker);
  return {
    url: calls.address,
    received: async () => (await calls.ask('received')) as ReceivedPost[],
    fail: async (prefix, status) => {
      await calls.ask('fail', { prefix, status });
    },
    close: calls.close,
  };
}
