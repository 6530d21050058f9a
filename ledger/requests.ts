/**
 * The bodies of a project's day (docs/ledger.md, "Snapshot"), derived from
 * the endpoint table rather than listed by hand: every endpoint that answers
 * for a project, once per body its response side documents (each value of
 * the parameter that picks the body: `dataset`, `group_by`), at its largest
 * page, each request checked by the validation every client runs, so a
 * dataset a source does not have (data-api 4.4: question queries are
 * google's) or one that needs a name we cannot know (competitors `detail`
 * needs `competitor`) is left out by the table's own rules. A new dataset in
 * the table is a new body in the ledger without an edit here.
 */
import type { CrossRules } from '../shared/api/cross-rules.js';
import {
  ENDPOINT_NAMES,
  ENDPOINTS,
  type EndpointName,
  needsProject,
  type Query,
} from '../shared/api/endpoints.js';
import type { ParamRule } from '../shared/api/param-rules.js';
import { RESPONSES } from '../shared/api/responses.js';
import {
  encodeQuery,
  endpointPath,
  matchEndpointPath,
  queryPairs,
  validateParams,
  withDefaults,
} from '../shared/api/validate.js';
import { rowsLocation } from '../shared/client/paging.js';

/**
 * The snapshot reads these two its own way: the report first (its
 * `period.end` names the day), the answers by check date over a week
 * (ledger/snapshot.ts).
 */
export const READ_APART: readonly EndpointName[] = ['summary', 'answers'];

/**
 * A parameter whose values are separate stores rather than a filter of one:
 * data-api 4.4's two webmaster tools. Each value is its own body. (The
 * AI-traffic `source` filters one GA4 store: its totals hold every source.)
 */
const STORE_PARAMS: Partial<Record<EndpointName, string>> = { 'search-performance': 'source' };

export interface DayRequest {
  name: EndpointName;
  /** The validated query, project included. */
  query: Query;
  /** Path and query under /api/v1, in the table's canonical order. */
  path: string;
  /** Whether the rows come in pages: the snapshot follows `has_more` (bounded). */
  paged: boolean;
}

const valuesOf = (
  name: EndpointName,
  param: string | undefined,
): readonly (string | undefined)[] => {
  if (!param) return [undefined];
  const rule = (ENDPOINTS[name].params as Record<string, ParamRule>)[param];
  return rule?.kind === 'enum' ? rule.values : [undefined];
};

/** The largest page the table allows for this query (by dataset where it says: competitors). */
function largestLimit(name: EndpointName, query: Query): number | undefined {
  const rule = (ENDPOINTS[name].params as Record<string, ParamRule>).limit;
  if (rule?.kind !== 'int') return undefined;
  const perValue = (rule.cross as CrossRules | undefined)?.perValue;
  const filled = withDefaults(name, query);
  return perValue?.max?.[String(filled[perValue.param])] ?? rule.max;
}

export function requestPath(name: EndpointName, query: Query): string {
  const pairs = queryPairs(name, query);
  return `${endpointPath(name, query)}${pairs.length ? `?${encodeQuery(pairs)}` : ''}`;
}

/** Every body of a project's day besides the report and the answers, in the table's order. */
export function dayRequests(projectId: number): DayRequest[] {
  const requests: DayRequest[] = [];
  for (const name of ENDPOINT_NAMES) {
    if (!needsProject(name) || READ_APART.includes(name)) continue;
    const side = RESPONSES[name];
    const by = 'by' in side ? side.by : undefined;
    for (const store of valuesOf(name, STORE_PARAMS[name]))
      for (const body of valuesOf(name, by)) {
        const given: Query = { project: projectId };
        if (store !== undefined) given[STORE_PARAMS[name]!] = store;
        if (body !== undefined && by) given[by] = body;
        // The largest page where the body has rows (a summary has none to page).
        const limit = rowsLocation(name, given) ? largestLimit(name, given) : undefined;
        if (limit !== undefined) given.limit = limit;
        const checked = validateParams(name, given);
        if (!checked.ok) continue;
        const query = checked.params as Query;
        requests.push({
          name,
          query,
          path: requestPath(name, query),
          paged: rowsLocation(name, query)?.paged === true,
        });
      }
  }
  return requests;
}

/** The endpoint and query a stored request names (its path under /api/v1), for reading it back. */
export function readRequest(path: string): { name: EndpointName; query: Query } | undefined {
  const [route = '', search = ''] = path.split('?', 2);
  const matched = matchEndpointPath(route);
  if (!matched) return undefined;
  const query: Query = Object.fromEntries(new URLSearchParams(search));
  return { name: matched.name, query: withDefaults(matched.name, query) };
}
