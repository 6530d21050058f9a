/**
 * A server that lies about pagination, on its own thread (the test thread
 * blocks in Atomics.wait while the add-on fetches): every answers page holds
 * one row and claims `limit: 1`, a total of a billion and more to come.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parentPort } from 'node:worker_threads';

const port = parentPort!;
let requests = 0;
const server = createServer((incoming, outgoing) => {
  requests++;
  const url = new URL(incoming.url ?? '/', 'http://localhost');
  const offset = Number(url.searchParams.get('offset') ?? 0);
  outgoing.setHeader('content-type', 'application/json');
  outgoing.end(
    JSON.stringify({
      answers: [
        {
          id: offset + 1,
          prompt_id: 1,
          platform: 'chatgpt',
          checked_at: '2026-11-14T03:00:00Z',
          prominence_level: 1,
          on_topic: true,
          names_brands: [],
          brand_sentiment: 'neutral',
          brand_drawback: null,
          evidence_quote: null,
          brand_mentioned: true,
          cited_urls: [],
          web_searches: [],
        },
      ],
      pagination: { offset, limit: 1, returned: 1, total: 1_000_000_000, has_more: true },
      period: {
        requested: 'last_30_days',
        used: 'last_30_days',
        start: '2026-10-16',
        end: '2026-11-14',
      },
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
