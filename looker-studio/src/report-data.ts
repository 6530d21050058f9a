/**
 * getSchema and getData. The fields are the report's (fields.ts); the rows are
 * the API's, collected over every page (fetchAll after page 1), made into
 * cells by the same rowTable toTable uses, cut to the date range, and given
 * back with exactly the requested fields in the requested order.
 */

import {
  checkRead,
  type FetchedTable,
  fetchTable,
} from '../../apps-script-platform/fetch-table.js';
import type { Credentials } from '../../apps-script-platform/user-token.js';
import { ENDPOINTS, needsProject, type Query } from '../../shared/api/endpoints.js';
import type { ParamRule } from '../../shared/api/param-rules.js';
import { isPlainObject } from '../../shared/table/cells.js';
import { type RowTable, rowTable } from '../../shared/table/columns.js';
import type { Cell } from '../../shared/table/types.js';
import {
  GET_DATA_BUDGET_MS,
  MAX_REPORT_ROWS,
  QUICK_BUDGET_MS,
  RECONNECT_PATH,
  SCHEMA_SAMPLE_ROWS,
} from './config.js';
import { readCredentials } from './credentials.js';
import { type DateRange, dayOf, readRange, smallestCovering, withinRange } from './date-range.js';
import { type LookerField, lookerValue, reportFields } from './fields.js';
import { isPortfolioReport, portfolioFields, portfolioTable } from './portfolio-report.js';
import { configParams, findReport, type Report, reportQuery, rowShape } from './reports.js';
import {
  type AnswerTable,
  absentField,
  answerOnlyFields,
  offeredFields,
  skippedNote,
} from './sampled-fields.js';
import { ConnectorProblem } from './user-errors.js';

type Fields = GoogleAppsScript.Data_Studio.Fields;

export interface ConnectorRequest {
  configParams?: Record<string, unknown>;
  dateRange?: unknown;
  fields?: Array<{ name?: unknown }>;
  scriptParams?: { lastRefresh?: unknown; sampleExtraction?: unknown };
}

function chosenReport(request: ConnectorRequest): Report {
  const value = request.configParams?.report;
  const report = findReport(value);
  if (!report) {
    throw new ConnectorProblem(
      `Choose a report in ${RECONNECT_PATH}: this data source names none the connector knows.`,
      `configParams.report is ${JSON.stringify(String(value ?? '')).slice(0, 120)}`,
    );
  }
  return report;
}

/** The report's fields as DataStudioApp fields, in the given order. */
function lookerFields(list: readonly LookerField[]): Fields {
  const cc = DataStudioApp.createCommunityConnector();
  const fields = cc.getFields();
  for (const spec of list) {
    const field = spec.concept === 'METRIC' ? fields.newMetric() : fields.newDimension();
    field
      .setId(spec.id)
      .setName(spec.name)
      .setDescription(spec.description)
      .setType(cc.FieldType[spec.type]);
    if (spec.aggregation) field.setAggregation(cc.AggregationType[spec.aggregation]);
  }
  return fields;
}

export function getSchema(request: ConnectorRequest) {
  if (isPortfolioReport(request.configParams?.report)) {
    return DataStudioApp.createCommunityConnector()
      .newGetSchemaResponse()
      .setFields(lookerFields(portfolioFields()))
      .build();
  }
  const report = chosenReport(request);
  const skipped: string[] = [];
  const fields = lookerFields(offeredFields(report, sampleAnswer(report, request), skipped));
  // For the connector's administrator (Apps Script's execution log): a field left out, never a failure.
  const note = skippedNote(skipped);
  if (note) console.warn(note);
  return DataStudioApp.createCommunityConnector().newGetSchemaResponse().setFields(fields).build();
}

/**
 * One small read of the report with the person's credentials, so getSchema
 * offers what the service sends (docs/looker-studio.md). Cached like every
 * read of the add-on's client (CacheService, scoped by token and address),
 * so Looker's repeated getSchema calls cost one request. Undefined when it
 * cannot be read: the schema's fields are offered then.
 */
