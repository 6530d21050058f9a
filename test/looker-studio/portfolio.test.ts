/**
 * The connector's portfolio report through the BUILT Code.js against the
 * sandbox (docs/agencies.md#the-portfolio): offered beside the datasets, its
 * fields are its data's columns, one row per project of the credentials,
 * each row the project's own summary read by shared/portfolio.ts.
 */
import { describe, expect, test } from 'vitest';
import { portfolioRow } from '../../shared/portfolio.js';
import { column, useConnectorSuite } from './fakes/suite.js';

const { suite, load, config, schema, data } = useConnectorSuite();
const params = { project: '1001', report: 'portfolio' };
const range = { startDate: '2026-10-01', endDate: '2026-10-31' };

describe('the portfolio report', () => {
  test('is offered beside the datasets', () => {
    const report = config(load()).configParams.find((param) => param.name === 'report');
    expect(JSON.stringify(report)).toContain('"portfolio"');
  });

  test("gives one row per project, each with its own summary's figures", () => {
    const connector = load();
    const fields = schema(connector, params).map((field) => field.name);
    expect(fields).toContain('score');
    const response = data(connector, params, range);
    const list = suite.api('/projects').body as { projects: Array<Record<string, unknown>> };
    const expected = list.projects.map((item) =>
      portfolioRow(item, suite.api(`/projects/${String(item.id)}`).body as Record<string, unknown>),
    );
    expect(column(response, 'project')).toEqual(expected.map((row) => String(row.project)));
    expect(column(response, 'brand')).toEqual(expected.map((row) => row.brand));
    expect(column(response, 'score')).toEqual(expected.map((row) => String(row.score ?? '')));
    expect(column(response, 'rank')).toEqual(expected.map((row) => String(row.rank ?? '')));
    // A subset in another order comes back in that order.
    const some = data(connector, params, range, ['rank', 'brand']);
    expect(some.schema.map((field) => field.name)).toEqual(['rank', 'brand']);
  });
});
