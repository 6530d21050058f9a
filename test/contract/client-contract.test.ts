/**
 * Contract tests: the real async client against the real sandbox over HTTP.
 * Every endpoint and dataset parses with the schemas (the client validates
 * each body), every data-api 7 error code arrives with its fields, and lists walk
 * to the end without gaps or repeats.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox/server.js';
import { ENDPOINTS, type EndpointName } from '../../shared/api/endpoints.js';
import {
  AI_TRAFFIC_DATASETS,
  COMPETITOR_DATASETS,
  SEARCH_DATASETS,
  SEARCH_GOOGLE_ONLY_DATASETS,
  SEARCH_SOURCES,
} from '../../shared/api/vocabulary.js';
import { createClient } from '../../shared/client/async-client.js';
import type { AivisClient } from '../../shared/client/types.js';
import type { AivisError } from '../../shared/http/errors.js';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let client: AivisClient;
const noWait = async () => {};
const clientFor = (token: string, extra: Partial<Parameters<typeof createClient>[0]> = {}) =>
  createClient({ baseUrl: sandbox.baseUrl, token, sleep: noWait, ...extra });

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: false, slowDelayMs: 2_000 });
  client = clientFor('aivis_test_entry');
});
afterAll(async () => {
  await sandbox?.close();
});

/** Every endpoint/dataset combination docs/data-api.md names, for one project. */
function everyCall(project: number): Array<[EndpointName, Record<string, unknown>]> {
  return [
    ['projects', {}],
    ['summary', { project }],
    ['summary', { project, include: ['ai_visibility', 'competitors'] }],
    ['answers', { project }],
    ['answers', { project, include_answer_text: true, max_answer_chars: 200 }],
    ...SEARCH_SOURCES.flatMap((source) =>
      SEARCH_DATASETS.filter(
        (dataset) =>
          source === 'google' ||
          !(SEARCH_GOOGLE_ONLY_DATASETS as readonly string[]).includes(dataset),
      ).map((dataset): [EndpointName, Record<string, unknown>] => [
        'search-performance',
        { project, source, dataset },
      ]),
    ),
    ...COMPETITOR_DATASETS.map((dataset): [EndpointName, Record<string, unknown>] => [
      'competitors',
      dataset === 'detail' ? { project, dataset, competitor: 'a' } : { project, dataset },
    ]),
    ['competitors', { project, include_highlights: true, highlights_per_platform: 5 }],
    ['citations', { project }],
    ['citations', { project, group_by: 'domain' }],
    ...AI_TRAFFIC_DATASETS.map((dataset): [EndpointName, Record<string, unknown>] => [
      'ai-traffic',
      { project, dataset },
    ]),
    ['action-plan', { project }],
    ['action-plan', { project, audience: 'seo', limit: 10 }],
  ];
}

describe('every endpoint and dataset parses with the schemas', () => {
  for (const project of [1001, 1002, 1003]) {
    it(`project ${project}`, async () => {
      for (const [name, params] of everyCall(project)) {
        await expect(
          client.get(name, params as never),
          `${name} ${JSON.stringify(params)}`,
        ).resolves.toBeTypeOf('object');
      }
    });
  }

  it('project 2001 through the higher plan token', async () => {
    const pro = clientFor('aivis_test_pro');
    for (const [name, params] of everyCall(2001)) {
      await expect(
        pro.get(name, params as never),
        `${name} ${JSON.stringify(params)}`,
      ).resolves.toBeTypeOf('object');
    }
  });

  it('covers all eight endpoints of the table', () => {
    const covered = new Set(everyCall(1).map(([name]) => name));
    expect([...covered].sort()).toEqual(Object.keys(ENDPOINTS).sort());
  });
});

