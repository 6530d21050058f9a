/**
 * Every report of the connector through the BUILT Code.js against the real
 * sandbox: getSchema's fields are getData's columns; the rows are the API's
 * rows for the query the connector sent (ids, counts, texts, dates); a subset
 * of fields in any order comes back in that order.
 */
import { describe, expect, test } from 'vitest';
import { configParams, findReport, REPORTS } from '../../looker-studio/src/reports.js';
import { ENDPOINTS } from '../../shared/api/endpoints.js';
import { column, type DataResponse, type Range, useConnectorSuite } from './fakes/suite.js';

const { suite, load, schema, data, apiRows } = useConnectorSuite();

/** Text for the parameters a report requires (competitor for competitors:detail). */
const REQUIRED_TEXT: Record<string, string> = { competitor: 'Lumen' };

function paramsOf(value: string): Record<string, string> {
  const params: Record<string, string> = { project: '1001', report: value };
  for (const param of configParams(findReport(value)!)) {
    if (param.required) params[param.id] = REQUIRED_TEXT[param.id]!;
  }
  return params;
}

/** The 30 days ending on project 1001's latest check. */
function latestMonth(): Range {
  const { body } = suite.api('/projects/1001/answers?limit=1');
  const period = (body as { period: { start: string; end: string } }).period;
  return { startDate: period.start, endDate: period.end };
}

const valueAt = (row: unknown, path: string[]): unknown =>
  path.reduce<unknown>(
    (value, key) =>
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? (value as Record<string, unknown>)[key]
        : undefined,
    row,
  );

/** What Looker Studio should receive for an API value, by the field's documented type. */
function expectedValue(type: string, name: string, value: unknown): string | undefined {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.length === 0 ? '' : undefined; // rendered text
  if (typeof value === 'object') return undefined;
  switch (type) {
    case 'YEAR_MONTH_DAY':
    case 'YEAR_MONTH':
      return String(value).replaceAll('-', '');
    case 'YEAR_MONTH_DAY_SECOND': {
      const iso = new Date(String(value)).toISOString();
      return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}`;
    }
    case 'PERCENT':
      // ctr is a ratio already; the other percents come as 0 to 100.
      return String(name.endsWith('ctr') ? value : (value as number) / 100);
    case 'URL':
      return /^https?:\/\//.test(String(value)) ? String(value) : '';
    default:
      return String(value);
  }
}

/** The page-1 request the connector made last: the query whose rows it returned. */
async function lastQuery(mark: number): Promise<string> {
  const log = (await suite.sandbox.since(mark)).map((entry) => ({
    path: entry.path,
    query:
      typeof entry.query === 'string' ? entry.query : new URLSearchParams(entry.query).toString(),
  }));
  const entry = log.filter((each) => !/(^|&)offset=[1-9]/.test(each.query)).at(-1)!;
  const query = entry.query
    .split('&')
    .filter((pair) => pair && !/^offset=/.test(pair))
    .join('&');
  return `${entry.path.replace('/api/v1', '')}${query ? `?${query}` : ''}`;
}

describe.each(REPORTS.map((report) => report.value))('report %s', (value) => {
  const report = findReport(value)!;
  const params = paramsOf(value);

  test('schema fields are the data columns, and the rows are the API rows', async () => {
    const connector = load();
    const fields = schema(connector, params);
    expect(fields.length).toBeGreaterThan(0);
    const range = latestMonth();
    const mark = (await suite.sandbox.log()).length;
    const response = data(connector, params, range);
    expect(response.schema.map((field) => field.name)).toEqual(fields.map((field) => field.name));
    expect(response.schema).toEqual(fields);

    const path = await lastQuery(mark);
    const query = Object.fromEntries(new URLSearchParams(path.split('?')[1] ?? ''));
    let expected: unknown[];
    if (report.rows.kind === 'rows') {
      const location = ENDPOINTS[report.endpoint].rows(query)!;
      const body = location.paged ? undefined : (suite.api(path).body as Record<string, unknown>);
      expected = body
        ? ((body[location.key] as unknown[] | undefined) ?? [])
        : apiRows(path, location.key);
      // A detail's rows carry what they are about as a first column (RowsLocation.about).
      const about = location.about;
      if (about && body)
        expected = expected.map((row) => ({
          [about.column]: body[about.field],
          ...(row as object),
        }));
      const first = fields[0]!;
      if (
        first.semantics.semanticType === 'YEAR_MONTH_DAY' ||
        first.semantics.semanticType === 'YEAR_MONTH'
      ) {
        const length = first.semantics.semanticType === 'YEAR_MONTH' ? 7 : 10;
        expected = expected.filter((row) => {
          const day = String(valueAt(row, [first.name]));
          return day >= range.startDate.slice(0, length) && day <= range.endDate.slice(0, length);
        });
      }
    } else {
      const body = suite.api(path).body as Record<string, unknown>;
      expected = [report.rows.kind === 'block' ? body[report.rows.key] : body];
    }
    expect(response.rows).toHaveLength(expected.length);
    expect(expected.length).toBeGreaterThan(0);
    response.rows.forEach((row, index) => {
      fields.forEach((field, position) => {
        const apiValue = valueAt(expected[index], field.name.split('__'));
        const want = expectedValue(field.semantics.semanticType, field.name, apiValue);
        if (want !== undefined)
          expect(row.values[position], `${field.name} of row ${index}`).toBe(want);
        else expect(row.values[position]).not.toBe('');
      });
    });
  });

  test('a subset of fields in another order comes back in that order', () => {
    const connector = load();
    const fields = schema(connector, params).map((field) => field.name);
    const range = latestMonth();
    const full = data(connector, params, range);
    const picked = [
      ...new Set([fields.at(-1)!, fields[0]!, fields[Math.floor(fields.length / 2)]!]),
    ];
    const before = connector.urlFetch.calls.length;
    const subset: DataResponse = data(connector, params, range, picked);
    // The same data source refreshed within ten minutes is served from the cache.
    expect(connector.urlFetch.calls.length).toBe(before);
    expect(subset.schema.map((field) => field.name)).toEqual(picked);
    for (const name of picked) expect(column(subset, name)).toEqual(column(full, name));
  });
});
