/**
 * Several accounts in one proxy (docs/agencies.md): one complete proxy per
 * account (its own budget, pacer, refusal backoff, cache scope and shared
 * store), and in front of them a router that
 *
 * - merges GET /projects: each account's list, each project marked with its
 *   account's label; an account that fails is named beside the list with its
 *   status and code, and the others' projects still answer 200;
 * - sends a request for a project to the account that owns it, as that
 *   account's own list says; a project id in two accounts' lists is refused
 *   with 409 naming both (reading one would be a guess);
 * - passes everything else (the OpenAPI document, the health check, unknown
 *   paths) to the first account.
 *
 * The lists it reads to route are the accounts' own cached answers, so
 * routing costs one list request per account per CACHE_TTL, and what is
 * parsed of them is remembered until the body changes.
 */
import type { RequestHead } from '../../server/request-head.js';
import { API_PREFIX } from '../../shared/api/vocabulary.js';
import type { ProxyConfig } from '../config.js';
import { proxyCors } from '../cors.js';
import type { Pacer } from '../pacer.js';
import type { ProxyDeps } from '../pipeline/compose.js';
import { edgeCheck } from '../pipeline/edge.js';
import { localAnswer, type StepResult } from '../pipeline/exchange.js';
import { finishResponse } from '../pipeline/finish.js';
import { type RoutedHandler, type Target, targetReader } from '../pipeline/target.js';
import { jsonError } from '../responses.js';
import type { Route } from '../route.js';
import type { ProxyStats } from '../stats.js';
import type { ProxyAccount } from './accounts-setting.js';
import { type AccountList, mergeLists, readAccountList } from './merged-list.js';

export type AccountHandler = ((request: RequestHead, context?: unknown) => Promise<Response>) & {
  stats(): ProxyStats;
  readonly pacer: Pacer;
};

export type MakeAccountHandler = (config: ProxyConfig, deps: ProxyDeps) => AccountHandler;

interface Served {
  account: ProxyAccount;
  handler: AccountHandler;
}

