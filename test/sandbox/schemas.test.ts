import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.js';
import { ENDPOINTS, type EndpointName } from '../../shared/api/endpoints.js';
import { responseSchema } from '../../shared/api/responses.js';
import { validateParams, withDefaults } from '../../shared/api/validate.js';
import {
  AI_TRAFFIC_DATASETS,
  AUDIENCES,
  REPORT_PERIODS,
  SEARCH_DATASETS,
  SEARCH_GOOGLE_ONLY_DATASETS,
  SEARCH_SOURCES,
  SOURCE_WINDOWS,
  SUMMARY_BLOCKS,
} from '../../shared/api/vocabulary.js';
import { unavailableSourceSchema } from '../../shared/schemas/common.js';
import { api, ENTRY, PRO } from './helpers.js';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: false });
});
afterAll(() => sandbox.close());

const PROJECTS = [
  { id: 1001, token: ENTRY },
  { id: 1002, token: ENTRY },
  { id: 1003, token: ENTRY },
  { id: 2001, token: PRO },
];

/** Every request a front end can make, one per dataset/variant. */
function requests(): Array<[EndpointName, Record<string, string>]> {
  const list: Array<[EndpointName, Record<string, string>]> = [
    ['summary', {}],
    ['summary', { include: 'profile,search', period: 'last_year' }],
    ['answers', {}],
    ['answers', { include_answer_text: 'true', max_answer_chars: '200' }],
    ['answers', { since: '2026-01-01', until: '2026-02-01', limit: '100' }],
    ['answers', { only_flagged: '1', prominence_max: '1', platform: 'chatgpt' }],
    ['competitors', { include_highlights: 'true', highlights_per_platform: '5', limit: '50' }],
    ['competitors', { dataset: 'detail', competitor: 'a' }],
    ['competitors', { dataset: 'history' }],
    ['citations', {}],
    ['citations', { group_by: 'domain', own_site_only: 'true' }],
  ];
  for (const period of REPORT_PERIODS)
    list.push(['answers', { period }], ['competitors', { period }]);
  for (const audience of AUDIENCES) list.push(['action-plan', { audience, limit: '10' }]);
  for (const source of SEARCH_SOURCES)
    for (const dataset of SEARCH_DATASETS) {
      if (
        source !== 'google' &&
        (SEARCH_GOOGLE_ONLY_DATASETS as readonly string[]).includes(dataset)
      )
        continue;
      for (const period of SOURCE_WINDOWS)
        list.push(['search-performance', { source, dataset, period }]);
    }
  for (const dataset of AI_TRAFFIC_DATASETS)
    for (const period of SOURCE_WINDOWS) list.push(['ai-traffic', { dataset, period }]);
  return list;
}

describe('every response body passes its endpoint schema', () => {
  it('GET /projects for both accounts', async () => {
    for (const token of [ENTRY, PRO]) {
      const answer = await api(sandbox.baseUrl, '/api/v1/projects', token);
      expect(answer.status).toBe(200);
      expect(z.safeParse(responseSchema('projects', {})!, answer.body).success).toBe(true);
    }
  });

  for (const { id, token } of PROJECTS) {
    it(`project ${id}: every endpoint, dataset and window`, async () => {
      let unavailable = 0;
      for (const [name, params] of requests()) {
        const search = new URLSearchParams(params).toString();
        const path = `${ENDPOINTS[name].path.replace('{project}', String(id))}${search ? `?${search}` : ''}`;
        const answer = await api(sandbox.baseUrl, `/api/v1${path}`, token);
        expect(answer.status, path).toBe(200);
        expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
        const validated = validateParams(name, { ...params, project: id });
        if (!validated.ok) throw new Error(`test request invalid: ${path}`);
        const schema =
          answer.body.available === false
            ? unavailableSourceSchema
            : responseSchema(name, withDefaults(name, validated.params))!;
        if (answer.body.available === false) {
          expect(ENDPOINTS[name].connectedSource, path).toBe(true);
          expect(answer.body.reason.length).toBeGreaterThan(10);
          unavailable++;
        }
        const parsed = z.safeParse(schema, answer.body);
        expect(
          parsed.success ? 'valid' : `${path}: ${JSON.stringify(parsed.error?.issues.slice(0, 3))}`,
        ).toBe('valid');
      }
      // 1001 has every source for every window; the others miss some on purpose.
      if (id === 1001) expect(unavailable).toBe(0);
      else expect(unavailable).toBeGreaterThan(0);
    });
  }

  it('the summary has every block by default and only the included ones otherwise', async () => {
    const full = await api(sandbox.baseUrl, '/api/v1/projects/1001');
    expect(full.body.included).toEqual([...SUMMARY_BLOCKS]);
    for (const block of SUMMARY_BLOCKS) expect(full.body[block]).toBeDefined();
    expect(full.body.questions.additional).toHaveLength(15);
    expect(full.body.questions.primary.id).toBeGreaterThan(0);
    expect(full.body.report_url).toMatch(/^https:\/\//);
    const some = await api(sandbox.baseUrl, '/api/v1/projects/1001?include=search,profile');
    expect(some.body.included).toEqual(['profile', 'search']);
    expect(
      Object.keys(some.body)
        .filter((key) => (SUMMARY_BLOCKS as readonly string[]).includes(key))
        .sort(),
    ).toEqual(['profile', 'search']);
  });
});
