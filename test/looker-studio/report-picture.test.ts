/**
 * docs/images/looker-report.png cannot drift from the connector: its page is
 * made from the BUILT connector's getSchema and getData for the showcase
 * project (test/looker-studio/fakes/report-page.ts), its charts are the ones
 * docs/looker-studio.md's analyst step 4 names, and a field the connector
 * stops offering fails the page instead of showing a made-up column.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { SHOWCASE_PROJECT, SHOWCASE_TOKEN } from '../apps-script/fakes/picture-session.js';
import {
  type ChartAnswer,
  connectorAnswers,
  lastFourWeeks,
  REPORT_CHARTS,
  reportPageHtml,
  shownValue,
} from './fakes/report-page.js';
import { useConnectorSuite } from './fakes/suite.js';

const { suite, load } = useConnectorSuite();
const DOC = readFileSync(new URL('../../docs/looker-studio.md', import.meta.url), 'utf8');

function answers(): { range: ReturnType<typeof lastFourWeeks>; charts: ChartAnswer[] } {
  const { body } = suite.api(
    `/projects/${SHOWCASE_PROJECT}/search-performance?dataset=daily&period=30d`,
    SHOWCASE_TOKEN,
  );
  const range = lastFourWeeks((body as { period: { end: string } }).period.end);
  return {
    range,
    charts: connectorAnswers(load({ token: SHOWCASE_TOKEN }), SHOWCASE_PROJECT, range),
  };
}

describe('the Looker Studio report picture', () => {
  test("shows the charts the analyst's step 4 builds, in the analyst part of the page", () => {
    const analyst = DOC.slice(DOC.indexOf('## Using it'));
    const step = /^4\. .*$/m.exec(analyst)![0];
    const codes = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((each) => each[1]!);
    // "add charts: scorecards of `a` and `b` from `r`, a time series of …, a table of `r` with `a`, `b`."
    const clause = step.slice(step.indexOf('add charts: ') + 12, step.indexOf('. One date'));
    const named = clause.split(/,? a (?=time series|table)/).map((part) => {
      const kind = /^(scorecard|time series|table)/.exec(part)![1]!;
      const [before, after = ''] = part.split(/ from | with /);
      return part.includes(' from ')
        ? { kind, report: codes(after)[0], fields: codes(before!) }
        : { kind, report: codes(before!)[0], fields: codes(after) };
    });
    expect(named).toEqual(
      REPORT_CHARTS.map((chart) => ({
        kind: chart.kind,
        report: chart.report,
        // A time series names its metric; the date dimension is implied.
        fields: chart.kind === 'time series' ? chart.fields.slice(1) : [...chart.fields],
      })),
    );
    expect(analyst).toContain('](images/looker-report.png)');
  });

  test("is made of the connector's own fields, labels and rows for the showcase project", () => {
    const { range, charts } = answers();
    const page = reportPageHtml('Report', range, charts);
    for (const chart of charts) {
      const offered = chart.schema.map((field) => field.name);
      for (const name of chart.spec.fields) expect(offered, chart.spec.report).toContain(name);
      // What getData answered for exactly these fields, in this order.
      expect(chart.response.schema.map((field) => field.name)).toEqual([...chart.spec.fields]);
      expect(chart.response.rows.length, chart.spec.report).toBeGreaterThan(0);
      for (const name of chart.spec.fields) {
        const field = chart.schema.find((each) => each.name === name)!;
        expect(page).toContain(field.label);
      }
    }
    const [cards, , table] = charts;
    const score = cards!.schema.find((field) => field.name === 'score')!;
    expect(page).toContain(
      `<div class="value">${shownValue(score, cards!.response.rows[0]!.values[0]!)}</div>`,
    );
    expect(page.match(/<tr><td class="index">/g)).toHaveLength(table!.response.rows.length);
    for (const row of table!.response.rows)
      expect(page).toContain(`<td class="">${row.values[0]}</td>`);
    // The showcase, never the hostile test project.
    expect(page).toContain('Northwind Outdoor');
  });

  test('a field the connector no longer offers fails the page, it is not drawn', () => {
    const { range, charts } = answers();
    const [cards, ...rest] = charts;
    const renamed = { ...cards!, spec: { ...cards!.spec, fields: ['score', 'visibility_score'] } };
    expect(() => reportPageHtml('Report', range, [renamed, ...rest])).toThrow(
      /summary:ai_visibility offers no field visibility_score/,
    );
  });
});