function sampleAnswer(report: Report, request: ConnectorRequest): AnswerTable | undefined {
  try {
    const fetched = fetchTable(
      checkRead(report.endpoint, baseQuery(report, request.configParams ?? {})),
      SCHEMA_SAMPLE_ROWS,
      { budgetMs: QUICK_BUDGET_MS, refreshStamp: 'schema-sample' },
      readCredentials(),
    );
    return unavailable(fetched.first) ? undefined : reportTable(report, fetched);
  } catch {
    return undefined;
  }
}

/** The query of a data source: its report, project, and the config parameters it takes. */
function baseQuery(report: Report, config: Record<string, unknown>): Query {
  const query: Query = { ...reportQuery(report) };
  if (needsProject(report.endpoint)) query.project = config.project;
  for (const param of configParams(report)) {
    const value = config[param.id];
    if (value !== undefined && value !== '') query[param.id] = value;
  }
  return query;
}

interface TimeParam {
  /** The endpoint's period parameter and its values, or since/until. */
  kind: 'since-until' | 'period';
  values: readonly string[];
}

function timeParamOf(report: Report): TimeParam | undefined {
  const rules = ENDPOINTS[report.endpoint].params as Record<string, ParamRule>;
  if (rules.since?.kind === 'date' && rules.until?.kind === 'date')
    return { kind: 'since-until', values: [] };
  if (rules.period?.kind === 'enum') return { kind: 'period', values: rules.period.values };
  return undefined;
}

/** The last day the body's data covers: the check or collection day its period ends on. */
function anchorOf(body: unknown): number | undefined {
  const period = isPlainObject(body) ? body.period : undefined;
  const end =
    isPlainObject(period) && typeof period.end === 'string' ? dayOf(period.end) : Number.NaN;
  return Number.isFinite(end) ? end : undefined;
}

/**
 * Fetches the report for the range: since/until where the endpoint takes
 * them; otherwise the smallest period or window that covers the range, first
 * as seen from the range's end and, when the API's period ends earlier (the
 * latest check or collection day), once more as seen from there. A longer
 * window a young source has not stored yet falls back to the shorter one.
 */
function fetchForRange(
  report: Report,
  query: Query,
  range: DateRange,
  credentials: Credentials,
  refreshStamp: string,
): FetchedTable {
  // One budget for the whole getData, however many calls it takes.
  const deadline = Date.now() + GET_DATA_BUDGET_MS;
  // Each request's parameters (a period chosen for the range) are checked once, here.
  const fetch = (params: Query) =>
    fetchTable(
      checkRead(report.endpoint, params),
      MAX_REPORT_ROWS,
      { budgetMs: Math.max(1, deadline - Date.now()), refreshStamp },
      credentials,
    );
  const time = timeParamOf(report);
  if (!time) return fetch(query);
  if (time.kind === 'since-until')
    return fetch({ ...query, since: range.startDate, until: range.endDate });
  const guess = smallestCovering(time.values, range, dayOf(range.endDate));
  const fetched = fetch({ ...query, period: guess });
  const anchor = anchorOf(fetched.first);
  const better = anchor === undefined ? guess : smallestCovering(time.values, range, anchor);
  let chosen = better === guess ? fetched : fetch({ ...query, period: better });
  // Shorter candidates come first in the vocabulary; try them longest first.
  const shorter = time.values.slice(0, time.values.indexOf(better ?? '')).reverse();
  for (const value of shorter) {
    if (!unavailable(chosen.first)) break;
    chosen = value === guess ? fetched : fetch({ ...query, period: value });
  }
  return chosen;
}

function unavailable(body: unknown): ConnectorProblem | undefined {
  if (!isPlainObject(body) || body.available !== false) return undefined;
  const reason = typeof body.reason === 'string' ? body.reason : 'The source has no data.';
  return new ConnectorProblem(
    `${reason} Then refresh the data in Looker Studio.`,
    `available: false for ${JSON.stringify({ source: body.source, dataset: body.dataset })}`,
  );
}

