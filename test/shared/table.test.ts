import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../shared/api/endpoints.js';
import { responseSchema } from '../../shared/api/responses.js';
import { validateParams, withDefaults } from '../../shared/api/validate.js';
import { toCsv } from '../../shared/table/csv.js';
import { toTable } from '../../shared/table/normalize.js';
import { summaryBlockLabel } from '../../shared/table/notes.js';
import type { Cell, Table } from '../../shared/table/types.js';
import { leaves } from './leaves.js';
import {
  actionPlanBody,
  answerRow,
  competitorBodies,
  FIXTURES,
  HOSTILE,
  project,
  searchBodies,
  summaryBody,
  unavailableBody,
} from './table-fixtures.js';

const column = (table: Table, name: string): Cell[] => {
  const index = table.columns.indexOf(name);
  expect(index, `column ${name} in ${table.columns.join(',')}`).toBeGreaterThanOrEqual(0);
  return table.rows.map((row) => row[index] ?? null);
};
const typeOf = (table: Table, name: string) => table.types[table.columns.indexOf(name)];
const kvValue = (table: Table, block: string | null, field: string): Cell | undefined =>
  table.rows.find((row) => row[0] === block && row[1] === field)?.[2];

function expectWellFormed(table: Table): void {
  expect(table.types).toHaveLength(table.columns.length);
  expect(new Set(table.columns).size).toBe(table.columns.length);
  for (const row of table.rows) {
    expect(row).toHaveLength(table.columns.length);
    for (const cell of row)
      expect(['string', 'number', 'boolean', 'object']).toContain(typeof cell);
    for (const cell of row) if (typeof cell === 'object') expect(cell).toBeNull();
  }
}

describe('toTable: every endpoint and dataset', () => {
  it.each(FIXTURES.map((f) => [f.label, f] as const))(
    '%s: the fixture is a valid body for its query',
    (_, fixture) => {
      const validated = validateParams(fixture.name, fixture.params);
      expect(validated.ok).toBe(true);
      const query = withDefaults(fixture.name, fixture.params);
      const parsed = responseSchema(fixture.name, query)!.safeParse(fixture.body);
      expect(parsed.error?.issues ?? []).toEqual([]);
    },
  );

  it.each(FIXTURES.map((f) => [f.label, f] as const))(
    '%s: rectangular, typed, and nothing lost',
    (_, fixture) => {
      const table = toTable(fixture.name, fixture.params, fixture.body);
      expectWellFormed(table);
      const shown = [
        ...table.rows.flat().map((cell) => String(cell)),
        ...table.notes,
        ...table.columns,
      ].join('\n');
      for (const leaf of leaves(fixture.body))
        expect(shown, `${fixture.label} lost ${leaf}`).toContain(leaf);
      const location = ENDPOINTS[fixture.name].rows(withDefaults(fixture.name, fixture.params));
      if (location) {
        expect(table.rows).toHaveLength((fixture.body[location.key] as unknown[]).length);
      } else {
        expect(table.columns).toEqual(['block', 'field', 'value']);
      }
    },
  );
});

