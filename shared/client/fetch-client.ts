/**
 * The async driver over fetch (browsers, Node, workers). It only moves bytes
 * and waits: validation, request building, response interpretation, retry
 * decisions and page planning are the pure core's. The contract check is
 * passed in, so a browser bundle can bring compact shapes instead of zod
 * (async-client.ts gives the zod-checked client everyone else uses).
 */
import type { EndpointName } from '../api/endpoints.js';
import type { ResponseOf } from '../api/responses.js';
import type { BodyCheck } from '../http/body-check.js';
import { abortableSleep } from '../http/edge.js';
import type { AivisError } from '../http/errors.js';
import { redactSecret } from '../http/redaction.js';
import type { Credentials } from '../http/request.js';
import { fetchExchange, globalFetch } from './fetch-exchange.js';
import {
  assembleRows,
  DEFAULT_CONCURRENCY,
  DEFAULT_MAX_ROWS,
  hasNextPage,
  laterPages,
  MAX_PAGES_PER_COLLECTION,
  pageSizeOf,
  paginationOf,
  rowsLocation,
} from './paging.js';
import {
  abortedError,
  interpretCall,
  networkError,
  type PreparedCall,
  type PreparedLink,
  prepareCall,
  prepareFromPath,
  prepareLink,
  resolveClientOptions,
  retryWait,
  withOffset,
} from './prepare.js';
import type {
  AbortSignalLike,
  AivisClient,
  AivisReader,
  AsyncClientOptions,
  Collected,
  FollowedRequest,
  HttpResponse,
  RequestOptions,
} from './types.js';

export interface FetchReader extends AivisReader {
  send(call: PreparedCall | PreparedLink, signal?: AbortSignalLike): Promise<unknown>;
  credentials: Credentials;
}

/**
 * get over fetch, without paging or path following: the widgets use this
 * (and followLink where they follow a next_request), so their bundles do not
 * carry pages(), collect() or the path parser they never call.
 */
export function createFetchReader(options: AsyncClientOptions, check: BodyCheck): FetchReader {
  const client = resolveClientOptions(options);
  const { credentials, now } = client;
  const sleep = options.sleep ?? abortableSleep;
  const fetchImpl = options.fetch ?? globalFetch();

  async function transmit(
    call: PreparedCall | PreparedLink,
    signal?: AbortSignalLike,
  ): Promise<HttpResponse> {
    if (!fetchImpl) throw networkError(call.request, new Error('no fetch in this environment'));
    const answer = await fetchExchange(call.request, { fetch: fetchImpl, signal });
    // A service that echoes the token as data (a brand name, a quote) must not put it on a
    // page (every form redactSecret knows; JSON stays JSON, see redaction.test). An error body is read whole, and redactError cleans what it yields (a plans_url
    // that held the token is dropped, not just cleaned).
    if (answer.status === 200) answer.body = redactSecret(answer.body, credentials.token);
    return answer;
  }

  async function send(
    call: PreparedCall | PreparedLink,
    signal?: AbortSignalLike,
  ): Promise<unknown> {
    let waitedMs = 0;
    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) throw abortedError(call.request);
      let failure: AivisError;
      try {
        const result = interpretCall(call, await transmit(call, signal), check, now());
        if (result.ok) return result.body;
        failure = result.error;
      } catch (cause) {
        if (signal?.aborted) throw abortedError(call.request);
        failure =
          (cause as { name?: string })?.name === 'AivisError'
            ? (cause as AivisError)
            : networkError(call.request, cause);
      }
      const delay = retryWait(client, failure, attempt, waitedMs);
      try {
        await sleep(delay, signal);
      } catch {
        throw abortedError(call.request);
      }
      waitedMs += delay;
    }
  }

  async function get<N extends EndpointName>(name: N, params: unknown, options?: RequestOptions) {
    const call = prepareCall(credentials, name, params as Record<string, unknown>);
    return (await send(call, options?.signal)) as ResponseOf<N>;
  }

  return {
    baseUrl: credentials.baseUrl,
    get,
    send,
    credentials,
  };
}

/** Follows an API path such as an action's next_request ("/api/v1/projects/1001/answers?..."). */
export async function followPath(
  reader: FetchReader,
  path: string,
  options?: RequestOptions,
): Promise<FollowedRequest> {
  const call = prepareFromPath(reader.credentials, path);
  return { name: call.name, params: call.params, body: await reader.send(call, options?.signal) };
}

/**
 * Follows a link the API gave (an action's next_request) as written, to this
 * reader's own base URL with its own token: the service checks the link's
 * parameters, and its body only has to be a JSON object. Carries neither the
 * endpoint table nor the path parser (followPath does both).
 */
export async function followLink(
  reader: FetchReader,
  link: string,
  options?: RequestOptions,
): Promise<unknown> {
  return await reader.send(prepareLink(reader.credentials, link), options?.signal);
}

export function createFetchClient(options: AsyncClientOptions, check: BodyCheck): AivisClient {
  const reader = createFetchReader(options, check);
  const { send, credentials } = reader;
  return {
    baseUrl: reader.baseUrl,
    get: reader.get,
    getPath: (path, options) => followPath(reader, path, options),

    async *pages(name, params, options) {
      let call = prepareCall(credentials, name, params as Record<string, unknown>);
      const paged = rowsLocation(name, call.params)?.paged ?? false;
      const pageSize = pageSizeOf(name, call.params) ?? 1;
      for (let page = 1; ; page++) {
        const body = await send(call, options?.signal);
        yield body as ResponseOf<typeof name>;
        const pagination = paged ? paginationOf(body) : undefined;
        if (!pagination || !hasNextPage(pagination, pageSize)) return;
        if (page >= MAX_PAGES_PER_COLLECTION) return;
        call = withOffset(credentials, call, pagination.offset + pagination.returned);
      }
    },

    async collect(name, params, options = {}) {
      const maxRows = options.maxRows ?? DEFAULT_MAX_ROWS;
      const concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY);
      const call = prepareCall(credentials, name, params as Record<string, unknown>);
      const first = await send(call, options.signal);
      const { location, offsets } = laterPages(name, call.params, first, maxRows);
      const later: unknown[] = new Array(offsets.length);
      let next = 0;
      // Bounded concurrency: a few workers take the next offset until none is left.
      const worker = async () => {
        while (next < offsets.length) {
          const index = next++;
          later[index] = await send(withOffset(credentials, call, offsets[index]!), options.signal);
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, offsets.length) }, worker));
      const assembled = assembleRows([first, ...later], location, maxRows);
      return { first, ...assembled, pages: 1 + offsets.length } as Collected<typeof name>;
    },
  };
}
