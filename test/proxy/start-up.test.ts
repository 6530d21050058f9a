/**
 * Start-up failures (proxy/start-up.ts): every entry (Node's main.ts, and
 * the Bun and Workers entries through startedProxy) tells its operator one
 * line naming the setting at fault, never its value, and a viewer of a
 * proxy that could not start gets a 503 without the detail.
 */
import { describe, expect, it } from 'vitest';
import { StartUpError, startClient, startedProxy, startUpFailure } from '../../proxy/start-up.js';

const SECRET = 's3cret-password';
const good = { AIVIS_BASE_URL: 'https://service.example.com', AIVIS_TOKEN: 'aivis_test_entry' };

describe('startedProxy (the Bun and Workers entries)', () => {
  it('reports one line naming the wrong setting, not its value, and answers 503 without it', async () => {
    const lines: string[] = [];
    const handler = startedProxy(
      { ...good, REDIS_URL: `redis://:${SECRET}%ZZ@127.0.0.1:6379` },
      {},
      (line) => lines.push(line),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^aivis proxy: REDIS_URL /);
    expect(lines[0]).not.toContain(SECRET);
    const answer = await handler(new Request('http://localhost/api/v1/projects'));
    expect(answer.status).toBe(503);
    const body = await answer.text();
    expect(body).toContain('operator');
    expect(body).not.toContain('REDIS_URL');
    expect(body).not.toContain(SECRET);
    expect(handler.stats().upstreamRequests).toBe(0);
  });

  it('serves the proxy when the settings are right, reporting nothing', async () => {
    const lines: string[] = [];
    const handler = startedProxy(good, { sharedCache: null }, (line) => lines.push(line));
    expect(lines).toEqual([]);
    expect((await handler(new Request('http://localhost/healthz'))).status).toBe(200);
  });
});

describe("a client's start-up (the Redis client on REDIS_URL)", () => {
  it('is named by its setting and the error kind only: the client may quote the value', () => {
    const failing = () =>
      startClient('REDIS_URL', 'the Redis client', () => {
        throw new TypeError(`Invalid URL redis://:${SECRET}@host`);
      });
    expect(failing).toThrow(StartUpError);
    try {
      failing();
    } catch (error) {
      const line = startUpFailure(error)!;
      expect(line).toBe(
        'aivis proxy: REDIS_URL could not be used by the Redis client (TypeError); the value is not shown',
      );
      expect(line).not.toContain(SECRET);
    }
  });

  it('leaves any other error to its runtime: a bug is not a setting', () => {
    expect(startUpFailure(new Error('bug'))).toBeUndefined();
  });
});