describe('toTable: columns from the schemas', () => {
  it('flattens nested project objects into dotted columns typed from the schema', () => {
    const table = toTable('projects', {}, { projects: [project] });
    expect(table.columns.slice(0, 2)).toEqual(['id', 'brand_name']);
    expect(column(table, 'connections.ga4')).toEqual([true]);
    expect(column(table, 'connected_data.google_search_console.is_stale')).toEqual([true]);
    expect(column(table, 'connected_data.bing_webmaster_tools.fetched_at')).toEqual([null]);
    expect(column(table, 'selected_ai_models')).toEqual(['chatgpt, gemini, perplexity']);
    expect(typeOf(table, 'id')).toBe('integer');
    expect(typeOf(table, 'last_checked_at')).toBe('datetime');
    expect(typeOf(table, 'selected_ai_models')).toBe('list');
    expect(typeOf(table, 'connections.ga4')).toBe('boolean');
  });

  it('keeps optional schema columns even when no row has them, so sheets keep their layout', () => {
    const table = toTable(
      'answers',
      { project: 1001 },
      { answers: [answerRow], pagination: {}, period: {} },
    );
    expect(column(table, 'answer_text')).toEqual([null]);
    expect(typeOf(table, 'prominence_level')).toBe('integer');
    expect(typeOf(table, 'checked_at')).toBe('datetime');
  });

  it('types date, month and ratio columns of the series', () => {
    const daily = toTable(
      'search-performance',
      { project: 1, dataset: 'daily' },
      searchBodies.daily,
    );
    expect(typeOf(daily, 'date')).toBe('date');
    expect(typeOf(daily, 'ctr')).toBe('number');
    expect(typeOf(daily, 'clicks')).toBe('integer');
    const history = toTable(
      'search-performance',
      { project: 1, dataset: 'history' },
      searchBodies.history,
    );
    expect(typeOf(history, 'month')).toBe('text');
  });

  it('renders arrays of objects and records readably', () => {
    const plan = toTable('action-plan', { project: 1001 }, actionPlanBody);
    expect(column(plan, 'evidence')).toEqual([
      '2026-10-01: ChatGPT calls Acme expensive; 2026-10-08: Gemini names a drawback',
    ]);
    const ranking = toTable('competitors', { project: 1001 }, competitorBodies.ranking);
    // The fixture uses our first guess `highlights`: read under the real service's name.
    expect(column(ranking, 'platform_highlights')).toEqual([
      'chatgpt: Trailco is durable | @trailco on sale; gemini: Solid pick',
      null,
    ]);
    const detail = toTable(
      'competitors',
      { project: 1001, dataset: 'detail', competitor: 'trail' },
      competitorBodies.detail,
    );
    // One brand: its rows are the platforms; the brand's own figures go to the notes.
    expect(column(detail, 'platform')).toEqual(['chatgpt', 'gemini']);
    expect(column(detail, 'visibility')).toEqual([66, 43]);
  });

  it('appends fields the schemas do not know, first met first, including nested ones', () => {
    const rows = [
      { ...answerRow, sentiment_score: 0.3 },
      { ...answerRow, id: 2, model_version: 'gpt-9', sentiment_score: null },
    ];
    const table = toTable('answers', { project: 1001 }, { answers: rows });
    expect(table.columns.slice(-2)).toEqual(['sentiment_score', 'model_version']);
    expect(column(table, 'model_version')).toEqual([null, 'gpt-9']);
    const extended = toTable(
      'projects',
      {},
      {
        projects: [{ ...project, connections: { ...project.connections, semrush: true } }],
      },
    );
    expect(column(extended, 'connections.semrush')).toEqual([true]);
    expect(extended.columns.at(-1)).toBe('connections.semrush');
  });

  it('keeps a value whose type the schema did not expect, instead of dropping it', () => {
    const odd = { ...project, connected_data: { ...project.connected_data, ga4: 'pending' } };
    const table = toTable('projects', {}, { projects: [odd] });
    expect(column(table, 'connected_data.ga4')).toEqual(['pending']);
    expect(column(table, 'connected_data.ga4.fetched_at')).toEqual([null]);
  });

  it('keeps hostile text as plain text in the table and neutralizes it in CSV', () => {
    const table = toTable('answers', { project: 1001 }, { answers: [answerRow] });
    expect(column(table, 'evidence_quote')).toEqual([HOSTILE]);
    const csv = toCsv(table);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(csv).not.toMatch(/(^|,)=HYPERLINK/m);
  });
});

