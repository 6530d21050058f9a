/**
 * First step: what the request target means for this proxy (its path, the
 * host it names, its route). Pure and the same for every request to the
 * target, so it is remembered: a hit only looks it up. The proxy decides it
 * once per request, in front of everything (proxy/handler.ts), and hands it
 * down; no later step parses the URL again.
 */
import type { RequestHead } from '../../server/request-head.js';
import { BoundedMemo } from '../../shared/bounded-memo.js';
import type { Pacer } from '../pacer.js';
import { jsonError } from '../responses.js';
import { type Route, type RouteRules, resolveRoute } from '../route.js';
import type { ProxyStats } from '../stats.js';
import { localAnswer, type StepResult } from './exchange.js';

export interface Target {
  path: string;
  host: string;
  /** The URL's origin, for requests the proxy makes to itself (the merged list, the portfolio). */
  origin: string;
  /** The query as given, with its `?` (or empty). */
  search: string;
  route: Route;
}

/** Distinct request targets whose route is remembered (a dashboard asks for a few dozen). */
const MAX_REMEMBERED_TARGETS = 4_096;

export type TargetReader = (request: RequestHead) => StepResult<Target>;

/**
 * A proxy handler (one account's, or the accounts router) that may be handed
 * the route decision already made for the request under the same rules.
 */
export type RoutedHandler = ((
  request: RequestHead,
  context?: unknown,
  decided?: StepResult<Target>,
) => Promise<Response>) & { stats(): ProxyStats; readonly pacer: Pacer };

export function targetReader(rules: RouteRules): TargetReader {
  const targets = new BoundedMemo<Target | undefined>(MAX_REMEMBERED_TARGETS);
  const read = (text: string): Target | undefined => {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return undefined;
    }
    return {
      path: url.pathname,
      host: url.host,
      origin: url.origin,
      search: url.search,
      route: resolveRoute(url, rules),
    };
  };
  return (request) => {
    const target = targets.get(request.url, read);
    return target === undefined
      ? { answer: localAnswer(jsonError(404, 'not_found', 'No such endpoint.'), '(unparsable)') }
      : { value: target };
  };
}
