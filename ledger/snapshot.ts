/**
 * One day's answers of every project into the ledger (docs/ledger.md,
 * "Snapshot"). The day is the service's (`period.end` of the project's
 * report), never this machine's. Each body is kept as it arrives; a day is
 * completed in one transaction once all its bodies are in, so a killed run
 * is finished by the next without a duplicate. Requests go through a pacer
 * fed by the rate headers (data-api 8), and a 429 waits its Retry-After and
 * asks again (data-api 7), so the day is not lost.
 */
import { fetchExchange } from '../shared/client/fetch-exchange.js';
import { hasNextPage } from '../shared/client/paging.js';
import { redactSecretInJson } from '../shared/http/redaction.js';
import { reconcileBody } from '../shared/http/zod-check.js';
import { deriveDay } from './derive.js';
import { object } from './read-bodies.js';
import { dayRequests, requestPath } from './requests.js';
import type { LedgerStore, StoredBody } from './store.js';

/** data-api 8: at most 100 rows a page. */
const PAGE_SIZE = 100;
/** Answers of the last week are read again each day: judgments arrive late and change. */
export const REREAD_DAYS = 7;
/** Pages of answers read a day at most: a project's day is bounded whatever `total` says. */
const MAX_ANSWER_PAGES = 200;
/** Pages of any other list a day: data-api 8 caps them at 1,000 rows (question-shaped queries). */
const MAX_LIST_PAGES = 12;
const MAX_ATTEMPTS = 8;
/** Projects a run takes at most from the list: a hostile list cannot keep it going forever. */
const MAX_PROJECTS = 1_000;
const API = '/api/v1';

export interface LedgerPacer {
  acquire(): Promise<{ ok: true } | { ok: false; retryAfterMs: number }>;
  observe(limitHeader: string | null, remainingHeader: string | null): void;
  blockFor(ms: number): void;
}

export interface Exchange {
  status: number;
  header(name: string): string | null;
  text: string;
}

export interface SnapshotOptions {
  baseUrl: string;
  token: string;
  store: LedgerStore;
  /** Sends one GET with the token; never logs it. */
  send: (url: string, token: string) => Promise<Exchange>;
  pacer: LedgerPacer;
  sleep: (ms: number) => Promise<void>;
  /** Machine time, only for `received_at` and `completed_at`. */
  now: () => Date;
  projects?: readonly number[];
  /** Stops after this many requests (a test's kill half-way). */
  maxRequests?: number;
  onProgress?: (line: string) => void;
}

export type ProjectOutcome = 'complete' | 'already' | 'partial' | 'failed';

export interface SnapshotReport {
  exitCode: 0 | 1 | 2;
  reason?: string;
  requests: number;
  projects: Array<{ id: number; day: string | null; outcome: ProjectOutcome; message?: string }>;
}

export class SnapshotStop extends Error {}

/** Per request: an unreachable service must not hang the snapshot. */
const TIMEOUT_MS = 30_000;

/** One GET over the platform's fetch, the token in the Authorization header only. */
export async function fetchSend(url: string, token: string): Promise<Exchange> {
  const answer = await fetchExchange(
    {
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    },
    { signal: AbortSignal.timeout(TIMEOUT_MS) },
  );
  return {
    status: answer.status,
    header: (name) => answer.headers[name] ?? null,
    text: answer.body,
  };
}

const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export interface ProjectListing {
  id: number;
  lastDay: string | null;
  answersPerDay: number;
}

/**
 * The requests a project's day costs, before any list's total is known: the
 * report, a first page of every body ledger/requests.ts derives, and the
 * answers of a week (more pages of a long list come on top).
 */
export const estimatedRequests = (project: ProjectListing) =>
  1 +
  dayRequests(project.id).length +
  Math.max(1, Math.ceil((project.answersPerDay * REREAD_DAYS) / PAGE_SIZE));