describe('errors of data-api 7 via the scenario tokens', () => {
  const failure = async (promise: Promise<unknown>) =>
    (await promise.then(
      () => undefined,
      (e) => e,
    )) as AivisError;

  it('401 unauthenticated for expired, revoked and missing tokens', async () => {
    for (const token of ['aivis_test_expired', 'aivis_test_revoked', 'no_such_token']) {
      const error = await failure(clientFor(token).get('projects', {}));
      expect(error, token).toMatchObject({ code: 'unauthenticated', status: 401 });
      expect(error.message).not.toContain(token);
    }
    const anonymous = createClient({ baseUrl: sandbox.baseUrl, sleep: noWait });
    expect(await failure(anonymous.get('projects', {}))).toMatchObject({ code: 'unauthenticated' });
  });

  it('403 insufficient_scope and paid_plan_required with plans_url', async () => {
    expect(await failure(clientFor('aivis_test_no_scope').get('projects', {}))).toMatchObject({
      code: 'insufficient_scope',
      status: 403,
    });
    const plan = await failure(clientFor('aivis_test_free').get('projects', {}));
    expect(plan).toMatchObject({ code: 'paid_plan_required', status: 403 });
    expect(plan.plansUrl).toMatch(/^https?:\/\//);
  });

  it("404 not_found for an unknown project and for another account's project", async () => {
    expect(await failure(client.get('summary', { project: 999_999 }))).toMatchObject({
      code: 'not_found',
      status: 404,
    });
    expect(await failure(client.get('answers', { project: 2001 }))).toMatchObject({
      code: 'not_found',
    });
  });

  it('422 validation_failed from the server for a prompt_id of another project (data-api 4.3 rule 1)', async () => {
    const other = await clientFor('aivis_test_pro').get('summary', {
      project: 2001,
      include: ['questions'],
    });
    const foreignPrompt =
      'questions' in other && other.questions ? (other.questions.primary?.id ?? 0) : 0;
    const error = await failure(client.get('answers', { project: 1001, prompt_id: foreignPrompt }));
    expect(error).toMatchObject({ code: 'validation_failed', status: 422 });
    expect(Object.keys(error.errors ?? {})).toEqual(['prompt_id']);
  });

  it('500 server_error after bounded retries', async () => {
    const before = sandbox.requestLog.length;
    const error = await failure(
      clientFor('aivis_test_server_error', { retry: { maxAttempts: 3 } }).get('projects', {}),
    );
    expect(error).toMatchObject({ code: 'server_error', status: 500 });
    expect(sandbox.requestLog.length - before).toBe(3);
  });

  it('429 rate_limited: the client waits Retry-After (through its sleep), then reports it with retryAfter', async () => {
    const sleeps: number[] = [];
    const limited = createClient({
      baseUrl: sandbox.baseUrl,
      token: 'aivis_test_rate_limited',
      retry: { maxAttempts: 2 },
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    });
    const error = await failure(limited.get('projects', {}));
    expect(error).toMatchObject({ code: 'rate_limited', status: 429, retryAfter: 1 });
    expect(sleeps).toEqual([1000]);
  });

  it('a slow answer can be abandoned: the abort wins', async () => {
    const controller = new AbortController();
    const pending = clientFor('aivis_test_slow').get('projects', {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(await failure(pending)).toMatchObject({ code: 'aborted' });
  });

  it('network failure is its own code', async () => {
    const nowhere = createClient({
      baseUrl: 'http://127.0.0.1:9',
      token: 'x',
      sleep: noWait,
      retry: { maxAttempts: 2 },
    });
    expect(await failure(nowhere.get('projects', {}))).toMatchObject({
      code: 'network_error',
      status: 0,
    });
  });
});

describe('pagination walked to the end', () => {
  const ids = (rows: unknown[]) => rows.map((row) => (row as { id: number }).id);

  it('answers: no duplicates, no gaps, total matches, pages and collect agree', async () => {
    const params = { project: 1001, period: 'last_30_days', limit: 100 } as const;
    const walked: number[] = [];
    let total = -1;
    let pages = 0;
    for await (const page of client.pages('answers', params)) {
      pages++;
      if (!('answers' in page)) throw new Error('not an answers page');
      total = page.pagination.total;
      walked.push(...ids(page.answers ?? []));
    }
    expect(total).toBeGreaterThanOrEqual(1000);
    expect(walked).toHaveLength(total);
    expect(new Set(walked).size).toBe(total);
    expect(pages).toBe(Math.ceil(total / 100));
    const collected = await client.collect('answers', params, { maxRows: 100_000, concurrency: 4 });
    expect(ids(collected.rows)).toEqual(walked);
    expect(collected).toMatchObject({ total, capped: false });
  });

  it('answers with text come 20 to a page (data-api 4.3 rule 2) and still walk completely', async () => {
    const params = { project: 1003, include_answer_text: true, limit: 100 } as const;
    const first = await client.get('answers', params);
    expect('answers' in first && first.answers?.length).toBeLessThanOrEqual(20);
    const all = await client.collect('answers', params);
    expect(new Set(ids(all.rows)).size).toBe(all.total);
  });

  it('a row cap stops early and says so', async () => {
    const capped = await client.collect('answers', { project: 1001, limit: 50 }, { maxRows: 120 });
    expect(capped.rows).toHaveLength(120);
    expect(capped.capped).toBe(true);
    expect(capped.pages).toBe(3);
  });

  it('competitor ranking pages by brand; citations by URL', async () => {
    for (const [name, params] of [
      ['competitors', { project: 1001, limit: 5 }],
      ['citations', { project: 1001, limit: 10 }],
    ] as const) {
      const all = await client.collect(name, params);
      const keys = all.rows.map((row) => JSON.stringify(row));
      expect(new Set(keys).size).toBe(all.rows.length);
      expect(all.rows.length).toBe(all.total);
    }
  });
});

describe('when the data is from', () => {
  it('period.latest_check_at is the newest stored check, and no answer is newer (data-api 1, data-api 8)', async () => {
    for (const project of [1001, 1003]) {
      const summary = await client.get('summary', { project, include: ['ai_visibility'] });
      const answers = await client.get('answers', { project, limit: 100 });
      const newest = (answers.answers ?? [])
        .map((row) => row.checked_at)
        .sort()
        .at(-1);
      expect(summary.period.latest_check_at, String(project)).toBe(newest);
      expect(answers.period.latest_check_at).toBe(newest);
    }
  });
});

describe('following next_request', () => {
  it('every action of every audience points at a request the client can follow', async () => {
    for (const audience of ['business', 'marketing', 'seo'] as const) {
      const plan = await client.get('action-plan', { project: 1001, audience, limit: 10 });
      expect(plan.actions.length).toBeGreaterThan(0);
      for (const action of plan.actions) {
        const followed = await client.getPath(action.next_request);
        expect(followed.body).toBeTypeOf('object');
      }
    }
  });
});