export function accountsRouter(
  config: ProxyConfig,
  deps: ProxyDeps,
  makeHandler: MakeAccountHandler,
): RoutedHandler {
  const accounts = config.accounts ?? [];
  const served: Served[] = accounts.map((account) => ({
    account,
    handler: makeHandler(
      {
        ...config,
        accounts: undefined,
        token: account.token,
        allowedProjects: account.allowedProjects ?? config.allowedProjects,
      },
      { ...deps, store: deps.accountStores?.get(account.label) },
    ),
  }));
  const first = served[0]!.handler;
  const cors = proxyCors(config.allowedOrigins);
  const checkEdge = edgeCheck(config.allowedHosts, cors);
  // Without an allowlist: each account applies its own after routing (proxy/handler.ts).
  const readTarget = targetReader({ basePath: config.basePath });
  // Parsed lists, per account: read and parsed again only when the answer's validator changes.
  const lastLists = new Map<string, { etag: string; list: AccountList }>();

  /** Every account's list, read through its own proxy (cached, budgeted, backed off). */
  /** `search`: the list request's own query (the merged list), none when routing. */
  async function lists(
    request: RequestHead,
    origin: string,
    context: unknown,
    search = '',
  ): Promise<AccountList[]> {
    const listUrl = `${origin}${config.basePath}${API_PREFIX}/projects${search}`;
    return Promise.all(
      served.map(async ({ account, handler }) => {
        const response = await handler(
          new Request(listUrl, { headers: forwardedHeaders(request, config.clientIpHeader) }),
          context,
        );
        // A cached list's ETag is its body's SHA-256: the same ETag is the same list, unread.
        // (Its body is the proxy's own bytes, left to the collector.)
        const etag = response.status === 200 ? response.headers.get('ETag') : null;
        const last = lastLists.get(account.label);
        if (etag !== null && last?.etag === etag) return last.list;
        const list = readAccountList(account.label, response.status, await response.text());
        if (etag !== null) lastLists.set(account.label, { etag, list });
        return list;
      }),
    );
  }

  async function answer(
    request: RequestHead,
    context: unknown,
    decided: StepResult<Target> | undefined,
  ): Promise<Response> {
    const target = decided ?? readTarget(request);
    if ('answer' in target) return first(request, context);
    const { route, path, origin, search } = target.value;
    const project = projectOf(route);
    if (project === undefined && !(route.kind === 'api' && route.name === 'projects')) {
      return first(request, context);
    }
    const refused = checkEdge(request, target.value);
    if (refused) return first(request, context);
    const finish = (response: Response) =>
      finishResponse(request, localAnswer(response, path), cors, config.token);
    if (project === undefined) {
      return finish(mergeLists(await lists(request, origin, context, search)));
    }
    const all = await lists(request, origin, context);
    const owners = all.filter((list) => list.ids?.has(project));
    if (owners.length === 1) {
      return served
        .find((item) => item.account.label === owners[0]!.account)!
        .handler(request, context);
    }
    if (owners.length > 1) {
      const names = owners.map((list) => `'${list.account}'`).join(' and ');
      return finish(
        accountError(
          409,
          'ambiguous_project',
          `Project ${project} is in the lists of accounts ${names}; the proxy cannot tell which one to read. Leave it out of one of them with that account's project list in AIVIS_ACCOUNTS (label:VARIABLE:ids, docs/agencies.md).`,
          owners.map((list) => list.account),
        ),
      );
    }
    const failed = all.filter((list) => list.failure);
    if (failed.length > 0) {
      const names = failed.map((list) => `'${list.account}'`).join(', ');
      return finish(
        accountError(
          502,
          'account_unavailable',
          `Project ${project} is in none of the lists the proxy could read, and the list of ${names} could not be read (${failed.map((list) => list.failure!.code).join(', ')}). Try again later; if it keeps failing, tell the proxy's operator.`,
          failed.map((list) => list.account),
        ),
      );
    }
    // No account lists it: the same 404 as for a project of another account, spending nothing.
    return finish(
      jsonError(
        404,
        'not_found',
        `Project ${project} was not found. Use a project id from GET ${API_PREFIX}/projects.`,
      ),
    );
  }

  const handler = (request: RequestHead, context?: unknown, decided?: StepResult<Target>) =>
    answer(request, context, decided);
  return Object.assign(handler, {
    stats: (): ProxyStats => {
      const each = served.map((item) => [item.account.label, item.handler.stats()] as const);
      return {
        ...sumStats(each.map(([, stats]) => stats)),
        accounts: Object.fromEntries(each),
      };
    },
    // What spends beside the viewers (the ledger's snapshot) paces with the first account.
    pacer: first.pacer,
  });
}

/**
 * The project a request is about: an API path's, or a card's or embed's
 * `project` attribute (proxy/cards/); undefined for anything else.
 */
function projectOf(route: Route): number | undefined {
  if (route.kind === 'api') return route.project;
  if (route.kind !== 'card') return undefined;
  const text = new URLSearchParams(route.query).get('project') ?? '';
  return /^[1-9]\d{0,14}$/.test(text.trim()) ? Number(text.trim()) : undefined;
}

/** What an internal list request keeps of the viewer's: the host and origin checks apply to it too. */
function forwardedHeaders(request: RequestHead, clientIpHeader: string | undefined): Headers {
  const headers = new Headers();
  for (const name of ['Host', 'Origin', ...(clientIpHeader ? [clientIpHeader] : [])]) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  return headers;
}

function accountError(
  status: number,
  code: string,
  message: string,
  accounts: readonly string[],
): Response {
  return new Response(JSON.stringify({ error: { code, status, message, accounts } }), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

function sumStats(all: readonly ProxyStats[]): ProxyStats {
  const sum = (pick: (stats: ProxyStats) => number) =>
    all.reduce((total, stats) => total + pick(stats), 0);
  return {
    upstreamRequests: sum((stats) => stats.upstreamRequests),
    cacheEntries: sum((stats) => stats.cacheEntries),
    cacheBytes: sum((stats) => stats.cacheBytes),
    queued: sum((stats) => stats.queued),
    budgetLimit: sum((stats) => stats.budgetLimit),
    budgetRemaining: sum((stats) => stats.budgetRemaining),
    bufferedBytes: sum((stats) => stats.bufferedBytes),
  };
}