export function createFetcher(options: SnapshotOptions) {
  let requests = 0;
  async function get(path: string): Promise<Exchange> {
    for (let attempt = 1; ; attempt++) {
      if (options.maxRequests !== undefined && requests >= options.maxRequests)
        throw new SnapshotStop(`stopped after ${requests} requests`);
      if (attempt > MAX_ATTEMPTS * 4) throw new Error(`no request slot for GET ${path}`);
      const slot = await options.pacer.acquire();
      if (!slot.ok) {
        await options.sleep(slot.retryAfterMs);
        continue;
      }
      requests++;
      const exchange = await options.send(`${options.baseUrl}${API}${path}`, options.token);
      options.pacer.observe(
        exchange.header('x-ratelimit-limit'),
        exchange.header('x-ratelimit-remaining'),
      );
      if (exchange.status === 429 || exchange.status >= 500) {
        if (attempt >= MAX_ATTEMPTS) return exchange;
        const seconds = Number(exchange.header('retry-after'));
        const waitMs =
          Number.isFinite(seconds) && seconds > 0
            ? Math.min(seconds, 600) * 1000
            : 2 ** attempt * 1000;
        options.pacer.blockFor(waitMs);
        continue;
      }
      // No form of the token is kept (proxy/scrub.ts does the same for what it serves).
      return { ...exchange, text: redactSecretInJson(exchange.text, options.token) };
    }
  }
  return { get, spent: () => requests };
}

export async function listProjects(
  get: (path: string) => Promise<Exchange>,
): Promise<ProjectListing[]> {
  const exchange = await get('/projects');
  if (exchange.status !== 200) throw new Error(`GET /projects answered ${exchange.status}`);
  // Read through the alias table like every body (ledger/read-bodies.ts): its fields are assumed.
  const body = object(reconcileBody('projects', {}, JSON.parse(exchange.text)).value);
  if (!Array.isArray(body.projects)) throw new Error('GET /projects has no projects list');
  return body.projects.slice(0, MAX_PROJECTS).flatMap((item: unknown) => {
    const project = object(item);
    if (!Number.isSafeInteger(project.id)) return [];
    const last =
      typeof project.last_checked_at === 'string' ? project.last_checked_at.slice(0, 10) : null;
    const questions = Number(object(project.data_availability).questions) || 1;
    const platforms = Array.isArray(project.selected_ai_models)
      ? project.selected_ai_models.length
      : 1;
    return [{ id: project.id as number, lastDay: last, answersPerDay: questions * platforms }];
  });
}

function storedBody(path: string, exchange: Exchange, receivedAt: string): StoredBody {
  let period: Record<string, unknown> = {};
  let fetchedAt: string | null = null;
  let isStale: boolean | null = null;
  try {
    const body = JSON.parse(exchange.text) as Record<string, unknown>;
    period = (body.period as Record<string, unknown>) ?? {};
    fetchedAt = typeof body.fetched_at === 'string' ? body.fetched_at : null;
    isStale = typeof body.is_stale === 'boolean' ? body.is_stale : null;
  } catch {}
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const day = (value: unknown) =>
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
  return {
    request: path,
    status: exchange.status,
    fetched_at: fetchedAt ?? text(period.latest_check_at),
    is_stale: isStale,
    period_used: text(period.used),
    period_start: day(period.start),
    period_end: day(period.end),
    received_at: receivedAt,
    text: exchange.text,
  };
}

