import { describe, expect, it } from 'vitest';
import { createClient } from '../../shared/client/async-client.js';
import { createSyncClient } from '../../shared/client/sync-client.js';
import type {
  AsyncClientOptions,
  FetchLike,
  HttpRequest,
  HttpResponse,
  SyncClientOptions,
  SyncTransport,
} from '../../shared/client/types.js';
import type { AivisError } from '../../shared/http/errors.js';
import { answersServer } from './answer-row.js';

const TOKEN = 'tok_fake_123';
const projects = { projects: [] };
const json = (
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): HttpResponse => ({
  status,
  headers,
  body: JSON.stringify(body),
});
const limited = (seconds: number) =>
  json(
    429,
    { error: { code: 'rate_limited', message: 'slow down', status: 429, retry_after: seconds } },
    { 'retry-after': String(seconds) },
  );
const failed = json(500, { error: { code: 'server_error', message: 'boom', status: 500 } });

/** An answer as fetch gives it: status, headers to walk, the body as text. */
function fetchAnswer(answer: HttpResponse): Awaited<ReturnType<FetchLike>> {
  return {
    status: answer.status,
    headers: {
      forEach: (callback) => {
        for (const [key, value] of Object.entries(answer.headers)) callback(value, key);
      },
    },
    text: async () => answer.body,
  };
}

/** A fetch that answers from a script and records what it was asked. */
function scriptedFetch(script: Array<HttpResponse | Error>) {
  const seen: HttpRequest[] = [];
  const fetch: FetchLike = async (url, init) => {
    seen.push({ method: 'GET', url, headers: init.headers });
    const next = script.shift() ?? json(200, projects);
    if (next instanceof Error) throw next;
    return fetchAnswer(next);
  };
  return { fetch, seen };
}

/** The async client against the fake service, with the test's fetch and options. */
const asyncClient = (
  fetch: FetchLike,
  options: Omit<AsyncClientOptions, 'baseUrl' | 'token'> = {},
) => createClient({ baseUrl: 'https://svc.example', token: TOKEN, fetch, ...options });

/** The sync client against the fake service; sleeping does nothing unless the test brings a clock. */
const syncClient = (
  transport: SyncTransport,
  options: Omit<SyncClientOptions, 'baseUrl' | 'token' | 'transport' | 'sleep'> & {
    sleep?: (ms: number) => void;
  } = {},
) =>
  createSyncClient({
    baseUrl: 'https://svc.example',
    token: TOKEN,
    transport,
    sleep: () => {},
    ...options,
  });

/** A fake clock: sleeping advances time instead of waiting. */
function fakeClock() {
  const clock = { now: 0, sleeps: [] as number[] };
  return {
    clock,
    now: () => clock.now,
    sleep: async (ms: number) => {
      clock.sleeps.push(ms);
      clock.now += ms;
    },
    sleepSync: (ms: number) => {
      clock.sleeps.push(ms);
      clock.now += ms;
    },
  };
}

