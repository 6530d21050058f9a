/**
 * One read of the Data API from Apps Script: fetch checked parameters (from
 * the cache when it can), collect pages up to the row cap, and normalize to
 * the core's table. The Sheets add-on (functions, imports, dashboards, the
 * schedule) and the Looker Studio connector both read through here; each
 * checks its raw input once, at its edge, with checkInput.
 */
import { ENDPOINTS, type EndpointName, type Query } from '../shared/api/endpoints.js';
import type { ParamRule } from '../shared/api/param-rules.js';
import {
  type CheckedParams,
  validateParams,
  withCheckedPaging,
  withDefaults,
} from '../shared/api/validate.js';
import { createSyncClient } from '../shared/client/sync-client.js';
import type { AivisSyncClient } from '../shared/client/types.js';
import { AivisError, validationError } from '../shared/http/errors.js';
import { buildRequest } from '../shared/http/request.js';
import { toTable } from '../shared/table/normalize.js';
import type { Table } from '../shared/table/types.js';
import {
  type Budget,
  budgetExceeded,
  budgetSleep,
  scrubbedTransport,
  startBudget,
  urlFetchTransport,
} from './gas-transport.js';
import { CACHE_TTL_SECONDS, cachingTransport, chunkedCache, digest } from './response-cache.js';
import type { Credentials } from './user-token.js';

export interface CallOptions {
  /** Time budget of the whole call, retries and waits included. */
  budgetMs: number;
  /** Part of the cache scope: a new refresh value means fresh data. */
  refreshStamp: string;
  /** Skip the cache for reading (scheduled runs and Refresh now); answers are still stored. */
  fresh?: boolean;
}

export interface FetchedTable {
  table: Table;
  /** The (first page's) body as the API sent it: its envelope says what the rows cover. */
  first: unknown;
  /** The params the API was asked for (validated, before the page size was chosen). */
  params: Query;
  capped: boolean;
  /** pagination.total of a paged list. */
  total: number | undefined;
  maxRows: number;
  /** UrlFetchApp requests this call made (0 when the cache answered). */
  requests: number;
  cacheHits: number;
}

/**
 * A read whose parameters the core's validation accepted: what fetchTable
 * and prefetch take, so nothing on the way to the wire checks them again.
 */
export interface CheckedRead<N extends EndpointName = EndpointName> {
  name: N;
  params: CheckedParams<N>;
}

/**
 * The one validation of a read, where raw input comes in (a cell, a stored
 * import, a Looker request); throws validation_failed with the core's
 * per-parameter messages.
 */
export function checkRead<N extends EndpointName>(
  name: N,
  input: Record<string, unknown>,
): CheckedRead<N> {
  const result = validateParams(name, input, { unknownParams: 'reject' });
  if (!result.ok) throw validationError(result.errors);
  return { name, params: result.params };
}

/**
 * Fewer, larger pages: when the caller did not choose a page size, ask for
 * the largest the endpoint's rules allow (capped by max_rows). The limit's
 * own rules decide, so a cross-parameter maximum (competitors' ranking) is
 * respected; the other parameters were checked already and are not read again.
 */
function withLargestPage<N extends EndpointName>(
  { name, params }: CheckedRead<N>,
  maxRows: number,
): CheckedParams<N> {
  const rule = (ENDPOINTS[name].params as Record<string, ParamRule>).limit;
  const given: Query = params;
  if (given.limit !== undefined || !rule || rule.kind !== 'int') return params;
  for (const size of [Math.min(rule.max, maxRows), Math.min(rule.default ?? rule.max, maxRows)]) {
    const candidate = withCheckedPaging(name, params, 'limit', size);
    if (
      candidate.ok &&
      !rule.crossViolations?.('limit', withDefaults(name, candidate.params)).length
    )
      return candidate.params;
  }
  return params;
}

