/**
 * Turns an incoming request target into the one upstream request it stands
 * for, or into a local error. The upstream path is rebuilt from the endpoint
 * table (never copied from the request), so no path, header or request form
 * can point the proxy at another host, and the normalized query doubles as the
 * cache key: parameter order and spelled-out defaults don't split the cache.
 *
 * It is the proxy's one route decision: made once per request target
 * (pipeline/target.ts remembers it) and handed down to whatever serves the
 * request (client links, the portfolio pages, the accounts router, the cards,
 * the ledger, the cache), none of which reads the URL again.
 */
import type { EndpointName } from '../shared/api/endpoints.js';
import { routeInput } from '../shared/api/query.js';
import {
  matchEndpointPath,
  type ValidationErrors,
  validateParams,
  withDefaults,
} from '../shared/api/validate.js';
import { API_PREFIX, OPENAPI_PATH } from '../shared/api/vocabulary.js';
import { apiPath } from '../shared/http/request.js';
import { type PortfolioForm, portfolioForm } from './accounts/portfolio-page.js';
import { type CardRoute, cardRoute } from './cards/card-route.js';
import { LEDGER_PREFIX, type LedgerRoute, resolveLedgerRoute } from './ledger-route.js';
import { SHARE_PREFIX } from './share/signed-link.js';

export type Route =
  | {
      kind: 'api';
      name: EndpointName;
      project?: number;
      /** Path and canonical query under the upstream base, e.g. /api/v1/projects/1001?period=last_30_days */
      upstreamPath: string;
    }
  | { kind: 'openapi'; upstreamPath: string }
  /** A card rendered from an API answer: fragment, embed, picture or stylesheet (proxy/cards/). */
  | CardRoute
  /** The proxy's own health check: answered without upstream or budget (docs/proxy.md). */
  | { kind: 'health' }
  /** A client link (proxy/share/), when SHARE_SECRET is set. */
  | { kind: 'share' }
  /** The portfolio page, fragment or stylesheet (proxy/accounts/portfolio-page.ts). */
  | { kind: 'portfolio'; form: PortfolioForm }
  | { kind: 'not_found'; message: string }
  | { kind: 'invalid'; errors: ValidationErrors }
  /** A series out of the ledger, when the proxy has one (proxy/ledger-route.ts). */
  | Extract<LedgerRoute, { kind: 'ledger_series' }>;

export interface RouteRules {
  basePath: string;
  allowedProjects?: readonly number[];
  /** Client links are served (SHARE_SECRET is set): their paths are theirs. */
  shareLinks?: boolean;
}

/** Under BASE_PATH like everything else, so each mounted proxy answers its own. */
export const HEALTH_PATH = '/healthz';

/** Encoded slashes and backslashes have no business in an API path; a double slash neither. */
const SUSPICIOUS_PATH = /%2f|%5c|\\|\/\//i;

export function resolveRoute(url: URL, rules: RouteRules): Route {
  const pathname = url.pathname;
  const { basePath } = rules;
  if (basePath && pathname !== basePath && !pathname.startsWith(`${basePath}/`)) {
    return notFound();
  }
  const path = pathname.slice(basePath.length) || '/';
  if (path === OPENAPI_PATH) return { kind: 'openapi', upstreamPath: OPENAPI_PATH };
  if (path === HEALTH_PATH) return { kind: 'health' };
  if (rules.shareLinks && path.startsWith(SHARE_PREFIX)) return { kind: 'share' };
  const portfolio = portfolioForm(path);
  if (portfolio) return { kind: 'portfolio', form: portfolio };
  const card = cardRoute(path, url.search);
  if (card) return card.kind === 'card' ? card : { kind: 'not_found', message: NO_SUCH_CARD };
  if (path.startsWith(`${LEDGER_PREFIX}/`) && !SUSPICIOUS_PATH.test(path))
    return resolveLedgerRoute(path, url.searchParams, rules.allowedProjects);
  if (!path.startsWith(`${API_PREFIX}/`) || SUSPICIOUS_PATH.test(path)) return notFound();

  let match: ReturnType<typeof matchEndpointPath>;
  try {
    match = matchEndpointPath(path.slice(API_PREFIX.length));
  } catch {
    // A malformed percent-escape in the project segment.
    return notFound();
  }
  if (!match) return notFound();

  // The core's reading of a query: repeated list parameters merge, repeated scalars are refused.
  const read = routeInput(url.searchParams, match.project);
  if ('errors' in read) return { kind: 'invalid', errors: read.errors };
  const input: Record<string, unknown> = read.input;

  const validated = validateParams(match.name, input, { unknownParams: 'reject' });
  if (!validated.ok) {
    // data-api 4: a project id that does not exist answers 404; a non-numeric one cannot exist.
    if (validated.errors.project && match.project !== undefined) return notFound(match.project);
    return { kind: 'invalid', errors: validated.errors };
  }
  const params = withDefaults(match.name, validated.params as Record<string, unknown>);
  const project = typeof params.project === 'number' ? params.project : undefined;
  if (
    project !== undefined &&
    rules.allowedProjects !== undefined &&
    !rules.allowedProjects.includes(project)
  ) {
    // Same answer as for a project of another account: the allowlist reveals nothing.
    return notFound(String(project));
  }
  const upstreamPath = apiPath(match.name, params);
  return project === undefined
    ? { kind: 'api', name: match.name, upstreamPath }
    : { kind: 'api', name: match.name, project, upstreamPath };
}

const NO_SUCH_CARD =
  "No such card. The proxy serves /cards/<element>, /cards/<element>.svg and /embed/<element> (or /embed/aivis-dashboard), with the element's attributes as the query.";

function notFound(project?: string): Route {
  return {
    kind: 'not_found',
    message:
      project === undefined
        ? `No such endpoint. The proxy serves GET ${API_PREFIX}/projects, ${API_PREFIX}/projects/{project} and its datasets, and ${OPENAPI_PATH}.`
        : `Project ${clip(project)} was not found. Use a project id from GET ${API_PREFIX}/projects.`,
  };
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