describe('async client', () => {
  it('validates before any request and throws the server-shaped error', async () => {
    const { fetch, seen } = scriptedFetch([]);
    const client = asyncClient(fetch);
    await expect(client.get('answers', { project: 1001, limit: 500 })).rejects.toMatchObject({
      code: 'validation_failed',
      errors: { limit: [expect.stringContaining('1 to 100')] },
    });
    expect(seen).toHaveLength(0);
  });

  it('waits Retry-After on 429 and then succeeds, on the injected clock', async () => {
    const { fetch, seen } = scriptedFetch([limited(2), json(200, projects)]);
    const time = fakeClock();
    const client = asyncClient(fetch, {
      now: time.now,
      sleep: time.sleep,
    });
    await expect(client.get('projects', {})).resolves.toEqual(projects);
    expect(time.clock.sleeps).toEqual([2000]);
    expect(seen).toHaveLength(2);
  });

  it('gives up after the attempt bound on repeated 500s, with backoff between attempts', async () => {
    const { fetch, seen } = scriptedFetch([failed, failed, failed, failed, failed]);
    const time = fakeClock();
    const client = asyncClient(fetch, {
      sleep: time.sleep,
      random: () => 0.5,
      retry: { maxAttempts: 3 },
    });
    await expect(client.get('projects', {})).rejects.toMatchObject({
      code: 'server_error',
      status: 500,
    });
    expect(seen).toHaveLength(3);
    expect(time.clock.sleeps).toEqual([375, 750]);
  });

  it('retries network failures and reports them as network_error without the token', async () => {
    const { fetch } = scriptedFetch([new TypeError('fetch failed'), new TypeError('fetch failed')]);
    const time = fakeClock();
    const client = asyncClient(fetch, {
      sleep: time.sleep,
      retry: { maxAttempts: 2 },
    });
    const error = (await client.get('projects', {}).catch((e) => e)) as AivisError;
    expect(error.code).toBe('network_error');
    expect(JSON.stringify(error)).not.toContain(TOKEN);
    expect(error.message).not.toContain(TOKEN);
  });

  it('never retries a 401 and redacts a token the server echoed', async () => {
    const echo = json(401, {
      error: { code: 'unauthenticated', message: `token ${TOKEN} expired`, status: 401 },
    });
    const { fetch, seen } = scriptedFetch([echo]);
    const client = asyncClient(fetch);
    const error = (await client.get('projects', {}).catch((e) => e)) as AivisError;
    expect(error.code).toBe('unauthenticated');
    expect(error.message).not.toContain(TOKEN);
    expect(seen).toHaveLength(1);
  });

  it('stops at once when aborted', async () => {
    const controller = new AbortController();
    const { fetch } = scriptedFetch([limited(5)]);
    const client = asyncClient(fetch);
    const pending = client.get('projects', {}, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'aborted' });
  });

  it('walks pages with an iterator that can stop early', async () => {
    const serve = answersServer(60);
    const seen: string[] = [];
    const fetch: FetchLike = async (url) => {
      seen.push(url);
      return fetchAnswer(serve(url));
    };
    const client = asyncClient(fetch);
    const ids: number[] = [];
    for await (const page of client.pages('answers', { project: 1, limit: 25 })) {
      ids.push(...('answers' in page ? (page.answers ?? []).map((row) => row.id ?? 0) : []));
    }
    expect(ids).toEqual(Array.from({ length: 60 }, (_, i) => i));
    expect(seen).toHaveLength(3);
    seen.length = 0;
    for await (const _page of client.pages('answers', { project: 1, limit: 25 })) break;
    expect(seen).toHaveLength(1);
  });

  it('collects every row with no gaps or repeats, and says when it capped', async () => {
    const serve = answersServer(130);
    let inFlight = 0;
    let peak = 0;
    const fetch: FetchLike = async (url) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight--;
      return fetchAnswer(serve(url));
    };
    const client = asyncClient(fetch);
    const all = await client.collect('answers', { project: 1, limit: 20 }, { concurrency: 3 });
    expect(all.rows.map((row) => (row as { id: number }).id)).toEqual(
      Array.from({ length: 130 }, (_, i) => i),
    );
    expect(all).toMatchObject({ total: 130, capped: false, pages: 7 });
    expect(peak).toBeLessThanOrEqual(3);
    const capped = await client.collect('answers', { project: 1, limit: 20 }, { maxRows: 50 });
    expect(capped.rows).toHaveLength(50);
    expect(capped.capped).toBe(true);
    // data-api 4.3 rule 2: with answer text the server pages by 20 whatever limit says.
    const text = await client.collect('answers', {
      project: 1,
      limit: 100,
      include_answer_text: true,
    });
    expect(text.rows).toHaveLength(130);
    expect(text.pages).toBe(7);
  });
});

describe('sync client', () => {
  function transport(serve: (url: string) => HttpResponse) {
    const log = { fetch: [] as string[], fetchAll: [] as string[][] };
    return {
      log,
      transport: {
        fetch: (request: HttpRequest) => {
          log.fetch.push(request.url);
          return serve(request.url);
        },
        fetchAll: (requests: HttpRequest[]) => {
          log.fetchAll.push(requests.map((r) => r.url));
          return requests.map((r) => serve(r.url));
        },
      },
    };
  }

  it('fetches page 1, then every remaining page in one fetchAll batch', () => {
    const { log, transport: t } = transport(answersServer(95));
    const client = syncClient(t);
    const all = client.collect('answers', { project: 1, limit: 20 });
    expect(all.rows.map((row) => (row as { id: number }).id)).toEqual(
      Array.from({ length: 95 }, (_, i) => i),
    );
    expect(log.fetch).toHaveLength(1);
    expect(log.fetchAll).toHaveLength(1);
    expect(log.fetchAll[0]).toHaveLength(4);
  });

  it('retries a page that was rate limited inside the batch, waiting Retry-After', () => {
    const serve = answersServer(45);
    let limitedOnce = false;
    const time = fakeClock();
    const { transport: t } = transport((url) => {
      if (url.includes('offset=20') && !limitedOnce) {
        limitedOnce = true;
        return limited(1);
      }
      return serve(url);
    });
    const client = syncClient(t, {
      sleep: time.sleepSync,
      now: time.now,
    });
    const all = client.collect('answers', { project: 1, limit: 20 });
    expect(all.rows).toHaveLength(45);
    expect(time.clock.sleeps).toEqual([1000]);
  });

  it('turns a transport exception into a network_error after bounded retries', () => {
    const time = fakeClock();
    const client = syncClient(
      {
        fetch: () => {
          throw new Error('DNS error');
        },
        fetchAll: () => [],
      },
      { sleep: time.sleepSync, retry: { maxAttempts: 3 } },
    );
    expect(() => client.get('projects', {})).toThrow(
      expect.objectContaining({ code: 'network_error' }),
    );
    expect(time.clock.sleeps).toHaveLength(2);
  });

  it('follows a next_request path', () => {
    const { transport: t, log } = transport(answersServer(3));
    const client = syncClient(t);
    const followed = client.getPath('/api/v1/projects/1/answers?only_flagged=true');
    expect(followed.name).toBe('answers');
    expect(log.fetch[0]).toBe('https://svc.example/api/v1/projects/1/answers?only_flagged=true');
  });
});