/**
 * A series: a row list whose first column is a date or a month (daily and
 * history datasets). Its rows are what the date range cuts.
 */
function seriesColumn(report: Report): LookerField | undefined {
  if (report.rows.kind !== 'rows') return undefined;
  const first = reportFields(report)[0];
  return first && (first.type === 'YEAR_MONTH_DAY' || first.type === 'YEAR_MONTH')
    ? first
    : undefined;
}

/** The report's rows as cells with toTable's columns: the schema's first, then the answer's others. */
function reportTable(report: Report, fetched: FetchedTable): RowTable {
  if (report.rows.kind === 'rows') return fetched.table;
  const body = fetched.first;
  const value = report.rows.kind === 'block' && isPlainObject(body) ? body[report.rows.key] : body;
  return rowTable(rowShape(report), value === undefined ? [] : [value]);
}

/** The report's rows as cells with toTable's columns, a series cut to the range. */
export function reportRows(
  report: Report,
  fetched: FetchedTable,
  range: DateRange,
): { columns: string[]; rows: Cell[][] } {
  const table = reportTable(report, fetched);
  if (report.rows.kind !== 'rows') return table;
  const series = seriesColumn(report);
  const index = series ? table.columns.indexOf(series.column) : -1;
  if (index < 0) return table;
  return {
    columns: table.columns,
    rows: table.rows.filter((row) => withinRange(row[index], range)),
  };
}

/**
 * The getData answer: the requested fields in their order, each read from the table by its
 * column; a field found in neither the table nor the known fields is empty cells, not a failure.
 */
function dataResponse(
  request: ConnectorRequest,
  table: { columns: readonly string[]; rows: readonly (readonly Cell[])[] },
  known: readonly ReturnType<typeof absentField>[],
) {
  const requested = (request.fields ?? []).map((each) => {
    const id = String(each.name).slice(0, 200);
    return known.find((candidate) => candidate.id === id) ?? absentField(id);
  });
  const indexes = requested.map((field) => table.columns.indexOf(field.column));
  const rows = table.rows.map((row) =>
    requested.map((field, position) => {
      const index = indexes[position]!;
      return lookerValue(field, index < 0 ? null : (row[index] ?? null));
    }),
  );
  return DataStudioApp.createCommunityConnector()
    .newGetDataResponse()
    .setFields(lookerFields(requested))
    .addAllRows(rows)
    .build();
}

/** The portfolio report's getData (portfolio-report.ts): the requested fields, in their order. */
function portfolioData(request: ConnectorRequest) {
  const table = portfolioTable(readCredentials(), String(request.scriptParams?.lastRefresh ?? ''));
  const known = portfolioFields();
  return dataResponse(request, table, known);
}

export function getData(request: ConnectorRequest) {
  if (isPortfolioReport(request.configParams?.report)) return portfolioData(request);
  const report = chosenReport(request);
  const range = readRange(request.dateRange);
  if (!range) {
    throw new ConnectorProblem(
      'Looker Studio sent no usable date range. Set a date range on the report or its control.',
      `dateRange is ${JSON.stringify(request.dateRange ?? null).slice(0, 120)}`,
    );
  }
  const credentials = readCredentials();
  const query = baseQuery(report, request.configParams ?? {});
  const refreshStamp = String(request.scriptParams?.lastRefresh ?? '');
  const fetched = fetchForRange(report, query, range, credentials, refreshStamp);
  const problem = unavailable(fetched.first);
  if (problem) throw problem;

  const table = reportRows(report, fetched, range);
  // The schema's fields, then the answer's own: a field found in neither is empty cells, not a failure.
  const known = [
    ...reportFields(report),
    ...answerOnlyFields(report, reportTable(report, fetched)),
  ];
  return dataResponse(request, table, known);
}
