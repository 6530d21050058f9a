/**
 * A server that lies about pagination, on its own thread (the test thread
 * blocks in Atomics.wait while the add-on fetches): every answers page holds
 * one row and claims `limit: 1`, a total of a billion and more to come.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parentPort } from 'node:worker_threads';
import { ANSWERS_PERIOD, answerRow } from '../../shared/answer-row.js';

const port = parentPort!;
let requests = 0;
const server = createServer((incoming, outgoing) => {
  requests++;
  const url = new URL(incoming.url ?? '/', 'http://localhost');
  const offset = Number(url.searchParams.get('offset') ?? 0);
  outgoing.setHeader('content-type', 'application/json');
  outgoing.end(
    JSON.stringify({
      answers: [answerRow(offset + 1)],
      pagination: { offset, limit: 1, returned: 1, total: 1_000_000_000, has_more: true },
      period: ANSWERS_PERIOD,
    }),
  );
});
server.listen(0, '127.0.0.1', () => {
  const { port: listening } = server.address() as AddressInfo;
  port.postMessage({ type: 'ready', baseUrl: `http://127.0.0.1:${listening}` });
});
port.on('message', (message: { type: string }) => {
  if (message.type === 'count') port.postMessage({ type: 'count', requests });
  else if (message.type === 'close') server.close(() => port.postMessage({ type: 'closed' }));
});
