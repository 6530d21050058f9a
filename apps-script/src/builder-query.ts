/**
 * The query builder's model, derived from the endpoint table and the Sheets
 * function table: which reports exist (endpoint and dataset, in words), their
 * controls (the form model the explorer uses too, shared/forms/form-model.ts),
 * the validation (the core's own, so the sidebar shows the messages the
 * functions give) and the matching =AIVIS_*(…) formula. Pure: the sidebar
 * bundles it as well as the server.
 */
import { ENDPOINTS, type EndpointName, needsProject } from '../../shared/api/endpoints.js';
import { type ParamRule, readParam } from '../../shared/api/param-rules.js';
import {
  type CheckedParams,
  type ValidationErrors,
  validateParams,
} from '../../shared/api/validate.js';
import { controlOf, endpointControls, type FormControl } from '../../shared/forms/form-model.js';
import { CONNECTION_OPTION, connectionRule, MAX_ROWS_OPTION, maxRowsRule } from './config.js';
import { CUSTOM_FUNCTION_NAMES, CUSTOM_FUNCTIONS, type CustomFunctionName } from './functions.js';

/** What the builder sends to the server: raw control values, as typed. */
export interface BuilderQuery {
  /** A report id from builderReports(), e.g. "competitors:history". */
  report: string;
  project?: string | number | null;
  /** API parameters by key; '' or false means "not given" (the API default). */
  params: Record<string, string | boolean>;
  maxRows?: string | number;
  connection?: string;
  sheetName?: string;
  /** Set when editing a saved import: it is replaced, not added. */
  importId?: string;
}

export interface ReportChoice {
  id: string;
  endpoint: EndpointName;
  /** The dataset this report fixes, when the endpoint has several. */
  dataset?: string;
  functionName: CustomFunctionName;
  /** In words: "Competitors: history". */
  label: string;
  needsProject: boolean;
  controls: FormControl[];
}

const DATASET = 'dataset';

const words = (text: string) => text.replaceAll('_', ' ').replaceAll('-', ' ');
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Every report the builder offers: one per function, or one per dataset where the endpoint has several. */
export function builderReports(): ReportChoice[] {
  return CUSTOM_FUNCTION_NAMES.flatMap((functionName): ReportChoice[] => {
    const { endpoint } = CUSTOM_FUNCTIONS[functionName];
    const rules = ENDPOINTS[endpoint].params as Record<string, ParamRule>;
    const datasetRule = Object.hasOwn(rules, DATASET) ? rules[DATASET] : undefined;
    // The report fixes the dataset, so it is no control of its own.
    const controls = endpointControls(endpoint, [DATASET]);
    if (ENDPOINTS[endpoint].rows({}) !== undefined || datasetRule) {
      controls.push(controlOf(MAX_ROWS_OPTION, maxRowsRule));
    }
    const name = capitalized(words(endpoint));
    const common = { endpoint, functionName, needsProject: needsProject(endpoint), controls };
    if (datasetRule?.kind !== 'enum') return [{ id: endpoint, label: name, ...common }];
    return datasetRule.values.map((dataset) => ({
      id: `${endpoint}:${dataset}`,
      dataset,
      label: `${name}: ${words(dataset)}`,
      ...common,
    }));
  });
}

export function findReport(id: string): ReportChoice | undefined {
  return builderReports().find((each) => each.id === id);
}

const isGiven = (value: unknown) =>
  value !== undefined && value !== null && value !== '' && value !== false;

/** The raw input the core validates: the report's dataset and every given parameter. */
export function queryInput(query: BuilderQuery): Record<string, unknown> {
  const report = findReport(query.report);
  const input: Record<string, unknown> = {};
  if (report?.needsProject) input.project = query.project;
  if (report?.dataset) input[DATASET] = report.dataset;
  for (const [key, value] of Object.entries(query.params ?? {})) {
    if (key === DATASET || key === MAX_ROWS_OPTION || !isGiven(value)) continue;
    Object.defineProperty(input, key, { value, enumerable: true, writable: true });
  }
  return input;
}

