/**
 * followLink: an API link (an action's next_request) is asked of the
 * reader's own base URL with its own token, as written; anything that is
 * not a path under /projects is refused before a request leaves, and the
 * answer only has to be a JSON object.
 */
import { describe, expect, it } from 'vitest';
import { createFetchReader, followLink } from '../../shared/client/fetch-client.js';
import type { FetchLike } from '../../shared/client/types.js';
import { linkRequest } from '../../shared/http/request.js';
import { zodCheck } from '../../shared/http/zod-check.js';

const BASE = 'https://service.example';
const TOKEN = 'aivis_test_link_token_0123';

describe('linkRequest (an API link as a request)', () => {
  it.each([
    ['/api/v1/projects/1001/answers?period=last_30_days&only_flagged=true'],
    ['/projects/1001/answers?period=last_30_days&only_flagged=true'],
    [
      'https://elsewhere.example/api/v1/projects/1001/answers?period=last_30_days&only_flagged=true',
    ],
  ])('%s goes to the own base URL under /api/v1, the query as written', (link) => {
    const request = linkRequest({ baseUrl: `${BASE}/`, token: TOKEN }, link)!;
    expect(request.url).toBe(
      `${BASE}/api/v1/projects/1001/answers?period=last_30_days&only_flagged=true`,
    );
    expect(request.url).not.toContain(TOKEN);
    expect(request.headers.Authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('keeps the project-level and list paths', () => {
    expect(linkRequest({ baseUrl: BASE }, '/api/v1/projects/7')?.url).toBe(
      `${BASE}/api/v1/projects/7`,
    );
    expect(linkRequest({ baseUrl: BASE }, '/api/v1/projects')?.url).toBe(`${BASE}/api/v1/projects`);
  });

  it.each([
    [''],
    ['//evil.example/api/v1/projects/1/answers'],
    ['/api/v1/projects/1/../../admin'],
    ['/api/v1/projects/1/answers/extra'],
    ['/api/v1/projects/abc/answers'],
    ['/api/v1/other/1'],
    ['javascript:alert(1)'],
    ['/api/v1/projects/1/answers?x y'],
    ['/api/v1/projects/1/answers#top'],
    ['/api/v1/projects/1/Answers'],
    [`/api/v1/projects/1/answers?q=${'a'.repeat(5000)}`],
  ])('refuses %s', (link) => {
    expect(linkRequest({ baseUrl: BASE, token: TOKEN }, link)).toBeUndefined();
  });
});

describe('followLink', () => {
  const readerAnswering = (status: number, body: string, asked: string[]) => {
    const fetch: FetchLike = async (url) => {
      asked.push(url);
      return {
        status,
        headers: { forEach: (each) => each('application/json', 'content-type') },
        text: async () => body,
      };
    };
    return createFetchReader(
      { baseUrl: BASE, token: TOKEN, fetch, retry: { maxAttempts: 1 } },
      zodCheck,
    );
  };

  it('answers any JSON object the link returns', async () => {
    const asked: string[] = [];
    const body = { rows: [{ query: 'q', clicks: 3 }], pagination: { offset: 0 } };
    const reader = readerAnswering(200, JSON.stringify(body), asked);
    await expect(
      followLink(reader, '/api/v1/projects/1/search-performance?dataset=top_queries'),
    ).resolves.toEqual(body);
    expect(asked).toEqual([`${BASE}/api/v1/projects/1/search-performance?dataset=top_queries`]);
  });

  it('refuses a body that is not an object as a contract error', async () => {
    const reader = readerAnswering(200, '[1,2,3]', []);
    await expect(followLink(reader, '/api/v1/projects/1/answers')).rejects.toMatchObject({
      code: 'contract_error',
    });
  });

  it('refuses a link that is not an API path before any request, naming it', async () => {
    const asked: string[] = [];
    const reader = readerAnswering(200, '{}', asked);
    await expect(followLink(reader, 'https://evil.example//x')).rejects.toMatchObject({
      code: 'validation_failed',
      errors: { path: [expect.stringContaining('/api/v1')] },
    });
    expect(asked).toEqual([]);
  });

  it("passes the service's 422 on as the error", async () => {
    const envelope = {
      error: {
        code: 'validation_failed',
        message: 'limit must be a whole number from 1 to 100',
        status: 422,
        errors: { limit: ['must be a whole number from 1 to 100'] },
      },
    };
    const reader = readerAnswering(422, JSON.stringify(envelope), []);
    await expect(followLink(reader, '/api/v1/projects/1/answers?limit=500')).rejects.toMatchObject({
      code: 'validation_failed',
      errors: { limit: ['must be a whole number from 1 to 100'] },
    });
  });
});
