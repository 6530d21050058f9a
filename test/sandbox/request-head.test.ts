/**
 * The Node host hands a handler that reads only request heads a light head
 * for GET and HEAD instead of a fetch Request (server/request-head.ts). What
 * the handler reads must be what a fetch Request would have said for the same
 * bytes on the wire, repeated and odd headers included.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { proxyConfig } from '../../proxy/config.js';
import { createProxyHandler } from '../../proxy/handler.js';
import { PreparedResponse } from '../../server/prepared-body.js';
import { headersOf, type RequestHead } from '../../server/request-head.js';
import { type FetchHandler, serveFetchHandler } from '../../server/serve-fetch-handler.js';

/** One raw HTTP/1.1 exchange, so headers can repeat as no fetch client would send them. */
function rawRequest(url: string, head: string): Promise<string> {
  const { port, hostname } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let text = '';
    socket.on('data', (chunk) => {
      text += String(chunk);
    });
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
    socket.write(`${head}\r\nConnection: close\r\n\r\n`);
  });
}

interface Seen {
  kind: string;
  method: string;
  url: string;
  headers: Array<[string, string]>;
  gets: Record<string, string | null>;
}

const seenOf = (request: RequestHead): Seen => ({
  kind: request instanceof Request ? 'Request' : 'head',
  method: request.method,
  url: request.url,
  headers: [...headersOf(request)],
  gets: Object.fromEntries(
    ['host', 'X-Twice', 'COOKIE', 'x-absent', 'accept'].map((name) => [
      name,
      request.headers.get(name),
    ]),
  ),
});

/** The same raw request to a head-reading handler and to a fetch handler: what each saw. */
async function bothSee(head: string): Promise<{ light: Seen; fetched: Seen }> {
  const seen: Seen[] = [];
  const light = await serveFetchHandler(
    Object.assign(
      async (request: RequestHead) => {
        seen.push(seenOf(request));
        return new Response('ok');
      },
      { readsRequestHeads: true as const },
    ),
  );
  const fetched = await serveFetchHandler(async (request: Request) => {
    seen.push(seenOf(request));
    return new Response('ok');
  });
  try {
    await rawRequest(light.url, head);
    await rawRequest(fetched.url, head);
  } finally {
    await light.close();
    await fetched.close();
  }
  const [lightSeen, fetchedSeen] = seen;
  return {
    light: { ...lightSeen!, url: lightSeen!.url.replace(light.url, '') },
    fetched: { ...fetchedSeen!, url: fetchedSeen!.url.replace(fetched.url, '') },
  };
}

describe('request heads on the Node host', () => {
  it('reads a GET as a fetch Request would: repeated headers joined, names in any case', async () => {
    const { light, fetched } = await bothSee(
      [
        'GET /api/v1/projects?x=1&y=%20 HTTP/1.1',
        'Host: a.example',
        'Host: b.example',
        'X-Twice: one',
        'x-twice: two',
        'Cookie: a=1',
        'Cookie: b=2',
        'Accept:   text/html  ',
      ].join('\r\n'),
    );
    expect(light.kind).toBe('head');
    expect(fetched.kind).toBe('Request');
    expect({ ...light, kind: '' }).toEqual({ ...fetched, kind: '' });
    // A doubled Host stays doubled: the host check refuses it as it refuses a Request's.
    expect(light.gets.host).toBe('a.example, b.example');
    expect(light.gets['X-Twice']).toBe('one, two');
  });

  it('hands a POST over as a fetch Request with its body', async () => {
    let body = '';
    let kind = '';
    const served = await serveFetchHandler(
      Object.assign(
        async (request: RequestHead) => {
          kind = request instanceof Request ? 'Request' : 'head';
          body = request instanceof Request ? await request.text() : '';
          return new Response('ok');
        },
        { readsRequestHeads: true as const },
      ),
    );
    try {
      await fetch(`${served.url}/admin`, { method: 'POST', body: 'signed call' });
    } finally {
      await served.close();
    }
    expect({ kind, body }).toEqual({ kind: 'Request', body: 'signed call' });
  });

  it("aborts a head's signal when the client leaves, even read only afterwards", async () => {
    let release!: () => void;
    const waiting = new Promise<void>((resolve) => {
      release = resolve;
    });
    let arrived!: () => void;
    const inHandler = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    let aborted: boolean | undefined;
    const served = await serveFetchHandler(
      Object.assign(
        async (request: RequestHead) => {
          arrived();
          await waiting;
          // Read for the first time after the client has gone.
          aborted = request.signal.aborted;
          return new Response('late');
        },
        { readsRequestHeads: true as const },
      ),
    );
    const controller = new AbortController();
    const pending = fetch(`${served.url}/wait`, { signal: controller.signal }).catch(() => 'gone');
    await inHandler;
    controller.abort();
    expect(await pending).toBe('gone');
    // close() ends once the server has seen the last connection close: the client's.
    await served.close();
    release();
    await expect.poll(() => aborted).toBe(true);
  });

  it('writes the headers of a prepared response a reader has changed, not its record', async () => {
    const handler: FetchHandler = async () => {
      const response = new PreparedResponse(new TextEncoder().encode('{}'), 200, {
        'content-type': 'application/json',
      });
      response.headers.set('x-added-later', 'yes');
      return response;
    };
    const served = await serveFetchHandler(handler);
    try {
      const response = await fetch(`${served.url}/`);
      expect(response.headers.get('x-added-later')).toBe('yes');
      expect(await response.text()).toBe('{}');
    } finally {
      await served.close();
    }
  });

  it('gives the proxy a head, and the proxy refuses a doubled Host from one', async () => {
    const proxy = createProxyHandler(
      proxyConfig({ baseUrl: 'http://127.0.0.1:9', token: 'aivis_test_entry' }),
    );
    expect(proxy.readsRequestHeads).toBe(true);
    const served = await serveFetchHandler(proxy);
    try {
      const { port } = new URL(served.url);
      const answer = await rawRequest(
        served.url,
        `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nHost: evil.example`,
      );
      const single = await rawRequest(
        served.url,
        `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}`,
      );
      expect(single.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
      expect(answer.split('\r\n')[0]).not.toBe('HTTP/1.1 200 OK');
      expect(answer.split('\r\n')[0]).toMatch(/^HTTP\/1\.1 4\d\d /);
    } finally {
      await served.close();
    }
  });
});