/** A query read: its report and the checked API parameters, or the complaints by field. */
export type QueryReading =
  | { ok: true; report: ReportChoice; params: CheckedParams }
  | { ok: false; errors: ValidationErrors };

/**
 * Reads a query with the core's rules, worded exactly as the functions word
 * them. The checked parameters go on to the request as they are, so the
 * server side does not check what the sidebar's query already passed.
 */
export function readQuery(query: BuilderQuery): QueryReading {
  const report = findReport(query.report);
  if (!report) return { ok: false, errors: { report: ['must be one of the reports in the list'] } };
  const errors: ValidationErrors = {};
  const result = validateParams(report.endpoint, queryInput(query), { unknownParams: 'reject' });
  if (!result.ok) Object.assign(errors, result.errors);
  for (const [key, rule, value] of [
    [MAX_ROWS_OPTION, maxRowsRule, query.maxRows],
    [CONNECTION_OPTION, connectionRule, query.connection],
  ] as const) {
    if (!isGiven(value)) continue;
    const read = readParam(rule, value);
    if (!read.ok) errors[key] = [read.message];
  }
  return result.ok && Object.keys(errors).length === 0
    ? { ok: true, report, params: result.params }
    : { ok: false, errors };
}

/** The complaints for a query, by field (readQuery's). Empty when the query may be sent. */
export function checkQuery(query: BuilderQuery): ValidationErrors {
  const reading = readQuery(query);
  return reading.ok ? {} : reading.errors;
}

const quoted = (value: string) => `"${value.replaceAll('"', '""')}"`;
const text = (value: unknown) => (Array.isArray(value) ? value.join(',') : String(value));

/** The =AIVIS_*(…) formula that returns what the query asks for, options included. */
export function formulaFor(query: BuilderQuery): string {
  const report = findReport(query.report);
  if (!report) throw new Error(`Unknown report ${query.report.slice(0, 40)}`);
  const definition = CUSTOM_FUNCTIONS[report.functionName];
  const input = queryInput(query);
  const args: string[] = [];
  if (report.needsProject) args.push(String(Number(input.project)));
  const taken = new Set<string>();
  for (const { param } of definition.positional) {
    taken.add(param);
    args.push(isGiven(input[param]) ? quoted(text(input[param])) : '""');
  }
  const options = Object.keys(input)
    .filter((key) => key !== 'project' && !taken.has(key))
    .map((key) => `${key}=${text(input[key])}`);
  if (isGiven(query.maxRows)) options.push(`${MAX_ROWS_OPTION}=${String(query.maxRows)}`);
  if (isGiven(query.connection)) options.push(`${CONNECTION_OPTION}=${String(query.connection)}`);
  args.push(options.length ? quoted(options.join('; ')) : '""');
  while (args.at(-1) === '""') args.pop();
  return `=${report.functionName}(${args.join(', ')})`;
}

/** A saved import's request as a builder query, so Edit reopens the builder filled in. */
export function queryOfImport(record: {
  endpoint: EndpointName;
  params: Record<string, unknown>;
  maxRows: number;
  connection?: string;
  sheetName: string;
  id: string;
}): BuilderQuery {
  const { project, ...rest } = record.params;
  const dataset = typeof rest[DATASET] === 'string' ? (rest[DATASET] as string) : undefined;
  const reports = builderReports().filter((each) => each.endpoint === record.endpoint);
  const report = reports.find((each) => each.dataset === dataset) ?? reports[0];
  const params: Record<string, string | boolean> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (key === DATASET && report?.dataset) continue;
    params[key] = typeof value === 'boolean' ? value : text(value);
  }
  return {
    report: report?.id ?? record.endpoint,
    project: project === undefined ? null : (project as string | number),
    params,
    maxRows: record.maxRows,
    ...(record.connection ? { connection: record.connection } : {}),
    sheetName: record.sheetName,
    importId: record.id,
  };
}
