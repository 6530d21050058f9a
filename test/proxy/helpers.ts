/**
 * Shared pieces of the proxy suites: a proxy in front of a real sandbox, a
 * watch that keeps every answer and log line for the token scan, a clock the
 * tests move, and a recording server that must never be reached.
 */
import { createServer } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import { type ProxyConfig, proxyConfig } from '../../proxy/config.js';
import { createProxyHandler, type ProxyDeps, type ProxyHandler } from '../../proxy/handler.js';
import { formatLogEntry } from '../../proxy/log.js';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.js';

export const ENTRY_TOKEN = 'aivis_test_entry';
export const PRO_TOKEN = 'aivis_test_pro';
export const INTRANET = 'https://intranet.example.com';

export interface Seen {
  url: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Everything the proxy said, to prove afterwards that the token never left it. */
export class LeakWatch {
  readonly seen: Seen[] = [];
  readonly logLines: string[] = [];

  record(url: string, response: Response, body: string): Seen {
    const seen = {
      url,
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body,
    };
    this.seen.push(seen);
    return seen;
  }

  /** Texts holding any of the tokens, for an expect(...).toEqual([]). */
  leaks(tokens: readonly string[]): string[] {
    const texts = [
      ...this.seen.flatMap((seen) => [
        seen.body,
        ...Object.entries(seen.headers).map(([name, value]) => `${name}: ${value}`),
      ]),
      ...this.logLines,
    ];
    return texts.filter((text) => tokens.some((token) => text.includes(token)));
  }
}

export interface TestProxy {
  handler: ProxyHandler;
  config: ProxyConfig;
  watch: LeakWatch;
  /** Calls the handler directly with a Request for http://localhost<path> (a default allowed host). */
  get(path: string, init?: RequestInit): Promise<Seen & { response: Response }>;
  /**
   * Resolves once the work the handler left running after its answers (a
   * background refresh, a stored copy: the runtime's `waitUntil`) has settled;
   * a test waits on this, never on the wall clock.
   */
  settled(): Promise<void>;
}

export function testProxy(
  options: Partial<ProxyConfig> & { baseUrl: string; token?: string },
  deps: ProxyDeps = {},
  watch = new LeakWatch(),
): TestProxy {
  const config = proxyConfig({
    token: ENTRY_TOKEN,
    allowedOrigins: [INTRANET],
    ...options,
  });
  const handler = createProxyHandler(config, {
    ...deps,
    log: (entry) => watch.logLines.push(formatLogEntry(entry)),
  });
  const pending = new Set<Promise<unknown>>();
  const context = {
    waitUntil(promise: Promise<unknown>) {
      const tracked = promise.finally(() => pending.delete(tracked));
      pending.add(tracked);
    },
  };
  return {
    handler,
    config,
    watch,
    async get(path, init) {
      const url = `http://localhost${path}`;
      const response = await handler(new Request(url, init), context);
      const body = await response.clone().text();
      return { ...watch.record(url, response, body), response };
    },
    async settled() {
      // Bounded: a background task may start another, at most a few rounds deep.
      for (let round = 0; round < 10 && pending.size > 0; round++) {
        await Promise.allSettled([...pending]);
      }
    },
  };
}

/** What a card suite reads: its sandbox, the proxy in front of it, and the watch over both. */
export interface CardSuite {
  readonly sandbox: RunningSandbox;
  readonly proxy: TestProxy;
  readonly watch: LeakWatch;
}

/**
 * The card suites' setup (test/proxy/cards*.test.ts): a sandbox without a
 * rate limit and a proxy in front of it that draws PNG pictures, started
 * before the file's tests; after them the sandbox closes and the file fails
 * if anything the proxies under the watch said held a test token.
 */
export function cardSuite(): CardSuite {
  const watch = new LeakWatch();
  let sandbox: RunningSandbox | undefined;
  let proxy: TestProxy | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, rateLimit: false });
    proxy = testProxy(
      { baseUrl: sandbox.baseUrl },
      { loadPng: () => import('@resvg/resvg-js') },
      watch,
    );
  });
  afterAll(async () => {
    await sandbox?.close();
    expect(watch.leaks([ENTRY_TOKEN, PRO_TOKEN])).toEqual([]);
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the card suite is read before its beforeAll ran');
    return value;
  };
  return {
    watch,
    get sandbox() {
      return started(sandbox);
    },
    get proxy() {
      return started(proxy);
    },
  };
}

/** A clock that only moves when a test or a sleeper moves it. */
export function fakeClock(start = Date.UTC(2026, 10, 15, 12)) {
  let time = start;
  return {
    now: () => time,
    sleep: async (ms: number) => {
      time += ms;
    },
    advance(ms: number) {
      time += ms;
    },
  };
}

/** An HTTP server that records every request it gets; the proxy must never reach it. */
export async function startRecorder(): Promise<{
  port: number;
  url: string;
  hits: string[];
  close(): Promise<void>;
}> {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    hits.push(`${request.method} ${request.url}`);
    response.end('recorder');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Sends one raw HTTP/1.1 request to a local port (what a browser or fetch would
 * refuse to send) and returns the status code and the whole answer.
 */
export function rawRequest(port: number, head: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(5_000, () => socket.destroy(new Error('raw request timed out')));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text });
    });
    socket.write(`${head}\r\nConnection: close\r\n\r\n`);
  });
}
