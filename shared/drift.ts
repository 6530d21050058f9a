/**
 * The drift check (docs/service-drift.md): each endpoint and dataset read
 * once with small limits, and every difference between what came back and
 * what the client expects, by JSON path, in plain words. Pure: the shells
 * (the `aivis check` command, the explorer, the Sheets Settings page) send
 * the requests through `send` and print the report.
 */
import { namesOf } from './aliases.js';
import type { EndpointName, Query } from './api/endpoints.js';
import { validateParams } from './api/validate.js';
import { AI_TRAFFIC_DATASETS, API_PREFIX, SEARCH_DATASETS } from './api/vocabulary.js';
import type { HttpRequest, HttpResponse } from './client/types.js';
import { formatJsonPath } from './http/body-check.js';
import { describeDifference } from './http/describe-difference.js';
import { createReconcile, type Difference, type ExtraKeys } from './http/reconcile.js';
import { buildRequest, type Credentials } from './http/request.js';
import { createShapeTest, responseShape } from './http/shape-check.js';
import { compileShapes } from './schemas/compile-shapes.js';

/** Search datasets that take no limit. */
const SERIES: readonly string[] = ['summary', 'daily', 'history'];

/** One request of the check: small limits, so the whole run stays far inside 60 requests a minute. */
export interface DriftProbe {
  name: EndpointName;
  input: Record<string, unknown>;
}

/** The requests after /projects, for one project (and a brand fragment for the competitor detail). */
export function driftProbes(project: number, competitor: string): DriftProbe[] {
  return [
    { name: 'summary', input: { project } },
    { name: 'answers', input: { project, limit: 5 } },
    ...SEARCH_DATASETS.map((dataset) => ({
      name: 'search-performance' as const,
      input: { project, dataset, ...(SERIES.includes(dataset) ? {} : { limit: 5 }) },
    })),
    { name: 'competitors', input: { project, dataset: 'ranking', limit: 5 } },
    { name: 'competitors', input: { project, dataset: 'detail', competitor } },
    { name: 'competitors', input: { project, dataset: 'history', limit: 3 } },
    { name: 'citations', input: { project, group_by: 'url', limit: 5 } },
    { name: 'citations', input: { project, group_by: 'domain', limit: 5 } },
    ...AI_TRAFFIC_DATASETS.map((dataset) => ({
      name: 'ai-traffic' as const,
      input: { project, dataset, ...(dataset === 'landing_pages' ? { limit: 5 } : {}) },
    })),
    { name: 'action-plan', input: { project, limit: 3 } },
  ];
}

/** Every probe including /projects: the most requests one run makes. */
export const DRIFT_REQUESTS = 1 + driftProbes(1, 'a').length;

export interface EndpointReport {
  /** The request as a path with its query, e.g. /projects/1001/competitors?dataset=detail&competitor=Tr. */
  request: string;
  /** HTTP status; 0 when nothing came back. */
  status: number;
  differences: Difference[];
  /** The problem in words when the answer was no JSON or an error. */
  problem?: string;
}

export interface DriftReport {
  /** 0 nothing differs, 1 something does, 2 the check could not run. */
  exitCode: 0 | 1 | 2;
  /** Why it could not run (exit code 2). */
  reason?: string;
  project?: number;
  endpoints: EndpointReport[];
}

type Send = (request: HttpRequest) => Promise<HttpResponse>;

let compiled: ReturnType<typeof compileShapes> | undefined;

/** Keys no field names, leaving out an alias read in place of a missing field (reconcile.ts). */
const extraKeys: ExtraKeys = (fields, value) =>
  Object.keys(value).filter(
    (key) =>
      !Object.hasOwn(fields, key) &&
      !Object.keys(fields).some(
        (field) => value[field] === undefined && namesOf(field).includes(key),
      ),
  );

/** What differs in one body: tolerant reading's differences, then the named fields' failures. */
export function compareBody(name: EndpointName, query: Query, body: unknown): Difference[] {
  compiled ??= compileShapes();
  const test = createShapeTest(compiled);
  const shape = responseShape(compiled, name, query, body);
  const read = createReconcile(compiled, test, { extras: extraKeys })(shape, body);
  const differences = [...read.differences];
  const failure = shape ? test(shape, read.value, []) : undefined;
  if (failure) {
    differences.push({
      path: formatJsonPath(failure.path),
      kind: failure.detail.startsWith('expected') && failure.path.length > 0 ? 'type' : 'missing',
      expected: failure.detail,
    });
  }
  return differences;
}

/** The request's path under /api/v1 with its query (no URL class: Apps Script has none). */
const pathOf = (request: HttpRequest): string => {
  const at = request.url.indexOf(API_PREFIX);
  return at >= 0 ? request.url.slice(at + API_PREFIX.length) : request.url;
};

function parse(response: HttpResponse): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(response.body) };
  } catch {
    return { ok: false };
  }
}

/** What one step of the check asks its shell: send this request, give back the answer (or throw). */
type DriftSteps = Generator<HttpRequest, DriftReport, HttpResponse>;

/**
 * The check as steps: it yields each request and is resumed with the answer
 * (or thrown into when nothing came back), one request at a time, at most
 * DRIFT_REQUESTS of them. The two runners below drive it: the async one for
 * fetch (the CLI, the explorer), the sync one for UrlFetchApp (Sheets). A
 * token is only ever in the request headers a runner sends: no report line
 * carries it.
 */
