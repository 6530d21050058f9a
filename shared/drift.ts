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
import { AnswerTooLarge, tooLargeWords } from './client/bounded-exchange.js';
import type { HttpRequest, HttpResponse } from './client/types.js';
import { cannotRun, type DriftReport, type EndpointReport, finishReport } from './drift-report.js';
import { formatJsonPath } from './http/body-check.js';
import { createReconcile, type Difference, type ExtraKeys } from './http/reconcile.js';
import { redactSecretInJson } from './http/redaction.js';
import { buildRequest, type Credentials } from './http/request.js';
import { createShapeTest, responseShape } from './http/shape-check.js';
import { compileShapes } from './schemas/compile-shapes.js';
import { cutCodePoints, isWellFormed } from './visible-text.js';

export {
  cannotRun,
  type DriftReport,
  driftLine,
  driftReportView,
  type EndpointReport,
  formatDriftReport,
} from './drift-report.js';

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

/**
 * The most one answer of the check may hold: data-api 8 puts answers at 16
 * to 40 KB, so anything past this is not the Data API and is not read on
 * (the shells' readers stop there; the proxy caps its reads the same way).
 */
export const MAX_CHECK_ANSWER_BYTES = 4 * 1024 * 1024;

/** Characters of a competitor's name the detail probe sends (a name fragment, data-api 4.5). */
const COMPETITOR_FRAGMENT = 40;

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

/** The body as JSON, scrubbed of the token's echoes first (so a JSON escape cannot hide one from the report). */
function parse(
  response: HttpResponse,
  secret: string | undefined,
): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(redactSecretInJson(response.body, secret)) };
  } catch {
    return { ok: false };
  }
}

/** Seconds a 429 asked to wait (Retry-After in seconds), when it said. */
function retryAfter(response: HttpResponse): { retryAfterSeconds?: number } {
  const seconds = Number(response.headers['retry-after']);
  return Number.isFinite(seconds) && seconds >= 0 && seconds <= 86_400
    ? { retryAfterSeconds: Math.ceil(seconds) }
    : {};
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What one step of the check asks its shell: send this request, give back the answer (or throw). */
type DriftSteps = Generator<HttpRequest, DriftReport, HttpResponse>;

/**
 * The check as steps: it yields each request and is resumed with the answer
 * (or thrown into when nothing came back), one request at a time, at most
 * DRIFT_REQUESTS of them. The two runners below drive it: the async one for
 * fetch (the CLI, the explorer), the sync one for UrlFetchApp (Sheets). The
 * token is sent only in the request headers; what the service sends back,
 * echoes of the token included, is scrubbed by finishReport (drift-report.ts).
 * One odd answer or value is a line of the report, never the end of the check.
 */
function* driftSteps(credentials: Credentials): DriftSteps {
  const secret = credentials.token;
  const request = (name: EndpointName, input: Record<string, unknown>) => {
    const validated = validateParams(name, input, { unknownParams: 'reject' });
    if (!validated.ok) throw new Error(`drift probe ${name} is invalid`);
    const { params } = validated;
    return { params, http: buildRequest(credentials, name, params) };
  };
  const fail = (reason: string) => cannotRun(reason, secret);

  let list: HttpResponse;
  const first = request('projects', {});
  try {
    list = yield first.http;
  } catch (error) {
    return fail(
      error instanceof AnswerTooLarge
        ? `GET /projects: ${error.message}; this does not look like the Data API.`
        : `The service could not be reached: ${messageOf(error)}`,
    );
  }
  if (list.status === 401 || list.status === 403)
    return fail(`The token was refused (HTTP ${list.status}). Set AIVIS_TOKEN to a valid token.`);
  if (list.status === 429) {
    const { retryAfterSeconds } = retryAfter(list);
    return fail(
      `The service is rate limiting this token (HTTP 429 on GET /projects): ${retryAfterSeconds !== undefined ? `wait ${retryAfterSeconds} s` : 'wait a minute'} and run the check again.`,
    );
  }
  const projects = parse(list, secret);
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
    let step: ReturnType<typeof request>;
    try {
      step = request(probe.name, input);
    } catch (error) {
      endpoints.push({
        request: `/${probe.name} ${JSON.stringify(input)}`,
        status: 0,
        differences: [],
        problem: `not sent: ${messageOf(error)}`,
      });
      continue;
    }
    const { params, http } = step;
    const at = pathOf(http);
    let response: HttpResponse;
    try {
      response = yield http;
    } catch (error) {
      endpoints.push({
        request: at,
        status: 0,
        differences: [],
        problem:
          error instanceof AnswerTooLarge ? messageOf(error) : `no answer: ${messageOf(error)}`,
      });
      continue;
    }
    try {
      endpoints.push(readAnswer(probe.name, params, at, response, secret));
      if (probe.name === 'competitors' && probe.input.dataset === 'ranking')
        competitor = firstCompetitor(response, secret) ?? competitor;
    } catch (error) {
      endpoints.push({
        request: at,
        status: response.status,
        differences: [],
        problem: `could not be checked: ${messageOf(error)}`,
      });
    }
  }
  return finishReport({ project: id, endpoints }, secret);
}

/** One answer's line of the report. */
function readAnswer(
  name: EndpointName,
  params: Query,
  request: string,
  response: HttpResponse,
  secret: string | undefined,
): EndpointReport {
  const line = { request, status: response.status, differences: [] };
  if (response.body.length > MAX_CHECK_ANSWER_BYTES)
    return { ...line, problem: tooLargeWords(MAX_CHECK_ANSWER_BYTES) };
  if (response.status === 429)
    return {
      ...line,
      problem: 'rate limited (HTTP 429): the Data API asks to wait before the next request',
      rateLimited: retryAfter(response),
    };
  const body = parse(response, secret);
  if (!body.ok) return { ...line, problem: 'the answer was not JSON' };
  if (response.status !== 200) {
    const error = (body.value as { error?: { code?: unknown; message?: unknown } })?.error;
    const words = (value: unknown) =>
      typeof value === 'string' || typeof value === 'number'
        ? cutCodePoints(String(value), 500)
        : '';
    return {
      ...line,
      problem: `HTTP ${response.status} ${words(error?.code)}: ${words(error?.message)}`.trim(),
    };
  }
  return { ...line, differences: compareBody(name, params, body.value) };
}

/** The ranking's first name, cut on a character boundary, as the detail probe's fragment. */
function firstCompetitor(response: HttpResponse, secret: string | undefined): string | undefined {
  const body = parse(response, secret);
  if (!body.ok) return undefined;
  const name = (body.value as { competitors?: Array<{ name?: unknown }> })?.competitors?.[0]?.name;
  if (typeof name !== 'string' || !isWellFormed(name)) return undefined;
  const fragment = cutCodePoints(name.trim(), COMPETITOR_FRAGMENT).trim();
  return fragment || undefined;
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
