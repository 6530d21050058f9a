/**
 * Every text the sandbox serves is whole Unicode: no lone surrogate (which a
 * UTF-8 encoder turns into U+FFFD, a broken character on screen) in any
 * project's answers, search queries, brands or questions. The hostile project
 * keeps its deliberate values (formulas, markup, a javascript: URL, emoji,
 * other scripts), all of them whole characters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataset } from '../../sandbox/data/dataset.js';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.js';

const ACCOUNTS: Array<[token: string, projects: number[]]> = [
  ['aivis_test_entry', [1001, 1002, 1003]],
  ['aivis_test_pro', [2001]],
  ['aivis_test_showcase', [3001]],
];

const PATHS = [
  '?include=profile,questions,ai_visibility,answer_insights,competitors,citations,search,ai_traffic,connections,recommendations',
  '/answers?limit=20&include_answer_text=true',
  '/answers?limit=100',
  '/search-performance?dataset=top_queries&limit=100',
  '/search-performance?dataset=top_queries&source=bing&limit=100',
  '/search-performance?dataset=ai_question_queries&limit=100',
  '/search-performance?dataset=queries_by_country&limit=100',
  '/search-performance?dataset=trends&limit=100',
  '/search-performance?dataset=trends&source=bing&limit=100',
  '/search-performance?dataset=queries_by_country&source=bing&limit=100',
  '/search-performance?dataset=opportunities&limit=100',
  '/competitors?dataset=ranking&limit=50',
  '/competitors?dataset=detail&limit=10',
  '/citations?group_by=url&limit=100',
  '/ai-traffic?dataset=landing_pages',
  '/action-plan',
];

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: false });
});
afterAll(async () => {
  await sandbox?.close();
});

describe('the sandbox serves whole characters', () => {
  it.each(ACCOUNTS)(
    '%s: no broken character in any project body',
    async (token, projects) => {
      const paths = [
        '/api/v1/projects',
        ...projects.flatMap((id) => PATHS.map((path) => `/api/v1/projects/${id}${path}`)),
      ];
      for (const path of paths) {
        const response = await fetch(`${sandbox.baseUrl}${path}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const text = await response.text();
        expect([200, 422], `${path}: ${text.slice(0, 200)}`).toContain(response.status);
        expect(text, path).not.toContain('\uFFFD');
        expect(LONE_SURROGATE.test(text), path).toBe(false);
      }
    },
    60_000,
  );

  it('every generated store holds whole strings, served or not (queries, pages, answers)', () => {
    const dataset = createDataset();
    const broken: string[] = [];
    const visit = (value: unknown, path: string, depth: number): void => {
      if (depth > 12 || broken.length > 5) return;
      if (typeof value === 'string') {
        if (LONE_SURROGATE.test(value)) broken.push(`${path}: ${JSON.stringify(value)}`);
      } else if (value instanceof Map) {
        for (const [key, each] of value) visit(each, `${path}.${String(key)}`, depth + 1);
      } else if (Array.isArray(value)) {
        for (const [index, each] of value.entries()) visit(each, `${path}[${index}]`, depth + 1);
      } else if (value && typeof value === 'object') {
        for (const [key, each] of Object.entries(value)) visit(each, `${path}.${key}`, depth + 1);
      }
    };
    for (const id of [1001, 1002, 1003, 2001, 3001]) {
      const data = dataset.project(id)!;
      visit({ ...data, memo: undefined }, String(id), 0);
    }
    expect(broken).toEqual([]);
  });
});
