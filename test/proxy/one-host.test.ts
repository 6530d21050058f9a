/**
 * The proxy contacts the configured upstream and nothing else: no request
 * target, path trick or header can send it (and its token) to another host.
 * A recording server stands where an attacker would point the proxy; it must
 * see nothing. Raw sockets send what a browser or fetch would refuse to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.js';
import { type ServedHandler, serveFetchHandler } from '../../server/serve-fetch-handler.js';
import { ENTRY_TOKEN, LeakWatch, rawRequest, startRecorder, testProxy } from './helpers.js';

let sandbox: RunningSandbox;
let recorder: Awaited<ReturnType<typeof startRecorder>>;
let served: ServedHandler;
const watch = new LeakWatch();

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: false });
  recorder = await startRecorder();
  const proxy = testProxy({ baseUrl: sandbox.baseUrl }, {}, watch);
  served = await serveFetchHandler(proxy.handler);
});
afterAll(async () => {
  await served?.close();
  await recorder?.close();
  await sandbox?.close();
});

describe('requests that try to reach another host', () => {
  const target = () => `127.0.0.1:${recorder.port}`;
  // RFC 9112 3.2.2: the absolute form is accepted, but only its path counts:
  // the answer comes from the configured upstream, never from the host it names.
  const absoluteForms: Array<[string, () => string, string]> = [
    [
      'absolute-form target',
      () => `GET http://${target()}/api/v1/projects HTTP/1.1\r\nHost: ${target()}`,
      '"projects"',
    ],
    [
      'absolute-form target to the openapi path',
      () => `GET http://${target()}/openapi/v1.yaml HTTP/1.1\r\nHost: ${target()}`,
      'openapi: 3.1.0',
    ],
  ];

  it.each(absoluteForms)(
    '%s is answered by the upstream, not the host it names',
    async (_what, head, expected) => {
      const answer = await rawRequest(served.port, head());
      expect(answer.status).toBe(200);
      expect(answer.text).toContain(expected);
      expect(recorder.hits).toEqual([]);
      expect(answer.text).not.toContain(ENTRY_TOKEN);
    },
  );

  const attempts: Array<[string, () => string]> = [
    ['scheme-relative path', () => `GET //${target()}/api/v1/projects HTTP/1.1\r\nHost: proxy`],
    [
      'double slash inside the API',
      () => `GET /api/v1//${target()}/projects HTTP/1.1\r\nHost: proxy`,
    ],
    [
      'encoded slashes',
      () => `GET /api/v1/projects/%2F%2F${target()}%2Fapi HTTP/1.1\r\nHost: proxy`,
    ],
    [
      'encoded slash in the project',
      () => `GET /api/v1/projects/1001%2F..%2F..%2F..%2F${target()} HTTP/1.1\r\nHost: proxy`,
    ],
    [
      'backslashes',
      () => `GET /api/v1\\..\\..\\${target()}\\api\\v1\\projects HTTP/1.1\r\nHost: proxy`,
    ],
    [
      'dot-dot traversal',
      () => `GET /api/v1/../../${target()}/api/v1/projects HTTP/1.1\r\nHost: proxy`,
    ],
    [
      'encoded dot-dot traversal',
      () => `GET /api/v1/projects/%2e%2e/%2e%2e/%2e%2e/${target()}/x HTTP/1.1\r\nHost: proxy`,
    ],
    [
      'userinfo-looking project',
      () => `GET /api/v1/projects/1001@${target()} HTTP/1.1\r\nHost: proxy`,
    ],
    ['malformed escape', () => `GET /api/v1/projects/%E0%A4%A HTTP/1.1\r\nHost: proxy`],
  ];

  it.each(attempts)('%s never reaches the recorder', async (_what, head) => {
    const answer = await rawRequest(served.port, head());
    // 404 from the proxy's router: none of these is a path of the endpoint table.
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.text).not.toContain('recorder');
    expect(recorder.hits).toEqual([]);
    expect(answer.text).not.toContain(ENTRY_TOKEN);
  });

  const hostHeaders: Array<[string, string]> = [
    ['Host', 'Host: {t}'],
    ['X-Forwarded-Host', 'Host: localhost\r\nX-Forwarded-Host: {t}\r\nX-Forwarded-Proto: http'],
    ['Forwarded', 'Host: localhost\r\nForwarded: host={t};proto=http'],
    [
      'X-Original-URL',
      `Host: localhost\r\nX-Original-URL: http://{t}/api/v1/projects\r\nX-Rewrite-URL: http://{t}/`,
    ],
  ];

  it.each(hostHeaders)(
    'a %s header pointing elsewhere still reads from the upstream',
    async (_what, headers) => {
      const before = sandbox.requestLog.length;
      const answer = await rawRequest(
        served.port,
        `GET /api/v1/projects/1002/citations HTTP/1.1\r\n${headers.replaceAll('{t}', target())}`,
      );
      expect(answer.status).toBe(200);
      expect(answer.text).toContain('"citations"');
      expect(recorder.hits).toEqual([]);
      // Served from the cache or the sandbox, never from the recorder.
      expect(sandbox.requestLog.length - before).toBeLessThanOrEqual(1);
    },
  );
});

describe('an upstream that misbehaves', () => {
  it('does not follow a redirect, nor cache or pass on a non-JSON or oversized answer', async () => {
    const hostile = await serveFetchHandler(async (request) => {
      const { pathname } = new URL(request.url);
      if (pathname.endsWith('/answers')) {
        return new Response(null, {
          status: 302,
          headers: { Location: `${recorder.url}/steal` },
        });
      }
      if (pathname.endsWith('/citations')) {
        return new Response('<html>captive portal</html>', {
          headers: { 'Content-Type': 'text/html' },
        });
      }
      return new Response(new Uint8Array(9 * 1024 * 1024).fill(32), {
        headers: { 'Content-Type': 'application/json' },
      });
    });
    try {
      const proxy = testProxy({ baseUrl: hostile.url }, {}, watch);
      for (const path of [
        '/api/v1/projects/1001/answers',
        '/api/v1/projects/1001/citations',
        '/api/v1/projects',
      ]) {
        const answer = await proxy.get(path);
        expect(answer.status).toBe(502);
        expect(JSON.parse(answer.body).error.code).toBe('server_error');
        expect(answer.body).not.toContain('captive');
      }
      expect(recorder.hits).toEqual([]);
      expect(proxy.handler.stats().cacheEntries).toBe(0);
    } finally {
      await hostile.close();
    }
  });
});

describe('after all of the above', () => {
  it('never logged or answered with the token, and the recorder saw nothing', () => {
    // Raw-socket requests show up as log lines; direct calls as recorded answers.
    expect(watch.logLines.length).toBeGreaterThan(15);
    expect(watch.seen.length).toBe(3);
    expect(watch.leaks([ENTRY_TOKEN])).toEqual([]);
    expect(recorder.hits).toEqual([]);
  });
});