function* driftSteps(credentials: Credentials): DriftSteps {
  const request = (name: EndpointName, input: Record<string, unknown>) => {
    const validated = validateParams(name, input, { unknownParams: 'reject' });
    if (!validated.ok) throw new Error(`drift probe ${name} is invalid`);
    const { params } = validated;
    return { params, http: buildRequest(credentials, name, params) };
  };
  const fail = (reason: string): DriftReport => ({ exitCode: 2, reason, endpoints: [] });

  let list: HttpResponse;
  const first = request('projects', {});
  try {
    list = yield first.http;
  } catch (error) {
    return fail(`The service could not be reached: ${(error as Error).message}`);
  }
  if (list.status === 401 || list.status === 403)
    return fail(`The token was refused (HTTP ${list.status}). Set AIVIS_TOKEN to a valid token.`);
  const projects = parse(list);
  const rows =
    projects.ok && projects.value && typeof projects.value === 'object'
      ? (projects.value as { projects?: unknown }).projects
      : undefined;
  const id =
    Array.isArray(rows) && rows[0] && typeof rows[0] === 'object'
      ? Number((rows[0] as { id?: unknown }).id)
      : Number.NaN;
  if (list.status !== 200 || !Number.isSafeInteger(id) || id <= 0) {
    return fail(
      list.status === 200
        ? 'GET /projects did not answer as a Data API does (no projects list with a numeric id).'
        : `GET /projects answered HTTP ${list.status}; this does not look like the Data API.`,
    );
  }

  const endpoints: EndpointReport[] = [
    {
      request: pathOf(first.http),
      status: list.status,
      differences: compareBody('projects', first.params, projects.ok ? projects.value : null),
    },
  ];
  let competitor = 'a';
  for (const probe of driftProbes(id, competitor)) {
    const input =
      probe.name === 'competitors' && probe.input.dataset === 'detail'
        ? { ...probe.input, competitor }
        : probe.input;
    const { params, http } = request(probe.name, input);
    let response: HttpResponse;
    try {
      response = yield http;
    } catch (error) {
      endpoints.push({
        request: pathOf(http),
        status: 0,
        differences: [],
        problem: `no answer: ${(error as Error).message}`,
      });
      continue;
    }
    const body = parse(response);
    if (!body.ok) {
      endpoints.push({
        request: pathOf(http),
        status: response.status,
        differences: [],
        problem: 'the answer was not JSON',
      });
      continue;
    }
    if (response.status !== 200) {
      const error = (body.value as { error?: { code?: unknown; message?: unknown } })?.error;
      endpoints.push({
        request: pathOf(http),
        status: response.status,
        differences: [],
        problem:
          `HTTP ${response.status} ${String(error?.code ?? '')}: ${String(error?.message ?? '')}`.trim(),
      });
      continue;
    }
    if (probe.name === 'competitors' && probe.input.dataset === 'ranking') {
      const name = (body.value as { competitors?: Array<{ name?: unknown }> })?.competitors?.[0]
        ?.name;
      if (typeof name === 'string' && name.trim()) competitor = name.trim().slice(0, 40);
    }
    endpoints.push({
      request: pathOf(http),
      status: response.status,
      differences: compareBody(probe.name, params, body.value),
    });
  }
  const differs = endpoints.some((item) => item.differences.length > 0 || item.problem);
  return { exitCode: differs ? 1 : 0, project: id, endpoints };
}

/** Runs the check through an async `send` (fetch). */
export async function runDriftCheck(credentials: Credentials, send: Send): Promise<DriftReport> {
  const steps = driftSteps(credentials);
  let step = steps.next();
  while (!step.done) {
    let answer: HttpResponse;
    try {
      answer = await send(step.value);
    } catch (error) {
      step = steps.throw(error);
      continue;
    }
    step = steps.next(answer);
  }
  return step.value;
}

/** Runs the check through a sync `send` (UrlFetchApp, which has no promises to wait on). */
export function runDriftCheckSync(
  credentials: Credentials,
  send: (request: HttpRequest) => HttpResponse,
): DriftReport {
  const steps = driftSteps(credentials);
  let step = steps.next();
  while (!step.done) {
    let answer: HttpResponse;
    try {
      answer = send(step.value);
    } catch (error) {
      step = steps.throw(error);
      continue;
    }
    step = steps.next(answer);
  }
  return step.value;
}

/** The report as text: per endpoint, each difference in plain words. */
export function formatDriftReport(report: DriftReport): string {
  if (report.exitCode === 2) return `The check could not run: ${report.reason}\n`;
  const lines: string[] = [
    `Checked ${report.endpoints.length} answers of project ${report.project}.`,
  ];
  for (const item of report.endpoints) {
    if (item.differences.length === 0 && !item.problem) {
      lines.push(`OK  GET ${item.request}`);
      continue;
    }
    lines.push(`DIFFERS  GET ${item.request}`);
    if (item.problem) lines.push(`  - ${item.problem}`);
    for (const difference of item.differences) lines.push(`  - ${driftLine(difference)}`);
  }
  lines.push(
    report.exitCode === 0
      ? 'Nothing differs from what this client expects.'
      : 'Some answers differ from what this client expects: send this report to the aivis maintainers (docs/service-drift.md).',
  );
  return `${lines.join('\n')}\n`;
}

/** One difference in words, named by its path. */
export function driftLine(difference: Difference): string {
  const at = difference.path || '(root)';
  switch (difference.kind) {
    case 'missing':
      return `${at}: missing${difference.names && difference.names.length > 1 ? ` (looked for ${difference.names.join(', ')})` : ''}${difference.expected ? ` (${difference.expected})` : ''}`;
    case 'type':
      return `${at}: of another type (${difference.expected ?? 'another shape'})${difference.read ? ', read all the same' : ''}`;
    case 'extra':
      return `${at}: not known to the client`;
    default:
      return describeDifference(difference);
  }
}
