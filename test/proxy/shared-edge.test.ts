/**
 * The edge step the sandbox and the proxy share (server/read-only-edge.ts):
 * both refuse the same methods in the same words and grant the same methods
 * in a preflight, each in its own envelope.
 */
import { describe, expect, it } from 'vitest';
import { createSandboxHandler } from '../../sandbox/app.js';
import { INTRANET, testProxy } from './helpers.js';

const proxy = testProxy(
  { baseUrl: 'https://svc.example' },
  {
    fetch: async () => {
      throw new Error('an edge answer reached upstream');
    },
  },
);
const sandbox = createSandboxHandler();
const PATH = '/api/v1/projects';

async function both(init: RequestInit) {
  const fromProxy = await proxy.handler(new Request(`http://localhost${PATH}`, init));
  const fromSandbox = await sandbox(new Request(`http://127.0.0.1:8787${PATH}`, init));
  return [fromProxy, fromSandbox] as const;
}

describe('one edge step, two servers', () => {
  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'BREW'])(
    '%s: 405 with Allow and the same message',
    async (method) => {
      const answers = await both({ method });
      const bodies = await Promise.all(answers.map((answer) => answer.json()));
      for (const [index, answer] of answers.entries()) {
        expect(answer.status).toBe(405);
        expect(answer.headers.get('Allow')).toBe('GET, HEAD, OPTIONS');
        expect(bodies[index].error.code).toBe('method_not_allowed');
      }
      expect(bodies[0].error.message).toBe(bodies[1].error.message);
    },
  );

  it('a preflight from an allowed page: 204 granting the same methods and headers', async () => {
    const answers = await both({
      method: 'OPTIONS',
      headers: { Origin: INTRANET, 'Access-Control-Request-Method': 'GET' },
    });
    for (const answer of answers) {
      expect(answer.status).toBe(204);
      expect(answer.headers.get('Access-Control-Allow-Methods')).toBe('GET, HEAD, OPTIONS');
    }
    expect(answers[0].headers.get('Access-Control-Allow-Headers')).toBe(
      answers[1].headers.get('Access-Control-Allow-Headers'),
    );
    // The sandbox grants any page; the proxy only the origins it lists.
    expect(answers[0].headers.get('Access-Control-Allow-Origin')).toBe(INTRANET);
    expect(answers[1].headers.get('Access-Control-Allow-Origin')).toBe('*');
  });
});