describe('toTable: non-row bodies, unavailable sources, notes', () => {
  it('turns the summary into block / field / value rows, with every block reachable', () => {
    const table = toTable('summary', { project: 1001 }, summaryBody);
    expect(kvValue(table, null, 'report_url')).toBe(summaryBody.report_url);
    // Labelled as what they are: 30-day totals whatever the period (data-api 2.2).
    expect(kvValue(table, 'search (last 30 days)', 'google.totals.clicks')).toBe(300);
    expect(kvValue(table, 'search (last 30 days)', 'bing.available')).toBe(false);
    expect(table.notes).toContain(
      'search and ai_traffic: totals of the last 30 days, whatever the period',
    );
    expect(kvValue(table, 'ai_visibility', 'mentions_by_platform[1].platform')).toBe('gemini');
    expect(kvValue(table, 'questions', 'additional[1].text')).toBe('+1 tent for rain?');
    expect(kvValue(table, 'ai_visibility', 'performance_comparison.previous_period')).toBeNull();
    const blocks = new Set(table.rows.map((row) => row[0]));
    for (const block of summaryBody.included) expect(blocks).toContain(summaryBlockLabel(block));
  });

  it('notes the period used and the one requested when it fell back (data-api 8)', () => {
    const table = toTable('summary', { project: 1001 }, summaryBody);
    expect(table.notes[0]).toContain('last_90_days');
    expect(table.notes[0]).toContain('last_year was requested');
    const plain = toTable('action-plan', { project: 1001 }, actionPlanBody);
    expect(plain.notes[0]).toBe('Period: last_30_days (2026-10-02 to 2026-10-31)');
    expect(plain.notes).toContain('status: ready');
    expect(plain.notes.some((note) => note.includes('Bing is not connected'))).toBe(true);
  });

  it('notes fetched_at and is_stale of connected sources (data-api 2.5)', () => {
    const fresh = toTable(
      'search-performance',
      { project: 1, dataset: 'top_queries' },
      searchBodies.top_queries,
    );
    expect(fresh.notes).toContain('Fetched at 2026-11-01T04:00:00Z; fresh');
    const stale = toTable(
      'ai-traffic',
      { project: 1, dataset: 'daily' },
      {
        ...searchBodies.daily,
        rows: [],
        is_stale: true,
      },
    );
    expect(stale.notes.some((note) => note.includes('stale'))).toBe(true);
    expect(stale.rows).toEqual([]);
  });

  it('explains available:false in one row', () => {
    const table = toTable(
      'search-performance',
      { project: 1002, source: 'bing', dataset: 'top_queries' },
      unavailableBody,
    );
    expect(table.columns).toEqual(['available', 'reason', 'source', 'dataset']);
    expect(table.rows).toEqual([[false, unavailableBody.reason, 'bing', 'top_queries']]);
    expect(table.types.slice(0, 2)).toEqual(['boolean', 'text']);
    expect(table.notes[0]).toContain('30d');
    const bare = toTable(
      'ai-traffic',
      { project: 1002 },
      { available: false, reason: 'GA4 is not connected' },
    );
    expect(bare.columns).toEqual(['available', 'reason']);
  });

  it('uses the collected rows instead of the first page, and says how many came', () => {
    const body = FIXTURES.find((f) => f.name === 'answers')!.body;
    const collected = Array.from({ length: 5 }, (_, i) => ({ ...answerRow, id: 900 + i }));
    const table = toTable('answers', { project: 1001 }, body, collected);
    expect(column(table, 'id')).toEqual([900, 901, 902, 903, 904]);
    expect(table.notes).toContain('Rows: 5 of 80');
    const firstPage = toTable('answers', { project: 1001 }, body);
    expect(firstPage.notes).toContain(
      'Page: rows 1 to 2 of 80 (limit 25); more pages follow (use a larger offset)',
    );
  });

  it('never throws on bodies that are not what the schema says', () => {
    const odd: unknown[] = [
      null,
      'text',
      42,
      [],
      { answers: 'nope' },
      { answers: [1, 'x', null] },
      {},
    ];
    for (const body of odd) {
      const table = toTable('answers', { project: 1001 }, body);
      expectWellFormed(table);
    }
    const mixed = toTable('answers', { project: 1001 }, { answers: [1, answerRow] });
    expect(column(mixed, 'value')).toEqual([1, null]);
    const missing = toTable('answers', { project: 1001 }, { pagination: { total: 0 } });
    expect(missing.columns).toEqual(['block', 'field', 'value']);
  });
});
