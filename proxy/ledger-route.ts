/**
 * `GET /ledger/v1/projects/{id}/series?metric=…&from=…&to=…`: a daily series
 * out of the ledger, for front ends that show months before the API's window
 * (docs/ledger.md, "Series through the proxy"). It passes the same edge
 * checks as the API routes (host, CORS, Fetch Metadata) and the same
 * ALLOWED_PROJECTS rule, never reaches upstream, and is answered only when
 * the proxy was given a ledger.
 */

import { SERIES_METRICS, type SeriesMetric } from '../ledger/series-metrics.js';
import { MAX_SERIES_DAYS, seriesDayError } from '../shared/api/ledger-series.js';
import type { ValidationErrors } from '../shared/api/validate.js';
import { JSON_TYPE } from './responses.js';

export const LEDGER_PREFIX = '/ledger/v1';
const SERIES_PATH = /^\/ledger\/v1\/projects\/(\d{1,9})\/series$/;

export interface LedgerSeriesReader {
  series(
    projectId: number,
    metric: SeriesMetric,
    from: string,
    to: string,
  ): Promise<Array<{ day: string; value: number | null }>>;
}

export type LedgerRoute =
  | { kind: 'ledger_series'; project: number; metric: SeriesMetric; from: string; to: string }
  | { kind: 'invalid'; errors: ValidationErrors }
  | { kind: 'not_found'; message: string };

export function resolveLedgerRoute(
  path: string,
  query: URLSearchParams,
  allowedProjects: readonly number[] | undefined,
): LedgerRoute {
  const match = SERIES_PATH.exec(path);
  if (!match)
    return {
      kind: 'not_found',
      message: `No such endpoint. The ledger serves GET ${LEDGER_PREFIX}/projects/{project}/series.`,
    };
  const project = Number(match[1]);
  if (allowedProjects !== undefined && !allowedProjects.includes(project))
    return { kind: 'not_found', message: `Project ${project} was not found.` };
  const errors: ValidationErrors = {};
  const one = (name: string) => {
    const values = query.getAll(name);
    if (values.length > 1) errors[name] = [`${name} may be given once`];
    return values[0];
  };
  const metric = one('metric') ?? 'score';
  const from = one('from');
  const to = one('to');
  if (!(SERIES_METRICS as readonly string[]).includes(metric))
    errors.metric = [`metric must be one of ${SERIES_METRICS.join(', ')}`];
  for (const [name, value] of [
    ['from', from],
    ['to', to],
  ] as const) {
    const refusal = seriesDayError(name, value);
    if (refusal) errors[name] = [refusal];
  }
  if (!errors.from && !errors.to) {
    const days = (Date.parse(to!) - Date.parse(from!)) / 86_400_000;
    if (days < 0) errors.to = ['to must not be before from'];
    else if (days >= MAX_SERIES_DAYS)
      errors.to = [`from and to may span at most ${MAX_SERIES_DAYS} days`];
  }
  for (const name of query.keys())
    if (!['metric', 'from', 'to'].includes(name)) errors[name.slice(0, 40)] = ['unknown parameter'];
  if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };
  return { kind: 'ledger_series', project, metric: metric as SeriesMetric, from: from!, to: to! };
}

/** The series as JSON; points are the ledger's complete days only. */
export async function answerLedgerSeries(
  route: Extract<LedgerRoute, { kind: 'ledger_series' }>,
  reader: LedgerSeriesReader,
): Promise<Response> {
  const points = await reader.series(route.project, route.metric, route.from, route.to);
  return new Response(
    JSON.stringify({
      project_id: route.project,
      metric: route.metric,
      from: route.from,
      to: route.to,
      source: 'ledger',
      points,
    }),
    { status: 200, headers: { 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-store' } },
  );
}
