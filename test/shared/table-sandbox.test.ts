/**
 * The strongest test of the normalizer: every endpoint and dataset of the
 * running sandbox (a faithful local server of the API) goes through toTable,
 * and nothing it said may be lost or break the table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { FORMULA_BRAND } from '../../sandbox/data/hostile.js';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.js';
import { ENDPOINTS, type EndpointName } from '../../shared/api/endpoints.js';
import {
  encodeQuery,
  endpointPath,
  queryPairs,
  validateParams,
  withDefaults,
} from '../../shared/api/validate.js';
import {
  AI_TRAFFIC_DATASETS,
  API_PREFIX,
  CITATION_GROUPINGS,
  COMPETITOR_DATASETS,
  OPENAPI_PATH,
  SEARCH_DATASETS,
  SEARCH_GOOGLE_ONLY_DATASETS,
  SEARCH_SOURCES,
} from '../../shared/api/vocabulary.js';
import { buildOpenApiDocument } from '../../shared/openapi/document.js';
import { isFormulaLike, toCsv } from '../../shared/table/csv.js';
import { toTable } from '../../shared/table/normalize.js';
import type { Table } from '../../shared/table/types.js';
import { leaves } from './leaves.js';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: false });
});
afterAll(async () => {
  await sandbox?.close();
});

async function get(name: EndpointName, params: Record<string, unknown>): Promise<unknown> {
  const validated = validateParams(name, params);
  if (!validated.ok) throw new Error(JSON.stringify(validated.errors));
  const query = encodeQuery(queryPairs(name, validated.params));
  const url = `${sandbox.baseUrl}${API_PREFIX}${endpointPath(name, validated.params)}${query ? `?${query}` : ''}`;
  const response = await fetch(url, { headers: { Authorization: 'Bearer aivis_test_entry' } });
  expect(response.status, url).toBe(200);
  return response.json();
}

function expectFaithful(table: Table, body: unknown, label: string): void {
  expect(table.types).toHaveLength(table.columns.length);
  for (const row of table.rows) {
    expect(row).toHaveLength(table.columns.length);
    for (const cell of row)
      expect(cell === null || ['string', 'number', 'boolean'].includes(typeof cell)).toBe(true);
  }
  const shown = [...table.rows.flat().map(String), ...table.notes, ...table.columns].join('\n');
  for (const leaf of new Set(leaves(body)))
    expect(shown.includes(leaf), `${label} lost ${leaf.slice(0, 60)}`).toBe(true);
  // No live formula reaches a spreadsheet through CSV.
  const csv = toCsv(table);
  for (const row of table.rows) {
    for (const cell of row) {
      if (typeof cell === 'string' && isFormulaLike(cell))
        expect(csv).not.toMatch(new RegExp(`(^|,|")${escapeRegExp(cell)}`, 'm'));
    }
  }
}
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Case {
  label: string;
  name: EndpointName;
  params: Record<string, unknown>;
}

const CASES: Case[] = [
  { label: 'projects', name: 'projects', params: {} },
  ...[1001, 1002, 1003].flatMap((project): Case[] => [
    { label: `summary ${project}`, name: 'summary', params: { project } },
    { label: `answers ${project}`, name: 'answers', params: { project } },
    {
      label: `answers text ${project}`,
      name: 'answers',
      params: { project, include_answer_text: true },
    },
    ...SEARCH_SOURCES.flatMap((source) =>
      SEARCH_DATASETS.filter(
        (dataset) =>
          source === 'google' ||
          !(SEARCH_GOOGLE_ONLY_DATASETS as readonly string[]).includes(dataset),
      ).map((dataset) => ({
        label: `search-performance ${project} ${source} ${dataset}`,
        name: 'search-performance' as const,
        params: { project, source, dataset },
      })),
    ),
    ...COMPETITOR_DATASETS.filter((dataset) => dataset !== 'detail').map((dataset) => ({
      label: `competitors ${project} ${dataset}`,
      name: 'competitors' as const,
      params: { project, dataset, ...(dataset === 'ranking' ? { include_highlights: true } : {}) },
    })),
    ...CITATION_GROUPINGS.map((group_by) => ({
      label: `citations ${project} ${group_by}`,
      name: 'citations' as const,
      params: { project, group_by },
    })),
    ...AI_TRAFFIC_DATASETS.map((dataset) => ({
      label: `ai-traffic ${project} ${dataset}`,
      name: 'ai-traffic' as const,
      params: { project, dataset },
    })),
    ...(['business', 'marketing', 'seo'] as const).map((audience) => ({
      label: `action-plan ${project} ${audience}`,
      name: 'action-plan' as const,
      params: { project, audience },
    })),
  ]),
];

describe('toTable against the sandbox', () => {
  it.each(CASES.map((c) => [c.label, c] as const))('%s', async (label, { name, params }) => {
    const body = (await get(name, params)) as Record<string, unknown>;
    const query = withDefaults(name, params);
    const table = toTable(name, params, body);
    expectFaithful(table, body, label);
    const location = ENDPOINTS[name].rows(query);
    if (body.available === false) {
      expect(table.columns.slice(0, 2)).toEqual(['available', 'reason']);
      expect(table.rows).toHaveLength(1);
    } else if (location) {
      expect(table.rows).toHaveLength((body[location.key] as unknown[]).length);
    } else {
      expect(table.columns).toEqual(['block', 'field', 'value']);
    }
  });

  it('a source that is not connected becomes one row that says why', async () => {
    for (const [name, params] of [
      ['search-performance', { project: 1002, source: 'bing', dataset: 'top_queries' }],
      ['ai-traffic', { project: 1002, dataset: 'sources' }],
    ] as const) {
      const body = (await get(name, params)) as { available?: boolean; reason?: string };
      expect(body.available).toBe(false);
      const table = toTable(name, params, body);
      expect(table.rows).toEqual([[false, body.reason, ...table.rows[0]!.slice(2)]]);
      expect(table.columns.slice(0, 2)).toEqual(['available', 'reason']);
    }
  });

  it('competitor detail of the top brand', async () => {
    const ranking = (await get('competitors', { project: 1001 })) as {
      competitors: Array<{ name: string }>;
    };
    const competitor = ranking.competitors[0]?.name.slice(0, 6) ?? 'a';
    const params = { project: 1001, dataset: 'detail', competitor };
    const body = await get('competitors', params);
    const table = toTable('competitors', params, body);
    expectFaithful(table, body, 'competitors detail');
    expect(table.columns).toEqual(expect.arrayContaining(['platform', 'mentions', 'visibility']));
  });

  it('collected pages become one table with every row, and the hostile brand stays text', async () => {
    const first = (await get('answers', { project: 1001, limit: 100 })) as {
      answers: unknown[];
      pagination: { total: number };
    };
    const rows = [...first.answers];
    for (let offset = 100; offset < first.pagination.total; offset += 100) {
      const page = (await get('answers', { project: 1001, limit: 100, offset })) as {
        answers: unknown[];
      };
      rows.push(...page.answers);
    }
    const table = toTable('answers', { project: 1001, limit: 100 }, first, rows);
    expect(table.rows).toHaveLength(first.pagination.total);
    expect(table.notes).toContain(`Rows: ${rows.length} of ${first.pagination.total}`);
    const ranking = toTable(
      'competitors',
      { project: 1001, limit: 50 },
      await get('competitors', { project: 1001, limit: 50 }),
    );
    const names = ranking.rows.map((row) => row[ranking.columns.indexOf('name')]);
    expect(names).toContain(FORMULA_BRAND);
    expect(toCsv(ranking)).toContain(`"'${FORMULA_BRAND.replaceAll('"', '""')}"`);
  });

  it('serves the generated OpenAPI document', async () => {
    const response = await fetch(`${sandbox.baseUrl}${OPENAPI_PATH}`);
    expect(response.status).toBe(200);
    expect(parse(await response.text())).toEqual(
      buildOpenApiDocument({ serverUrl: sandbox.baseUrl }),
    );
  });
});
