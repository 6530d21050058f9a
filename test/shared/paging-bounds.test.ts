/**
 * Amplification: a server that claims `limit: 1` with a huge `total` must not
 * turn one collection into thousands of requests. Pages are planned with the
 * size the request asked for; a page shorter than asked is the last one; one
 * collection makes at most MAX_PAGES_PER_COLLECTION requests.
 */
import { describe, expect, it } from 'vitest';
import { createClient } from '../../shared/client/async-client.js';
import {
  MAX_PAGES_PER_COLLECTION,
  pageSizeOf,
  remainingOffsets,
} from '../../shared/client/paging.js';
import { createSyncClient } from '../../shared/client/sync-client.js';
import type { FetchLike, HttpRequest, HttpResponse } from '../../shared/client/types.js';
import { ANSWERS_PERIOD, answerRow } from './answer-row.js';

const HUGE_TOTAL = 1_000_000_000;

/** Answers `rowsPerPage` rows whatever was asked, claiming a huge total and more to come. */
function lyingServer(rowsPerPage: number) {
  return (url: string): HttpResponse => {
    const offset = Number(new URL(url).searchParams.get('offset') ?? 0);
    return {
      status: 200,
      headers: {},
      body: JSON.stringify({
        answers: Array.from({ length: rowsPerPage }, (_, index) => answerRow(offset + index)),
        pagination: {
          offset,
          limit: rowsPerPage,
          returned: rowsPerPage,
          total: HUGE_TOTAL,
          has_more: true,
        },
        period: ANSWERS_PERIOD,
      }),
    };
  };
}

function countingFetch(serve: (url: string) => HttpResponse) {
  const seen: string[] = [];
  const fetch: FetchLike = async (url) => {
    seen.push(url);
    const answer = serve(url);
    return { status: answer.status, headers: { forEach: () => {} }, text: async () => answer.body };
  };
  return { fetch, seen };
}

function countingTransport(serve: (url: string) => HttpResponse) {
  const log = { fetch: 0, fetchAll: [] as number[] };
  return {
    log,
    transport: {
      fetch: (request: HttpRequest) => {
        log.fetch += 1;
        return serve(request.url);
      },
      fetchAll: (requests: HttpRequest[]) => {
        log.fetchAll.push(requests.length);
        return requests.map((request) => serve(request.url));
      },
    },
  };
}

describe('page planning', () => {
  it('uses the requested page size, not the size the server claims', () => {
    const first = { offset: 0, limit: 1, returned: 100, total: HUGE_TOTAL, has_more: true };
    expect(remainingOffsets(first, 100, 10_000)).toHaveLength(99);
    expect(remainingOffsets(first, 100, 10_000)[1]).toBe(200);
  });

  it('stops at a first page shorter than asked, whatever has_more says', () => {
    const short = { offset: 0, limit: 1, returned: 1, total: HUGE_TOTAL, has_more: true };
    expect(remainingOffsets(short, 100, 10_000)).toEqual([]);
  });

  it('plans at most MAX_PAGES_PER_COLLECTION requests in all', () => {
    const first = { offset: 0, limit: 1, returned: 1, total: HUGE_TOTAL, has_more: true };
    expect(remainingOffsets(first, 1, 1_000_000)).toHaveLength(MAX_PAGES_PER_COLLECTION - 1);
  });

  it('knows the page size a request asks for, with the answer-text cap (data-api 4.3 rule 2)', () => {
    expect(pageSizeOf('answers', { project: 1 })).toBe(25);
    expect(pageSizeOf('answers', { project: 1, limit: 100, include_answer_text: true })).toBe(20);
    expect(pageSizeOf('competitors', { project: 1, dataset: 'history' })).toBe(12);
    expect(pageSizeOf('projects', {})).toBeUndefined();
  });
});

describe('a server claiming limit 1 with a huge total', () => {
  it('async collect sends one request when the first page is shorter than asked', async () => {
    const { fetch, seen } = countingFetch(lyingServer(1));
    const client = createClient({ baseUrl: 'https://svc.example', fetch });
    const collected = await client.collect('answers', { project: 1, limit: 100 });
    expect(seen).toHaveLength(1);
    expect(collected).toMatchObject({ pages: 1, capped: true, total: HUGE_TOTAL });
  });

  it('async collect with full pages stops at maxRows, in requested-size pages', async () => {
    const { fetch, seen } = countingFetch(lyingServer(100));
    const client = createClient({ baseUrl: 'https://svc.example', fetch });
    const collected = await client.collect('answers', { project: 1, limit: 100 });
    expect(seen).toHaveLength(100);
    expect(collected.rows).toHaveLength(10_000);
    expect(collected.capped).toBe(true);
  });

  it('the pages iterator stops at a short page and at the page bound', async () => {
    const short = countingFetch(lyingServer(1));
    const client = createClient({ baseUrl: 'https://svc.example', fetch: short.fetch });
    for await (const _page of client.pages('answers', { project: 1, limit: 100 })) {
      // drain
    }
    expect(short.seen).toHaveLength(1);
    const endless = countingFetch(lyingServer(1));
    const tiny = createClient({ baseUrl: 'https://svc.example', fetch: endless.fetch });
    for await (const _page of tiny.pages('answers', { project: 1, limit: 1 })) {
      // drain: a server that always has more must still end
    }
    expect(endless.seen).toHaveLength(MAX_PAGES_PER_COLLECTION);
  });

  it('the sync client (the Sheets add-on) sends no fetchAll batch for a short first page', () => {
    const { log, transport } = countingTransport(lyingServer(1));
    const client = createSyncClient({ baseUrl: 'https://svc.example', transport, sleep: () => {} });
    const collected = client.collect('answers', { project: 1, limit: 100 }, { maxRows: 5000 });
    expect(log).toEqual({ fetch: 1, fetchAll: [] });
    expect(collected.capped).toBe(true);
  });

  it('the sync client batches at most the planned pages of the requested size', () => {
    const { log, transport } = countingTransport(lyingServer(100));
    const client = createSyncClient({ baseUrl: 'https://svc.example', transport, sleep: () => {} });
    client.collect('answers', { project: 1, limit: 100 }, { maxRows: 5000 });
    expect(log).toEqual({ fetch: 1, fetchAll: [49] });
  });
});
