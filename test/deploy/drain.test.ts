/**
 * drain() of the Node host, which the proxy's SIGTERM uses. The grace period
 * is far longer than the test's timeout, so each drain that resolves proves it
 * ended on its own events (answers sent, connections closed), not on the deadline.
 */
import { Agent, request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServedHandler, serveFetchHandler } from '../../server/serve-fetch-handler.js';
import { deferred } from './helpers.js';

const NEVER_MS = 10 * 60_000;

let served: ServedHandler | undefined;
const agents: Agent[] = [];
afterEach(async () => {
  for (const agent of agents.splice(0)) agent.destroy();
  await served?.close().catch(() => undefined);
  served = undefined;
});

/** GET over a keep-alive agent; resolves with status, Connection header and body. */
function get(url: string, agent: Agent) {
  return new Promise<{ status: number; connection: string | undefined; body: string }>(
    (resolve, reject) => {
      const outgoing = request(url, { agent }, (incoming) => {
        let body = '';
        incoming.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            connection: incoming.headers.connection,
            body,
          }),
        );
      });
      outgoing.on('error', reject);
      outgoing.end();
    },
  );
}

function keepAliveAgent(): Agent {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  agents.push(agent);
  return agent;
}

describe('serveFetchHandler drain()', () => {
  it('closes idle keep-alive connections at once instead of waiting for them', async () => {
    served = await serveFetchHandler(async () => new Response('ok'));
    const agent = keepAliveAgent();
    expect((await get(`${served.url}/`, agent)).connection).toBe('keep-alive');
    expect(await served.drain(NEVER_MS)).toEqual({ inFlight: 0, cut: 0 });
  });

  it('answers a request in flight with Connection: close, then resolves', async () => {
    const arrived = deferred();
    const release = deferred();
    served = await serveFetchHandler(async () => {
      arrived.resolve();
      await release.promise;
      return new Response('late but whole');
    });
    const answer = get(`${served.url}/`, keepAliveAgent());
    await arrived.promise;
    const drained = served.drain(NEVER_MS);
    release.resolve();
    expect(await answer).toEqual({ status: 200, connection: 'close', body: 'late but whole' });
    expect(await drained).toEqual({ inFlight: 1, cut: 0 });
  });

  it('cuts what is still unanswered at the deadline and says how many', async () => {
    const arrived = deferred();
    served = await serveFetchHandler(async (incoming) => {
      arrived.resolve();
      // Only the client going away ends this handler.
      await new Promise((resolve) => incoming.signal.addEventListener('abort', resolve));
      return new Response('never sent');
    });
    const answer = get(`${served.url}/`, keepAliveAgent()).then(
      () => 'answered',
      () => 'cut',
    );
    await arrived.promise;
    expect(await served.drain(0)).toEqual({ inFlight: 1, cut: 1 });
    expect(await answer).toBe('cut');
  });
});
