/**
 * docs/images/looker-report.png's page: the report docs/looker-studio.md's
 * analyst builds (step 4), drawn from what the BUILT connector answers
 * Looker Studio: each chart's fields are the ones getSchema offered (their
 * labels and semantic types), its figures the rows getData returned,
 * formatted as Looker Studio formats those types. Looker Studio itself
 * cannot be reached from here; the page only borrows its look (a report
 * canvas of score cards, a time series with axes and a table).
 */
import { escapeHtml } from '../../../shared/escape-html.js';
import type { FieldJson } from './data-studio.js';
import type { Connector } from './harness.js';
import type { DataResponse, Range } from './suite.js';

export type ChartKind = 'scorecard' | 'time series' | 'table';

export interface ChartSpec {
  kind: ChartKind;
  report: string;
  fields: readonly string[];
}

/**
 * The charts of docs/looker-studio.md's step 4, in its order
 * (test/looker-studio/report-picture.test.ts reads the step and compares).
 */
export const REPORT_CHARTS: readonly ChartSpec[] = [
  { kind: 'scorecard', report: 'summary:ai_visibility', fields: ['score', 'share_of_voice'] },
  { kind: 'time series', report: 'search-performance:daily', fields: ['date', 'clicks'] },
  {
    kind: 'table',
    report: 'competitors:ranking',
    fields: ['name', 'visibility', 'mentions', 'share_of_voice'],
  },
];

/** One chart as the connector answered it: getSchema's fields and getData's response. */
export interface ChartAnswer {
  spec: ChartSpec;
  schema: FieldJson[];
  response: DataResponse;
}

/** Asks the connector for each chart as Looker Studio does: getSchema, then getData of the chart's fields. */
export function connectorAnswers(
  connector: Connector,
  project: number,
  range: Range,
): ChartAnswer[] {
  return REPORT_CHARTS.map((spec) => {
    const configParams = { project: String(project), report: spec.report };
    const { schema } = connector.call('getSchema', { configParams }) as { schema: FieldJson[] };
    const response = connector.call('getData', {
      configParams,
      dateRange: range,
      fields: spec.fields.map((name) => ({ name })),
      scriptParams: { lastRefresh: '1700000000000' },
    }) as DataResponse;
    return { spec, schema, response };
  });
}

/** The last 28 days of the project's search data, Looker Studio's default range. */
export function lastFourWeeks(periodEnd: string): Range {
  const end = Date.parse(`${periodEnd}T00:00:00Z`);
  return {
    startDate: new Date(end - 27 * 86_400_000).toISOString().slice(0, 10),
    endDate: periodEnd,
  };
}

const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const LONG_DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const PERCENT = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 2 });

/** getData's YYYYMMDD as a time. */
const dayTime = (value: string) =>
  Date.UTC(Number(value.slice(0, 4)), Number(value.slice(4, 6)) - 1, Number(value.slice(6, 8)));

/** A getData cell as Looker Studio shows a field of that semantic type. */
export function shownValue(field: FieldJson, value: string): string {
  if (value === '') return 'null';
  switch (field.semantics.semanticType) {
    case 'PERCENT':
      return PERCENT.format(Number(value));
    case 'NUMBER':
      return NUMBER.format(Number(value));
    case 'YEAR_MONTH_DAY':
      return LONG_DAY.format(dayTime(value));
    default:
      return value;
  }
}

function fieldOf(answer: ChartAnswer, name: string): { field: FieldJson; index: number } {
  const index = answer.response.schema.findIndex((each) => each.name === name);
  const field = answer.schema.find((each) => each.name === name);
  if (index < 0 || !field) throw new Error(`${answer.spec.report} offers no field ${name}`);
  return { field, index };
}

const scorecards = (answer: ChartAnswer) =>
  answer.spec.fields
    .map((name) => {
      const { field, index } = fieldOf(answer, name);
      const value = answer.response.rows[0]?.values[index] ?? '';
      return `<section class="card scorecard" data-report="${answer.spec.report}" data-field="${name}"><div class="label">${escapeHtml(field.label)}</div><div class="value">${escapeHtml(shownValue(field, value))}</div></section>`;
    })
    .join('');

