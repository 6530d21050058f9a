/**
 * A parameter set is checked once per path: validateParams brands what it
 * accepts (CheckedParams) and knows its own products again, so the clients
 * (and any other caller) send a branded set without reading it again, while
 * raw input is still checked on entry with the same messages. Reads are counted on the rules themselves, so any second
 * validation, whichever function did it, shows up.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENDPOINTS, projectParam } from '../../shared/api/endpoints.js';
import type { ParamRule } from '../../shared/api/param-rules.js';
import { isChecked, validateParams, withCheckedPaging } from '../../shared/api/validate.js';
import { createClient } from '../../shared/client/async-client.js';
import { createSyncClient } from '../../shared/client/sync-client.js';
import type { FetchLike, HttpRequest } from '../../shared/client/types.js';
import { answersServer } from './answer-row.js';

const rulesOf = (name: keyof typeof ENDPOINTS) =>
  ENDPOINTS[name].params as Record<string, ParamRule>;

/** Counts how often a rule reads a raw value: one read per parameter per validation. */
const readsOf = (rule: ParamRule) => vi.spyOn(rule, 'read');

afterEach(() => {
  vi.restoreAllMocks();
});

/** 130 answers, paged by the limit asked for, behind fetch and a sync transport. */
function answersService() {
  const serve = answersServer(130);
  const urls: string[] = [];
  const fetch: FetchLike = async (url) => {
    urls.push(url);
    const answer = serve(url);
    return {
      status: answer.status,
      headers: { forEach: () => {} },
      text: async () => answer.body,
    };
  };
  const transport = {
    fetch: (request: HttpRequest) => {
      urls.push(request.url);
      return serve(request.url);
    },
    fetchAll: (requests: HttpRequest[]) => requests.map((request) => transport.fetch(request)),
  };
  const options = { baseUrl: 'https://svc.example', token: 'tok_fake_123' };
  return {
    urls,
    asyncClient: createClient({ ...options, fetch }),
    syncClient: createSyncClient({ ...options, transport, sleep: () => {} }),
  };
}

const checkedAnswers = () => {
  const result = validateParams('answers', { project: '1', limit: '20' });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.params;
};

describe('a checked parameter set', () => {
  it('is produced by validateParams only, for its own endpoint, and cannot change', () => {
    const params = checkedAnswers();
    expect(isChecked('answers', params)).toBe(true);
    expect(isChecked('competitors', params)).toBe(false);
    expect(isChecked('answers', { project: 1, limit: 20 })).toBe(false);
    expect(isChecked('answers', { ...params })).toBe(false);
    expect(Object.isFrozen(params)).toBe(true);
    expect(() => {
      (params as { limit?: number }).limit = 500;
    }).toThrow(TypeError);
    // The brand is a type: the set carries no extra key, not even a symbol.
    expect(Reflect.ownKeys(params)).toEqual(['project', 'limit']);
  });

  it('is returned as it is when validated again for its endpoint, without a read', () => {
    const limit = readsOf(rulesOf('answers').limit!);
    const params = checkedAnswers();
    expect(validateParams('answers', params, { unknownParams: 'reject' })).toEqual({
      ok: true,
      params,
    });
    const again = validateParams('answers', params);
    expect(again.ok && again.params).toBe(params);
    expect(limit).toHaveBeenCalledTimes(1);
  });

  it('moves to another page by reading only the new offset, within its rule', () => {
    const limit = readsOf(rulesOf('answers').limit!);
    const offset = readsOf(rulesOf('answers').offset!);
    const params = checkedAnswers();
    const next = withCheckedPaging('answers', params, 'offset', 40);
    expect(next).toMatchObject({ ok: true, params: { project: 1, limit: 20, offset: 40 } });
    expect(next.ok && isChecked('answers', next.params)).toBe(true);
    expect(withCheckedPaging('answers', params, 'offset', -1)).toEqual({
      ok: false,
      errors: { offset: ["must be a whole number from 0 to 1000000, not '-1'"] },
    });
    expect(limit).toHaveBeenCalledTimes(1);
    expect(offset).toHaveBeenCalledTimes(2);
  });
});

describe('validation runs once on each path', () => {
  it('async get: a checked set is sent as it is; raw input is checked on entry', async () => {
    const { asyncClient, urls } = answersService();
    const limit = readsOf(rulesOf('answers').limit!);
    await asyncClient.get('answers', checkedAnswers());
    expect(limit).toHaveBeenCalledTimes(1);
    await asyncClient.get('answers', { project: 1, limit: 20 });
    expect(limit).toHaveBeenCalledTimes(2);
    expect(urls).toEqual([
      'https://svc.example/api/v1/projects/1/answers?limit=20',
      'https://svc.example/api/v1/projects/1/answers?limit=20',
    ]);
  });

  it('async collect and pages: the first check carries every later page', async () => {
    const { asyncClient, urls } = answersService();
    const limit = readsOf(rulesOf('answers').limit!);
    const all = await asyncClient.collect('answers', checkedAnswers());
    expect(all.pages).toBe(7);
    let pages = 0;
    for await (const _page of asyncClient.pages('answers', checkedAnswers())) pages++;
    expect(pages).toBe(7);
    expect(urls).toHaveLength(14);
    expect(limit).toHaveBeenCalledTimes(2);
  });

  it('sync get and collect (Apps Script): the same, one check per call', () => {
    const { syncClient, urls } = answersService();
    const limit = readsOf(rulesOf('answers').limit!);
    syncClient.get('answers', checkedAnswers());
    expect(limit).toHaveBeenCalledTimes(1);
    expect(syncClient.collect('answers', checkedAnswers()).pages).toBe(7);
    expect(limit).toHaveBeenCalledTimes(2);
    syncClient.collect('answers', { project: 1, limit: 20 });
    expect(limit).toHaveBeenCalledTimes(3);
    expect(urls).toHaveLength(15);
  });

  it('a set checked for another endpoint is checked again for this one', async () => {
    const { asyncClient } = answersService();
    const project = readsOf(projectParam);
    const summary = validateParams('summary', { project: 1 });
    if (!summary.ok) throw new Error('summary params should be valid');
    await asyncClient.get('answers', summary.params as never);
    expect(project).toHaveBeenCalledTimes(2);
  });

  it('a path (next_request) is read and checked once', async () => {
    const { asyncClient } = answersService();
    const limit = readsOf(rulesOf('answers').limit!);
    const followed = await asyncClient.getPath('/api/v1/projects/1/answers?limit=20');
    expect(followed.params).toEqual({ project: 1, limit: 20 });
    expect(limit).toHaveBeenCalledTimes(1);
  });
});

describe('raw input keeps its clear errors', () => {
  it('names the parameter and what it allows, before any request', async () => {
    const { asyncClient, syncClient, urls } = answersService();
    const expected = {
      code: 'validation_failed',
      errors: {
        limit: ["must be a whole number from 1 to 100, not '500'"],
        platfrom: [expect.stringMatching(/^is not a parameter of GET .*; allowed: .*platform/)],
      },
    };
    const raw = { project: 1, limit: 500, platfrom: 'chatgpt' };
    await expect(asyncClient.get('answers', raw as never)).rejects.toMatchObject(expected);
    expect(() => syncClient.get('answers', raw as never)).toThrow(
      expect.objectContaining(expected),
    );
    // A checked set copied and changed is raw input again, and is checked.
    const changed = { ...checkedAnswers(), limit: 500 };
    await expect(asyncClient.get('answers', changed)).rejects.toMatchObject({
      errors: { limit: [expect.stringContaining('1 to 100')] },
    });
    expect(urls).toEqual([]);
  });
});
