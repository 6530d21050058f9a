/**
 * The token-keeping caching proxy as a standard fetch handler
 * `(Request) => Promise<Response>`: it runs unchanged on Node (proxy/main.ts),
 * Cloudflare Workers, Deno and Bun, so it uses web-standard APIs only.
 *
 * It keeps the token server-side (data-api 5), answers a crowd of viewers from one
 * upstream call per distinct request and TTL (data-api 8's per-minute budget), and
 * adds CORS for the intranet origins that embed the widgets.
 *
 * In front, the one route decision per request (proxy/route.ts, remembered per
 * request target by pipeline/target.ts): client links and the portfolio pages
 * are answered there, everything else goes to the accounts router or the one
 * account's proxy with the decision in hand. That proxy is a pipeline of
 * named steps (proxy/pipeline/), in order: the request target, the edge
 * checks (host, preflight, methods; shared with the sandbox in
 * server/), the routes answered locally, the cache policy with its refresh
 * and upstream call, the finishing of the response, and the log. The parts
 * the steps share are made once per handler (pipeline/compose.ts).
 */
import type { RequestHead } from '../server/request-head.js';
import { portfolioPages } from './accounts/portfolio-page.js';
import { accountsRouter } from './accounts/router.js';
import { cardServer } from './cards/serve-cards.js';
import type { ProxyConfig } from './config.js';
import { answerLedgerSeries } from './ledger-route.js';
import type { Pacer } from './pacer.js';
import { cachePolicy } from './pipeline/cache-policy.js';
import { composeProxy, type ProxyDeps } from './pipeline/compose.js';
import { edgeCheck } from './pipeline/edge.js';
import {
  type Answer,
  localAnswer,
  type ProxyRequestContext,
  type StepResult,
} from './pipeline/exchange.js';
import { finishResponse } from './pipeline/finish.js';
import { routeLocally, type StoreHealth } from './pipeline/local-route.js';
import { answerLogger } from './pipeline/log-answer.js';
import { pageCheck } from './pipeline/page-check.js';
import { refresher } from './pipeline/refresh.js';
import { type RoutedHandler, type Target, targetReader } from './pipeline/target.js';
import { jsonError } from './responses.js';
import { shareLinks } from './share/share-links.js';
import { type ProxyStats, statsOf } from './stats.js';

export { FAILURE_BACKOFF_MS } from './failure-backoff.js';
export type { ProxyLogEntry } from './log.js';
export type { ProxyDeps } from './pipeline/compose.js';
export type { ProxyRequestContext } from './pipeline/exchange.js';
export type { CacheState } from './responses.js';
export type { ProxyStats } from './stats.js';

export type ProxyHandler = ((request: RequestHead, context?: unknown) => Promise<Response>) & {
  stats(): ProxyStats;
  /** The upstream budget viewers spend: the daily ledger snapshot spends from it too (docs/ledger.md). */
  readonly pacer: Pacer;
  /** It reads of a GET or HEAD only the request's head: the Node host builds no fetch Request for one (server/request-head.ts). */
  readonly readsRequestHeads: true;
};

/** The key the health check's probe asks the store about: no lock is ever taken under it. */
const HEALTH_PROBE_KEY = 'aivis-health-probe';

/**
 * The proxy of one account (AIVIS_TOKEN), or with AIVIS_ACCOUNTS one per
 * account behind the router that merges their lists and routes each
 * project to its account (proxy/accounts/, docs/agencies.md); with
 * SHARE_SECRET, client links in front.
 */