/** One project's day: the bodies not yet stored, then the typed rows in one transaction. */
async function snapshotProject(
  options: SnapshotOptions,
  get: (path: string) => Promise<Exchange>,
  project: ProjectListing,
): Promise<SnapshotReport['projects'][number]> {
  const { store } = options;
  const base = `/projects/${project.id}`;
  if (project.lastDay && (await store.dayStatus(project.id, project.lastDay)) === 'complete')
    return { id: project.id, day: project.lastDay, outcome: 'already' };
  const detail = await get(base);
  if (detail.status !== 200)
    return {
      id: project.id,
      day: null,
      outcome: 'failed',
      message: `GET ${base} answered ${detail.status}`,
    };
  const first = storedBody(base, detail, options.now().toISOString());
  const day = first.period_end ?? project.lastDay;
  if (!day)
    return { id: project.id, day: null, outcome: 'failed', message: 'the service named no day' };
  if ((await store.dayStatus(project.id, day)) === 'complete')
    return { id: project.id, day, outcome: 'already' };
  await store.beginDay(project.id, day);
  const stored = await store.storedRequests(project.id, day);
  const keep = async (path: string, exchange?: Exchange) => {
    if (stored.has(path)) return;
    const answer = exchange ?? (await get(path));
    if (answer.status === 429 || answer.status >= 500)
      throw new Error(`GET ${path} answered ${answer.status}`);
    await store.putBody(project.id, day, storedBody(path, answer, options.now().toISOString()));
    stored.add(path);
  };
  await keep(base, detail);
  /** The page's `pagination`, read from the stored body (a resumed day reads what it kept). */
  const paginationOf = async (path: string) => {
    const body = (await store.bodies(project.id, day)).find((entry) => entry.request === path);
    try {
      const { pagination } = JSON.parse(body?.text ?? '{}') as { pagination?: unknown };
      return pagination !== null && typeof pagination === 'object'
        ? (pagination as Record<string, unknown>)
        : undefined;
    } catch {
      return undefined;
    }
  };
  for (const request of dayRequests(project.id)) {
    const size = Number(request.query.limit);
    for (let page = 0, offset = 0; page < MAX_LIST_PAGES; page++) {
      const path =
        page === 0 ? request.path : requestPath(request.name, { ...request.query, offset });
      await keep(path);
      const pagination = request.paged ? await paginationOf(path) : undefined;
      // shared/client/paging.ts: a page with fewer rows than asked is the last, whatever has_more says.
      if (!pagination || !hasNextPage(pagination as never, size)) break;
      offset += size;
    }
  }
  const answers = (offset: number) =>
    `${base}/answers?since=${shiftDay(day, 1 - REREAD_DAYS)}&until=${day}&limit=${PAGE_SIZE}&offset=${offset}`;
  let total = PAGE_SIZE;
  for (let page = 0; page * PAGE_SIZE < total && page < MAX_ANSWER_PAGES; page++) {
    const path = answers(page * PAGE_SIZE);
    await keep(path);
    const pagination = await paginationOf(path);
    total = Number.isSafeInteger(pagination?.total) ? (pagination!.total as number) : 0;
  }
  const derived = deriveDay(await store.bodies(project.id, day));
  await store.completeDay(project.id, day, derived, options.now().toISOString());
  return { id: project.id, day, outcome: 'complete' };
}

export async function runSnapshot(options: SnapshotOptions): Promise<SnapshotReport> {
  const fetcher = createFetcher(options);
  let listed: ProjectListing[];
  try {
    listed = await listProjects(fetcher.get);
  } catch (error) {
    return {
      exitCode: 2,
      reason: (error as Error).message,
      requests: fetcher.spent(),
      projects: [],
    };
  }
  const wanted = options.projects;
  const projects = wanted ? listed.filter((project) => wanted.includes(project.id)) : listed;
  const missing = (wanted ?? []).filter((id) => !listed.some((project) => project.id === id));
  const report: SnapshotReport = { exitCode: 0, requests: 0, projects: [] };
  for (const id of missing)
    report.projects.push({
      id,
      day: null,
      outcome: 'failed',
      message: 'this token does not read it',
    });
  for (const [index, project] of projects.entries()) {
    let outcome: SnapshotReport['projects'][number];
    try {
      outcome = await snapshotProject(options, fetcher.get, project);
    } catch (error) {
      outcome = {
        id: project.id,
        day: project.lastDay,
        outcome: 'partial',
        message: (error as Error).message.replaceAll(options.token, '[token]'),
      };
      report.projects.push(outcome);
      if (error instanceof SnapshotStop) break;
      continue;
    }
    report.projects.push(outcome);
    options.onProgress?.(
      `[${index + 1}/${projects.length}] project ${project.id} ${outcome.day ?? ''}: ${outcome.outcome}`,
    );
  }
  report.requests = fetcher.spent();
  const bad = report.projects.filter((p) => p.outcome === 'partial' || p.outcome === 'failed');
  report.exitCode =
    bad.length === 0
      ? 0
      : bad.length === report.projects.length &&
          report.projects.length > 0 &&
          report.projects.every((p) => p.outcome === 'failed')
        ? 2
        : 1;
  return report;
}

export function formatSnapshotReport(report: SnapshotReport): string {
  if (report.reason) return `snapshot could not run: ${report.reason}\n`;
  const count = (outcome: ProjectOutcome) =>
    report.projects.filter((p) => p.outcome === outcome).length;
  const lines = report.projects
    .filter((p) => p.message)
    .map((p) => `  project ${p.id}: ${p.outcome}: ${p.message}\n`);
  return `${lines.join('')}snapshot: ${count('complete')} written, ${count('already')} already in the ledger, ${count('partial')} partly, ${count('failed')} failed; ${report.requests} requests\n`;
}