function timeSeries(answer: ChartAnswer): string {
  const [dimension, metric] = answer.spec.fields.map((name) => fieldOf(answer, name));
  const points = answer.response.rows
    .map((row) => ({
      day: row.values[dimension!.index]!,
      value: Number(row.values[metric!.index]),
    }))
    .sort((a, b) => a.day.localeCompare(b.day));
  const width = 880;
  const height = 240;
  const left = 48;
  const right = width - 16;
  const top = 36;
  const bottom = height - 28;
  const rough = Math.max(1, ...points.map((each) => each.value)) / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((each) => each * power).find((each) => each >= rough)!;
  const max = step * 4;
  const x = (index: number) => left + ((right - left) * index) / Math.max(1, points.length - 1);
  const y = (value: number) => bottom - ((bottom - top) * value) / max;
  const parts: string[] = [];
  for (let tick = 0; tick <= max; tick += step) {
    parts.push(
      `<line x1="${left}" x2="${right}" y1="${y(tick)}" y2="${y(tick)}" stroke="#e8eaed"/>`,
      `<text x="${left - 8}" y="${y(tick) + 4}" text-anchor="end">${NUMBER.format(tick)}</text>`,
    );
  }
  const every = Math.max(1, Math.ceil(points.length / 7));
  points.forEach((point, index) => {
    if (index % every !== 0) return;
    parts.push(
      `<text x="${x(index)}" y="${bottom + 18}" text-anchor="middle">${DAY.format(dayTime(point.day))}</text>`,
    );
  });
  parts.push(
    `<line x1="${left}" x2="${right}" y1="${bottom}" y2="${bottom}" stroke="#80868b"/>`,
    `<polyline fill="none" stroke="#4285f4" stroke-width="2" points="${points.map((point, index) => `${x(index)},${y(point.value)}`).join(' ')}"/>`,
    `<circle cx="${left + 4}" cy="14" r="5" fill="#4285f4"/><text x="${left + 14}" y="18" fill="#3c4043">${escapeHtml(metric!.field.label)}</text>`,
  );
  return `<section class="card chart" data-report="${answer.spec.report}" data-field="${answer.spec.fields.join(' ')}"><svg width="${width}" height="${height}" role="img" aria-label="${escapeHtml(metric!.field.label)} by ${escapeHtml(dimension!.field.label)}">${parts.join('')}</svg></section>`;
}

function table(answer: ChartAnswer): string {
  const columns = answer.spec.fields.map((name) => fieldOf(answer, name));
  const head = columns
    .map(
      ({ field }) =>
        `<th class="${field.semantics.conceptType === 'METRIC' ? 'metric' : ''}">${escapeHtml(field.label)}</th>`,
    )
    .join('');
  const body = answer.response.rows
    .map(
      (row, rowIndex) =>
        `<tr><td class="index">${rowIndex + 1}.</td>${columns
          .map(
            ({ field, index }) =>
              `<td class="${field.semantics.conceptType === 'METRIC' ? 'metric' : ''}">${escapeHtml(shownValue(field, row.values[index] ?? ''))}</td>`,
          )
          .join('')}</tr>`,
    )
    .join('');
  return `<section class="card table" data-report="${answer.spec.report}" data-field="${answer.spec.fields.join(' ')}"><table><thead><tr><th></th>${head}</tr></thead><tbody>${body}</tbody></table><div class="pager">1 - ${answer.response.rows.length} / ${answer.response.rows.length}</div></section>`;
}

const STYLE = `body{margin:0;background:#f1f3f4;font:13px Roboto,Arial,sans-serif;color:#3c4043}
header{display:flex;align-items:center;gap:16px;background:#fff;border-bottom:1px solid #dadce0;padding:10px 20px}
header h1{font-size:18px;font-weight:400;margin:0;flex:1}
.range{border:1px solid #dadce0;border-radius:4px;padding:6px 10px;font-size:12px}
.canvas{width:940px;margin:16px auto;background:#fff;box-shadow:0 1px 3px rgba(60,64,67,.3);padding:20px;display:grid;grid-template-columns:220px 220px 1fr;gap:16px}
.card{border:1px solid #e8eaed;border-radius:2px;padding:12px}
.scorecard .label{font-size:13px;color:#5f6368}.scorecard .value{font-size:34px;color:#202124;margin-top:6px}
.chart{grid-column:1/4}.chart svg{font-size:11px;fill:#5f6368}
.table{grid-column:1/4;padding:0}table{border-collapse:collapse;width:100%}
th{background:#f8f9fa;text-align:left;font-weight:500;padding:6px 10px;border-bottom:1px solid #dadce0}
td{padding:5px 10px;border-bottom:1px solid #f1f3f4}.metric{text-align:right}.index{color:#80868b;width:24px}
.pager{text-align:right;color:#5f6368;font-size:11px;padding:6px 10px}`;

/** The report page: a title bar with the date range control, then the canvas. */
export function reportPageHtml(
  title: string,
  range: Range,
  answers: readonly ChartAnswer[],
): string {
  const charts = answers
    .map((answer) =>
      answer.spec.kind === 'scorecard'
        ? scorecards(answer)
        : answer.spec.kind === 'time series'
          ? timeSeries(answer)
          : table(answer),
    )
    .join('');
  const shownRange = `${LONG_DAY.format(Date.parse(`${range.startDate}T00:00:00Z`))} - ${LONG_DAY.format(Date.parse(`${range.endDate}T00:00:00Z`))}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><header><h1>${escapeHtml(title)}</h1><div class="range">${escapeHtml(shownRange)} ▾</div></header><main class="canvas">${charts}</main></body></html>`;
}
