/**
 * `npm run aivis -- snapshot [--base-url URL] [--ledger FILE|postgres://...]
 * [--project N]... [--json] [--dry-run]`: one day's answers of every project
 * the token reads into the ledger (docs/ledger.md). The token comes from
 * AIVIS_TOKEN and is never printed; the address from --base-url or
 * AIVIS_BASE_URL, the ledger from --ledger or AIVIS_LEDGER. Exit 0: every
 * project's day is in; 1: some are not (run it again: it resumes); 2: it could
 * not run.
 */
import { parseArgs } from 'node:util';
import { describeLocation, isPostgresUrl } from '../ledger/driver.js';
import { compactDuckDb } from '../ledger/duckdb-compact.js';
import {
  createFetcher,
  type Exchange,
  estimatedRequests,
  fetchSend,
  formatSnapshotReport,
  listProjects,
  runSnapshot,
  type SnapshotReport,
} from '../ledger/snapshot.js';
import { openLedger } from '../ledger/store.js';
import { UpstreamPacer } from '../proxy/pacer.js';
import { normalizeBaseUrl } from '../shared/http/request.js';

const USAGE =
  'Usage: npm run aivis -- snapshot [--base-url URL] [--ledger FILE|postgres://...] [--project N]... [--json] [--dry-run]\n' +
  '  token in AIVIS_TOKEN; AIVIS_BASE_URL and AIVIS_LEDGER stand in for the flags';
export interface SnapshotCliDeps {
  send?: (url: string, token: string) => Promise<Exchange>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  out?: (text: string) => void;
  err?: (text: string) => void;
  maxRequests?: number;
}

export async function main(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
  deps: SnapshotCliDeps = {},
): Promise<number> {
  const out = deps.out ?? ((text: string) => process.stdout.write(text));
  const err = deps.err ?? ((text: string) => process.stderr.write(text));
  let values: {
    'base-url'?: string;
    ledger?: string;
    project?: string[];
    json?: boolean;
    'dry-run'?: boolean;
  };
  try {
    values = parseArgs({
      args: [...argv],
      options: {
        'base-url': { type: 'string' },
        ledger: { type: 'string' },
        project: { type: 'string', multiple: true },
        json: { type: 'boolean' },
        'dry-run': { type: 'boolean' },
      },
    }).values;
  } catch (error) {
    err(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const report = (result: SnapshotReport) => {
    out(values.json ? `${JSON.stringify(result, null, 2)}\n` : formatSnapshotReport(result));
    return result.exitCode;
  };
  const fail = (reason: string) => report({ exitCode: 2, reason, requests: 0, projects: [] });
  const token = env.AIVIS_TOKEN?.trim();
  if (!token) return fail('AIVIS_TOKEN is not set.');
  const rawBase = values['base-url'] ?? env.AIVIS_BASE_URL;
  if (!rawBase) return fail(`--base-url or AIVIS_BASE_URL names the service.\n${USAGE}`);
  let baseUrl: string;
  try {
    baseUrl = normalizeBaseUrl(rawBase);
  } catch (error) {
    return fail((error as Error).message);
  }
  const projects = values.project?.map(Number);
  if (projects?.some((id) => !Number.isSafeInteger(id) || id <= 0))
    return fail('--project needs a project id, a whole number such as 1001.');
  const location = values.ledger ?? env.AIVIS_LEDGER;
  if (!location && !values['dry-run'])
    return fail(
      `--ledger or AIVIS_LEDGER names the ledger (a file, or a postgres:// URL).\n${USAGE}`,
    );
  const now = deps.now ?? Date.now;
  const sleep =
    deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  // The entry plan's budget until the service says its own (data-api 8); waits of up to two minutes.
  const pacer = new UpstreamPacer({ limit: 60, maxWaitMs: 120_000, maxQueueLength: 1, now, sleep });
  const options = {
    baseUrl,
    token,
    send: deps.send ?? fetchSend,
    pacer,
    sleep,
    now: () => new Date(now()),
    ...(projects ? { projects } : {}),
    ...(deps.maxRequests === undefined ? {} : { maxRequests: deps.maxRequests }),
    onProgress: values.json ? undefined : (line: string) => err(`${line}\n`),
  };
  if (values['dry-run']) {
    try {
      const fetcher = createFetcher({ ...options, store: undefined as never });
      const listed = (await listProjects(fetcher.get)).filter(
        (project) => !projects || projects.includes(project.id),
      );
      const cost = listed.reduce((sum, project) => sum + estimatedRequests(project), 1);
      const line = `snapshot would spend about ${cost} requests for ${listed.length} projects (1 spent on this estimate; about ${Math.ceil(cost / 60)} min at the entry plan's 60 a minute)`;
      out(
        values.json
          ? `${JSON.stringify({ exitCode: 0, requests: cost, projects: listed.map((p) => p.id) })}\n`
          : `${line}\n`,
      );
      return 0;
    } catch (error) {
      return fail((error as Error).message.replaceAll(token, '[token]'));
    }
  }
  let store: Awaited<ReturnType<typeof openLedger>>;
  try {
    store = await openLedger(location!);
  } catch (error) {
    // The driver's message may quote the URL: never its password.
    const message = (error as Error).message.replaceAll(location!, describeLocation(location!));
    return fail(
      `The ledger ${describeLocation(location!)} could not be opened: ${scrubPassword(message, location!)}`,
    );
  }
  let result: SnapshotReport;
  try {
    result = await runSnapshot({ ...options, store });
  } finally {
    await store.close();
  }
  if (!isPostgresUrl(location!)) {
    try {
      const compacted = await compactDuckDb(location!);
      if (compacted && !values.json)
        err(
          `compacted the ledger file: ${(compacted.before / 1048576).toFixed(1)} MB -> ${(compacted.after / 1048576).toFixed(1)} MB\n`,
        );
    } catch (error) {
      // The day is in: a compaction that fails leaves the file as it was, to try next time.
      err(`the ledger file was not compacted: ${(error as Error).message}\n`);
    }
  }
  return report(result);
}

function scrubPassword(message: string, location: string): string {
  try {
    const password = decodeURIComponent(new URL(location).password);
    return password ? message.replaceAll(password, '***') : message;
  } catch {
    return message;
  }
}
