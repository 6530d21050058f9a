/**
 * The projects list of several accounts (docs/agencies.md#several-accounts):
 * each account's answer to GET /projects read as input (data-api 4.1: an
 * object with a `projects` array of objects with a numeric `id`), each
 * project marked with its account's label, and the accounts whose list
 * failed named beside the merged list with the status and code they gave.
 */
import { JSON_TYPE } from '../responses.js';

export interface AccountFailure {
  account: string;
  status: number;
  code: string;
  message: string;
}

export interface AccountList {
  account: string;
  /** The account's projects, each with `account` set; undefined when the list failed. */
  projects?: Record<string, unknown>[];
  ids?: ReadonlySet<number>;
  failure?: AccountFailure;
}

/** A message from upstream is shown, cut to this. */
const MAX_MESSAGE = 300;

export function readAccountList(account: string, status: number, body: string): AccountList {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    parsed = undefined;
  }
  const record = isRecord(parsed) ? parsed : {};
  if (status === 200 && Array.isArray(record.projects)) {
    const projects = record.projects
      .filter(isRecord)
      .map((project): Record<string, unknown> => ({ ...project, account }));
    const ids = new Set(
      projects.flatMap((project) => (typeof project.id === 'number' ? [project.id] : [])),
    );
    return { account, projects, ids };
  }
  const error = isRecord(record.error) ? record.error : {};
  return {
    account,
    failure: {
      account,
      status: status === 200 ? 502 : status,
      code: typeof error.code === 'string' ? error.code.slice(0, 40) : 'server_error',
      message:
        typeof error.message === 'string'
          ? error.message.slice(0, MAX_MESSAGE)
          : "The account's project list was not the list of data-api 4.1.",
    },
  };
}

/**
 * 200 with every project that could be read and `failed_accounts` when some
 * could not; when none could, the first failure's status, with all of them.
 */
export function mergeLists(lists: readonly AccountList[]): Response {
  const projects = lists.flatMap((list) => list.projects ?? []);
  const failed = lists.flatMap((list) => (list.failure ? [list.failure] : []));
  const headers = { 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-cache' };
  if (failed.length === lists.length) {
    const first = failed[0]!;
    const names = failed.map((failure) => `'${failure.account}' (${failure.code})`).join(', ');
    const body = {
      error: {
        code: first.code,
        status: first.status,
        message: `No account's project list could be read: ${names}.`,
      },
      failed_accounts: failed,
    };
    return new Response(JSON.stringify(body), { status: first.status, headers });
  }
  const body = failed.length > 0 ? { projects, failed_accounts: failed } : { projects };
  return new Response(JSON.stringify(body), { status: 200, headers });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
