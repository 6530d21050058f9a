/**
 * The Host header over real sockets: it decides neither the path (the Node
 * host builds the URL from its own origin) nor whether account data is served
 * to a name nobody configured (DNS rebinding). TRACE, which a fetch Request
 * cannot carry, is refused like any other write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.js';
import { type ServedHandler, serveFetchHandler } from '../../server/serve-fetch-handler.js';
import { ENTRY_TOKEN, rawRequest, testProxy } from './helpers.js';

let sandbox: RunningSandbox;
let served: ServedHandler;
let mounted: ServedHandler;
let echo: ServedHandler;
const seen: Array<{ url: string; host: string | null; clientAddress: string | undefined }> = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: false });
  served = await serveFetchHandler(testProxy({ baseUrl: sandbox.baseUrl }).handler);
  mounted = await serveFetchHandler(
    testProxy({ baseUrl: sandbox.baseUrl, basePath: '/aivis', allowedHosts: ['x'] }).handler,
  );
  echo = await serveFetchHandler(async (request, context) => {
    seen.push({
      url: request.url,
      host: request.headers.get('Host'),
      clientAddress: context?.clientAddress,
    });
    return new Response('ok');
  });
});
afterAll(async () => {
  await served?.close();
  await mounted?.close();
  await echo?.close();
  await sandbox?.close();
});

describe('the Node host builds the URL from its own origin', () => {
  it('keeps the target path whatever the Host header holds, and passes the peer address', async () => {
    const answer = await rawRequest(
      echo.port,
      'GET /somewhere/else?q=1 HTTP/1.1\r\nHost: x/aivis/api/v1/projects/1003#',
    );
    expect(answer.status).toBe(200);
    expect(seen.at(-1)).toEqual({
      url: `${echo.url}/somewhere/else?q=1`,
      host: 'x/aivis/api/v1/projects/1003#',
      clientAddress: '127.0.0.1',
    });
  });

  it('does not serve project 1003 to GET /somewhere/else with a path in the Host header', async () => {
    const before = sandbox.requestLog.length;
    const answer = await rawRequest(
      mounted.port,
      'GET /somewhere/else HTTP/1.1\r\nHost: x/aivis/api/v1/projects/1003#',
    );
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.text).not.toContain('"brand_name"');
    expect(sandbox.requestLog.length).toBe(before);
  });
});

describe('allowed hosts', () => {
  it.each([
    'rebind.attacker.example',
    'rebind.attacker.example:8788',
    'localhost.attacker.example',
    '127.0.0.1.nip.io',
    'x/aivis/api/v1/projects/1003#',
    '',
  ])('answers 421 to Host: %s without asking upstream', async (host) => {
    const before = sandbox.requestLog.length;
    const answer = await rawRequest(served.port, `GET /api/v1/projects HTTP/1.1\r\nHost: ${host}`);
    expect(answer.status).toBe(421);
    expect(answer.text).not.toContain('"projects"');
    expect(answer.text).toContain('ALLOWED_HOSTS');
    expect(answer.text).not.toContain(ENTRY_TOKEN);
    expect(sandbox.requestLog.length).toBe(before);
  });

  it.each(['127.0.0.1', '127.0.0.1:8788', 'localhost', 'LOCALHOST:1', '[::1]:8788'])(
    'serves Host: %s by default',
    async (host) => {
      const answer = await rawRequest(
        served.port,
        `GET /api/v1/projects HTTP/1.1\r\nHost: ${host}`,
      );
      expect(answer.status).toBe(200);
      expect(answer.text).toContain('"projects"');
    },
  );

  it('serves the names ALLOWED_HOSTS lists, with or without a port', async () => {
    const proxy = testProxy({
      baseUrl: sandbox.baseUrl,
      allowedHosts: ['dash.example.com', 'proxy.example.com:8443'],
    });
    const at = (host: string) =>
      proxy.get('/api/v1/projects', { headers: { Host: host } }).then((answer) => answer.status);
    expect(await at('dash.example.com')).toBe(200);
    expect(await at('dash.example.com:9000')).toBe(200);
    expect(await at('proxy.example.com:8443')).toBe(200);
    expect(await at('proxy.example.com')).toBe(421);
    expect(await at('localhost')).toBe(421);
  });
});

describe('TRACE', () => {
  it('answers 405 with Allow, as for any other method but GET and HEAD', async () => {
    const answer = await rawRequest(
      served.port,
      'TRACE /api/v1/projects HTTP/1.1\r\nHost: 127.0.0.1',
    );
    expect(answer.status).toBe(405);
    expect(answer.text).toMatch(/\r\nallow: GET, HEAD, OPTIONS\r\n/i);
    expect(answer.text).toContain('"method_not_allowed"');
  });
});
