/**
 * The synchronous driver over an injected transport (Apps Script's
 * UrlFetchApp). Same pure core as the async driver; the pages after the
 * first go out in one fetchAll batch.
 */
import type { EndpointName } from '../api/endpoints.js';
import type { ResponseOf } from '../api/responses.js';
import type { AivisError } from '../http/errors.js';
import { compiledCheck } from '../schemas/compiled-check.js';
import { assembleRows, DEFAULT_MAX_ROWS, laterPages } from './paging.js';
import {
  interpretCall,
  networkError,
  type PreparedCall,
  prepareCall,
  prepareFromPath,
  resolveClientOptions,
  retryWait,
  withOffset,
} from './prepare.js';
import type { AivisSyncClient, Collected, HttpResponse, SyncClientOptions } from './types.js';

export function createSyncClient(options: SyncClientOptions): AivisSyncClient {
  const client = resolveClientOptions(options);
  const { credentials, now } = client;
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
        const result = interpretCall(call, response, compiledCheck, now());
        if (result.ok) return result.body;
        failure = result.error;
      }
      const delay = retryWait(client, failure, attempt, waitedMs);
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
      const first = send(call);
      const { location, offsets } = laterPages(name, call.params, first, maxRows);
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
