/**
 * The synchronous driver over an injected transport (Apps Script's
 * UrlFetchApp). Same pure core as the async driver; the pages after the
 * first go out in one fetchAll batch.
 */
import type { EndpointName } from '../api/endpoints.js';
import type { ResponseOf } from '../api/responses.js';
import type { AivisError } from '../http/errors.js';
import { interpretResponse } from '../http/response.js';
import { retryDelay } from '../http/retry.js';
import { compiledCheck } from '../schemas/compiled-check.js';
import {
  assembleRows,
  DEFAULT_MAX_ROWS,
  pageSizeOf,
  paginationOf,
  remainingOffsets,
  rowsLocation,
} from './paging.js';
import {
  networkError,
  type PreparedCall,
  prepareCall,
  prepareFromPath,
  redactToken,
  resolveClientOptions,
  withOffset,
} from './prepare.js';
import type { AivisSyncClient, Collected, HttpResponse, SyncClientOptions } from './types.js';

export function createSyncClient(options: SyncClientOptions): AivisSyncClient {
  const { credentials, policy, now, random } = resolveClientOptions(options);
  const { transport, sleep } = options;

  /** Interprets one answer, retrying the same call on the wire until it succeeds or the policy gives up. */
  function settle(
    call: PreparedCall,
    firstResponse: HttpResponse | Error,
    startWaitMs = 0,
  ): unknown {
    let response = firstResponse;
    let waitedMs = startWaitMs;
    for (let attempt = 1; ; attempt++) {
      let failure: AivisError;
      if (response instanceof Error) failure = networkError(call.request, response);
      else {
        const result = interpretResponse(
          call.name,
          call.params,
          call.request,
          response,
          compiledCheck,
          now(),
        );
        if (result.ok) return result.body;
        failure = result.error;
      }
      const delay = retryDelay(failure, attempt, waitedMs, policy, random);
      if (delay === undefined) throw redactToken(failure, credentials.token);
      sleep(delay);
      waitedMs += delay;
      response = fetchOne(call);
    }
  }

  function fetchOne(call: PreparedCall): HttpResponse | Error {
    try {
      return transport.fetch(call.request);
    } catch (cause) {
      return cause instanceof Error ? cause : new Error(String(cause));
    }
  }

  function send(call: PreparedCall): unknown {
    return settle(call, fetchOne(call));
  }

  return {
    baseUrl: credentials.baseUrl,

    get<N extends EndpointName>(name: N, params: unknown) {
      return send(
        prepareCall(credentials, name, params as Record<string, unknown>),
      ) as ResponseOf<N>;
    },

    getPath(path) {
      const call = prepareFromPath(credentials, path);
      return { name: call.name, params: call.params, body: send(call) };
    },

    collect(name, params, collectOptions = {}) {
      const maxRows = collectOptions.maxRows ?? DEFAULT_MAX_ROWS;
      const call = prepareCall(credentials, name, params as Record<string, unknown>);
      const location = rowsLocation(name, call.params);
      const first = send(call);
      const pagination = location?.paged ? paginationOf(first) : undefined;
      const pageSize = pageSizeOf(name, call.params);
      const offsets = pagination && pageSize ? remainingOffsets(pagination, pageSize, maxRows) : [];
      const calls = offsets.map((offset) => withOffset(credentials, call, offset));
      let responses: Array<HttpResponse | Error>;
      try {
        responses = calls.length ? transport.fetchAll(calls.map((each) => each.request)) : [];
      } catch (cause) {
        // A batch that fails as a whole (quota, network) is retried page by page.
        const error = cause instanceof Error ? cause : new Error(String(cause));
        responses = calls.map(() => error);
      }
      // Pages that failed in the batch (a 429 mid-way, say) are retried one by one.
      const later = calls.map((each, index) =>
        settle(each, responses[index] ?? new Error('no answer in the batch')),
      );
      const assembled = assembleRows([first, ...later], location, maxRows);
      return { first, ...assembled, pages: 1 + calls.length } as Collected<typeof name>;
    },
  };
}