export function createProxyHandler(config: ProxyConfig, deps: ProxyDeps = {}): ProxyHandler {
  const api: RoutedHandler = config.accounts
    ? accountsRouter(config, deps, createAccountHandler)
    : createAccountHandler(config, deps);
  // With several accounts each applies its own project allowlist after the router; the router
  // itself decides without one, as each account's list says which projects are whose.
  const readTarget = targetReader({
    basePath: config.basePath,
    ...(config.accounts ? {} : { allowedProjects: config.allowedProjects }),
    shareLinks: config.shareSecret !== undefined,
  });
  // The portfolio and the client links read their data through the whole proxy, as a viewer would.
  const portfolio = portfolioPages(
    (request, context) => handler(request, context),
    config,
    deps.loadPng,
  );
  // Client links (proxy/share/) are on when SHARE_SECRET is set.
  const share = config.shareSecret
    ? shareLinks((request, context) => handler(request, context), config, {
        links: deps.links,
        now: deps.now ?? Date.now,
      })
    : undefined;

  const handler = (request: RequestHead, context?: unknown): Promise<Response> => {
    const target = readTarget(request);
    if ('value' in target) {
      const route = target.value.route;
      if (route.kind === 'share' && share) return share(request, context);
      if (route.kind === 'portfolio' && (request.method === 'GET' || request.method === 'HEAD'))
        return portfolio(request, route.form, target.value, context);
    }
    return api(request, context, target);
  };
  return Object.assign(handler, {
    stats: () => api.stats(),
    pacer: api.pacer,
    readsRequestHeads: true as const,
  });
}

function createAccountHandler(config: ProxyConfig, deps: ProxyDeps): RoutedHandler {
  const parts = composeProxy(config, deps);
  const readTarget = targetReader(config);
  const checkEdge = edgeCheck(config.allowedHosts, parts.cors);
  const answerCached = cachePolicy(parts, refresher(parts));
  const serveCard = cardServer(parts, answerCached, {
    ...(deps.cardRendered ? { rendered: deps.cardRendered } : {}),
    ...(deps.loadPng ? { loadPng: deps.loadPng } : {}),
  });
  const logAnswer = answerLogger(deps.log, config.logLevel, config.token, parts.now);
  const pageMayRead = pageCheck(config.allowedOrigins);

  async function answer(
    request: RequestHead,
    context: ProxyRequestContext | undefined,
    decided: StepResult<Target> | undefined,
  ) {
    const target = decided ?? readTarget(request);
    if ('answer' in target) return target.answer;
    const refused = checkEdge(request, target.value);
    if (refused) return refused;
    if (target.value.route.kind === 'card') return serveCard(request, target.value.route, context);
    const route = routeLocally(
      target.value,
      target.value.route.kind === 'health' ? await storeHealth() : undefined,
    );
    if ('answer' in route) return route.answer;
    if (route.value.kind === 'ledger_series') {
      const path = target.value.path;
      // A page of another site reads no ledger, as it spends no budget (pipeline/page-check.ts).
      const refused = pageMayRead(request);
      if (refused) return localAnswer(refused.response(), path);
      if (!deps.ledger)
        return localAnswer(
          jsonError(
            404,
            'not_found',
            'This proxy keeps no ledger: its operator sets AIVIS_LEDGER.',
          ),
          path,
        );
      return localAnswer(await answerLedgerSeries(route.value, deps.ledger), path);
    }
    return answerCached(request, route.value, context);
  }

  /** The store's state for the health check, after one bounded probe (so it is now's, not the last request's). */
  async function storeHealth(): Promise<StoreHealth | undefined> {
    const link = parts.link;
    if (!link) return undefined;
    await link.use((store) => store.isLocked(HEALTH_PROBE_KEY));
    return { kind: link.store.kind, state: link.state, failures: link.failures };
  }

  const handler = async (
    request: RequestHead,
    context?: unknown,
    decided?: StepResult<Target>,
  ): Promise<Response> => {
    const started = parts.now();
    let result: Answer;
    try {
      result = await answer(request, context as ProxyRequestContext | undefined, decided);
    } catch {
      result = localAnswer(
        jsonError(
          500,
          'server_error',
          'The proxy failed to answer. Try again; if it keeps failing, tell its operator.',
        ),
        '(error)',
      );
    }
    const finished = finishResponse(request, result, parts.cors, config.token);
    const response = finished instanceof Promise ? await finished : finished;
    logAnswer(request, result, response.status, started);
    return response;
  };

  return Object.assign(handler, {
    pacer: parts.pacer,
    stats: (): ProxyStats =>
      statsOf({
        upstreamRequests: parts.counts.upstreamRequests,
        cache: parts.cache,
        pacer: parts.pacer,
        buffers: parts.buffers,
        store: parts.link
          ? { kind: parts.link.store.kind, state: parts.link.state, failures: parts.link.failures }
          : undefined,
      }),
  });
}