/** The parameters a read sends: its own, with the largest page where it is paged. */
function sentParams<N extends EndpointName>(
  read: CheckedRead<N>,
  maxRows: number,
): CheckedParams<N> {
  const paged = ENDPOINTS[read.name].rows(withDefaults(read.name, read.params))?.paged;
  return paged ? withLargestPage(read, maxRows) : read.params;
}

function makeClient(credentials: Credentials, budget: Budget, options: CallOptions) {
  const network = urlFetchTransport(budget);
  const scope = digest(
    ['aivis-cache-v1', credentials.baseUrl, credentials.token, options.refreshStamp].join('\n'),
  ).slice(0, 32);
  const cache = chunkedCache(CacheService.getScriptCache());
  const reader = options.fresh ? { get: () => null, put: cache.put } : cache;
  const transport = cachingTransport(
    scrubbedTransport(network, credentials.token),
    reader,
    scope,
    CACHE_TTL_SECONDS,
  );
  const client: AivisSyncClient = createSyncClient({
    baseUrl: credentials.baseUrl,
    token: credentials.token,
    transport,
    sleep: budgetSleep(budget),
    retry: {
      maxTotalWaitMs: Math.floor(budget.totalMs * 0.6),
      maxRetryAfterMs: Math.floor(budget.totalMs * 0.4),
    },
  });
  return { client, network, transport };
}

export interface PlannedRead {
  read: CheckedRead;
  maxRows: number;
}

/**
 * Sends the first page of several reads in one UrlFetchApp.fetchAll round
 * trip; their 200 answers land in CacheService under the call's scope, so
 * the fetchTable calls that follow (same options) read them from the cache.
 * A dashboard's five endpoints cost one round trip instead of five. Anything
 * that failed is fetched again, retried and worded by fetchTable. Returns the
 * requests made.
 */
export function prefetch(
  reads: readonly PlannedRead[],
  options: CallOptions,
  credentials: Credentials,
): number {
  const budget = startBudget(options.budgetMs);
  const { network, transport } = makeClient(credentials, budget, options);
  // The very request fetchTable's client will send: same params, same page size.
  const requests = reads.map(({ read, maxRows }) =>
    buildRequest(credentials, read.name, sentParams(read, maxRows)),
  );
  try {
    transport.fetchAll(requests);
  } catch {
    // A batch that fails as a whole: each read is tried again, alone, by fetchTable.
  }
  return network.requests;
}

/** Fetches an endpoint's table; throws AivisError (token redacted by the core). */
export function fetchTable<N extends EndpointName>(
  read: CheckedRead<N>,
  maxRows: number,
  options: CallOptions,
  credentials: Credentials,
): FetchedTable {
  const { name, params } = read;
  const budget = startBudget(options.budgetMs);
  const { client, network, transport } = makeClient(credentials, budget, options);
  const location = ENDPOINTS[name].rows(withDefaults(name, params));
  let table: Table;
  let first: unknown;
  let capped = false;
  let total: number | undefined;
  try {
    if (location?.paged) {
      const collected = client.collect(name, sentParams(read, maxRows), { maxRows });
      first = collected.first;
      table = toTable(name, params, first, collected.rows);
      capped = collected.capped;
      total = collected.total;
    } else {
      first = client.get(name, params);
      table = toTable(name, params, first);
      if (location && table.rows.length > maxRows) {
        total = table.rows.length;
        table = { ...table, rows: table.rows.slice(0, maxRows) };
        capped = true;
      }
    }
  } catch (error) {
    if (
      error instanceof AivisError &&
      error.code === 'network_error' &&
      Date.now() >= budget.deadline
    ) {
      // The budget ran out between attempts; say that rather than "could not reach".
      throw new AivisError({
        ...error.toJSON(),
        code: 'timeout',
        message: budgetExceeded(budget).message,
      });
    }
    throw error;
  }
  return {
    table,
    first,
    params,
    capped,
    total,
    maxRows,
    requests: network.requests,
    cacheHits: transport.hits,
  };
}
