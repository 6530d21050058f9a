/**
 * The connector's reports, derived from the endpoint table: one per endpoint,
 * or one per dataset where a parameter picks among response schemas
 * (`competitors:ranking`, `search-performance:top_queries`) and one per block
 * of the project summary (`summary:ai_visibility`). A new dataset in shared/
 * is a new report here without an edit.
 */
import * as z from 'zod/mini';
import {
  ENDPOINT_NAMES,
  ENDPOINTS,
  type EndpointName,
  type Query,
} from '../../shared/api/endpoints.js';
import type { ParamRule } from '../../shared/api/param-rules.js';
import { RESPONSES, responseSchema } from '../../shared/api/responses.js';
import { validateParams, withDefaults } from '../../shared/api/validate.js';
import { rowShapeOf } from '../../shared/table/normalize.js';
import { summaryBlockLabel } from '../../shared/table/notes.js';
import { type Shape, shapeOf } from '../../shared/table/shape.js';

/** How a report's rows come out of a body. */
export type RowSource =
  /** The endpoint's row list (ENDPOINTS[name].rows), every page of it. */
  | { kind: 'rows' }
  /** One block of the body as one row (a summary block). */
  | { kind: 'block'; key: string }
  /** The whole body as one row (the `summary` datasets of connected sources). */
  | { kind: 'body' };

export interface Report {
  /** `<endpoint>` or `<endpoint>:<dataset>`: the value of the `report` config parameter. */
  value: string;
  endpoint: EndpointName;
  /** The parameter and value that pick this report's body, e.g. dataset=top_queries. */
  selector?: { param: string; value: string };
  rows: RowSource;
  label: string;
  description: string;
}

/** The config parameters a report may take besides project and report (data-api 4.3 to 4.7). */
export const OPTIONAL_CONFIG_PARAMS = ['source', 'platform'] as const;

/** A valid project id for asking the endpoint table which parameters a report takes. */
const ANY_PROJECT = 1;

const words = (name: string) => {
  const text = name.replaceAll(/[-_]/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

function selectorsOf(name: EndpointName): Array<{ param: string; value: string }> {
  const side = RESPONSES[name];
  if ('by' in side) return Object.keys(side.schemas).map((value) => ({ param: side.by, value }));
  // The summary's blocks (data-api 4.2 `include`): each block is a report of its own.
  const include = (ENDPOINTS[name].params as Record<string, ParamRule>).include;
  if (include?.kind === 'list') return include.values.map((value) => ({ param: 'include', value }));
  return [];
}

function make(name: EndpointName, selector?: { param: string; value: string }): Report {
  const query: Query = selector ? { [selector.param]: selector.value } : {};
  const location = ENDPOINTS[name].rows(withDefaults(name, query));
  const rows: RowSource = location
    ? { kind: 'rows' }
    : selector?.param === 'include'
      ? { kind: 'block', key: selector.value }
      : { kind: 'body' };
  const schema = responseSchema(name, query);
  const schemaDescription = schema ? describeSchema(schema) : undefined;
  const summary = ENDPOINTS[name].summary;
  return {
    value: selector ? `${name}:${selector.value}` : name,
    endpoint: name,
    ...(selector ? { selector } : {}),
    rows,
    // The summary's search and AI-traffic blocks are 30-day totals whatever the period (data-api 2.2).
    label: selector
      ? `${words(name)}: ${words(name === 'summary' ? summaryBlockLabel(selector.value) : selector.value).toLowerCase()}`
      : words(name),
    description:
      selector && schemaDescription && schemaDescription !== summary
        ? `${summary}. ${schemaDescription}`
        : `${summary}${selector ? ` (${selector.param}=${selector.value})` : ''}`,
  };
}

function describeSchema(schema: z.ZodMiniType): string | undefined {
  const text = z.globalRegistry.get(schema)?.description;
  // Descriptions that only name the route say nothing a label does not.
  return text && !text.startsWith('GET ') ? text.replace(/\.$/, '') : undefined;
}

export const REPORTS: readonly Report[] = ENDPOINT_NAMES.flatMap((name) => {
  const selectors = selectorsOf(name);
  return selectors.length ? selectors.map((selector) => make(name, selector)) : [make(name)];
});

export function findReport(value: unknown): Report | undefined {
  return REPORTS.find((report) => report.value === value);
}

/** The query that picks the report, before config and date range add theirs. */
export function reportQuery(report: Report): Query {
  return report.selector ? { [report.selector.param]: report.selector.value } : {};
}

/** The shape of one row of the report: what its fields are derived from. */
export function rowShape(report: Report): Shape | undefined {
  const query = reportQuery(report);
  if (report.rows.kind === 'rows') return rowShapeOf(report.endpoint, query);
  const schema = responseSchema(report.endpoint, query);
  const body = schema ? shapeOf(schema) : undefined;
  if (report.rows.kind === 'body') return body;
  return body?.kind === 'object' ? body.fields.get(report.rows.key) : undefined;
}

export interface ConfigParam {
  id: string;
  rule: ParamRule;
  required: boolean;
}

/**
 * The parameters a report's config shows besides project and report: source
 * and platform where the endpoint table accepts them for this dataset, and any
 * parameter its rules require (competitor for competitors:detail).
 */
export function configParams(report: Report): ConfigParam[] {
  const rules = ENDPOINTS[report.endpoint].params as Record<string, ParamRule>;
  const base = { project: ANY_PROJECT, ...reportQuery(report) };
  const params: ConfigParam[] = [];
  for (const id of OPTIONAL_CONFIG_PARAMS) {
    const rule = rules[id];
    if (rule?.kind !== 'enum' || rule.values[0] === undefined) continue;
    const checked = validateParams(report.endpoint, { ...base, [id]: rule.values[0] });
    if (checked.ok || !checked.errors[id]) params.push({ id, rule, required: false });
  }
  const bare = validateParams(report.endpoint, base);
  if (!bare.ok) {
    for (const id of Object.keys(bare.errors)) {
      const rule = rules[id];
      if (rule && !params.some((param) => param.id === id))
        params.push({ id, rule, required: true });
    }
  }
  return params;
}
