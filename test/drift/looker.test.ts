/**
 * Every Looker Studio report, through the built connector in the Apps
 * Script fakes, against every reshaped variant of the sandbox
 * (support/reshape) and the old-names scenario: getSchema offers fields,
 * getData returns rows wherever the plain sandbox has rows, and nothing
 * throws (docs/looker-studio.md, docs/service-drift.md).
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { configParams, findReport, REPORTS } from '../../looker-studio/src/reports.js';
import { RESHAPE_VARIANTS, type ReshapeVariant } from '../../support/reshape/reshape.js';
import { type Range, useConnectorSuite } from '../looker-studio/fakes/suite.js';

const { suite, load, schema, data } = useConnectorSuite();
let reshapers: Record<ReshapeVariant, string>;
let range: Range;
/** Rows each report returns from the plain sandbox, to compare every variant with. */
const plainRows = new Map<string, number>();

function paramsOf(value: string): Record<string, string> {
  const params: Record<string, string> = { project: '1001', report: value };
  for (const param of configParams(findReport(value)!))
    if (param.required) params[param.id] = 'Lumen';
  return params;
}

beforeAll(async () => {
  reshapers = await suite.sandbox.reshapers();
  const { body } = suite.api('/projects/1001/answers?limit=1');
  const period = (body as { period: { start: string; end: string } }).period;
  range = { startDate: period.start, endDate: period.end };
  for (const report of REPORTS)
    plainRows.set(report.value, data(load(), paramsOf(report.value), range).rows.length);
});

const sources: Array<{ label: string; options: () => { baseUrl: string; token?: string } }> = [
  ...RESHAPE_VARIANTS.map((variant) => ({
    label: variant,
    options: () => ({ baseUrl: reshapers[variant] }),
  })),
  {
    label: 'old names',
    options: () => ({ baseUrl: suite.sandbox.baseUrl, token: 'aivis_test_old_names' }),
  },
];

describe.each(sources)('$label: every report returns rows', ({ options }) => {
  test.each(REPORTS.map((report) => report.value))('%s', (value) => {
    const connector = load(options());
    const params = paramsOf(value);
    const fields = schema(connector, params);
    expect(fields.length).toBeGreaterThan(0);
    const response = data(connector, params, range);
    expect(response.schema.map((field) => field.name)).toEqual(fields.map((field) => field.name));
    if (plainRows.get(value)! > 0) expect(response.rows.length).toBeGreaterThan(0);
    for (const row of response.rows) expect(row.values).toHaveLength(fields.length);
  });
});

describe('fields follow what the service sends', () => {
  test('a single-brand detail: the fields it adds are offered, typed from their values', () => {
    const connector = load({ baseUrl: reshapers['single-brand'] });
    const fields = schema(connector, paramsOf('competitors:detail'));
    const byName = new Map(fields.map((field) => [field.name, field]));
    expect(byName.get('citations')).toMatchObject({
      dataType: 'NUMBER',
      semantics: { conceptType: 'METRIC', semanticType: 'NUMBER' },
    });
    expect(byName.get('average_position')).toMatchObject({
      dataType: 'NUMBER',
      semantics: { conceptType: 'METRIC', semanticType: 'NUMBER' },
    });
  });

  test("getSchema learns the fields with one small read, and Looker's repeated calls cost none", () => {
    const connector = load();
    schema(connector, paramsOf('answers'));
    schema(connector, paramsOf('answers'));
    expect(connector.urlFetch.calls).toHaveLength(1);
    expect(connector.urlFetch.calls[0]!.url).toMatch(/\/answers\?limit=20$/);
  });

  test('another period shape: the report of a summary block still loads', () => {
    const connector = load({ baseUrl: reshapers['period-shape'] });
    const response = data(connector, paramsOf('summary:ai_visibility'), range);
    expect(response.rows).toHaveLength(1);
  });
});
