/**
 * The client's public types. shared/ is compiled without DOM or Node types
 * (it must also run in Apps Script), so fetch, AbortSignal and friends are
 * described structurally: the browser's and Node's objects fit them.
 */
import type { EndpointName, ParamsOf } from '../api/endpoints.js';
import type { ResponseOf } from '../api/responses.js';
import type { CheckedParams } from '../api/validate.js';

/** A request as the pure core builds it; drivers only send it. */
export interface HttpRequest {
  method: 'GET';
  url: string;
  headers: Record<string, string>;
}

/** A response as drivers hand it to the pure core. Header names are lower case. */
export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface AbortSignalLike {
  readonly aborted: boolean;
  readonly reason?: unknown;
  addEventListener(type: 'abort', listener: () => void): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** The part of `fetch` the async driver uses. */
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; signal?: AbortSignalLike },
) => Promise<{
  status: number;
  headers: { forEach(callback: (value: string, key: string) => void): void };
  text(): Promise<string>;
  /** The body as a stream, where the environment has one (a bounded read uses it: bounded-exchange.ts). */
  body?: unknown;
}>;

/** Retry policy as data (Octokit's habit): what is retried, how often, how long. */
export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** Upper bound of all waiting for one call, in milliseconds. */
  maxTotalWaitMs: number;
  /** First backoff for 500 and network failures; doubles each attempt, with full jitter. */
  baseDelayMs: number;
  /** Cap of one backoff. */
  maxDelayMs: number;
  /** Longest Retry-After the client is willing to wait on a 429; longer fails at once with rate_limited. */
  maxRetryAfterMs: number;
}

export interface ClientOptions {
  /**
   * The service's base address without /api/v1, e.g. http://127.0.0.1:8787,
   * or '' for the page's own origin (a proxy on the same host).
   */
  baseUrl: string;
  /** Personal access token. Omit it when talking to the token-keeping proxy. */
  token?: string;
  retry?: Partial<RetryPolicy>;
  /** Milliseconds since the epoch; injectable so tests control time. */
  now?: () => number;
  /** A number in [0, 1); injectable so backoff jitter is testable. */
  random?: () => number;
}

export interface AsyncClientOptions extends ClientOptions {
  /** Defaults to globalThis.fetch. */
  fetch?: FetchLike;
  /** Defaults to a setTimeout-based sleep that an abort signal cuts short. */
  sleep?: (ms: number, signal?: AbortSignalLike) => Promise<void>;
}

/** Apps Script's UrlFetchApp, or anything shaped like it, seen through the core's types. */
export interface SyncTransport {
  fetch(request: HttpRequest): HttpResponse;
  /** Sends several requests at once (UrlFetchApp.fetchAll); answers in the same order. */
  fetchAll(requests: HttpRequest[]): HttpResponse[];
}

export interface SyncClientOptions extends ClientOptions {
  transport: SyncTransport;
  /** Utilities.sleep in Apps Script. */
  sleep: (ms: number) => void;
}

export interface RequestOptions {
  signal?: AbortSignalLike;
}

export interface CollectOptions extends RequestOptions {
  /** Stop after this many rows; `capped` then says so. Default 10,000. */
  maxRows?: number;
  /** Pages in flight at once after page 1 told the total. Default 4. */
  concurrency?: number;
}

/** All rows of a paged list, or as many as the cap allowed. */
export interface Collected<N extends EndpointName> {
  /** The first page's body, for period, fetched_at and the other envelope fields. */
  first: ResponseOf<N>;
  rows: unknown[];
  /** `pagination.total` of the first page, when the list is paged. */
  total: number | undefined;
  /** True when rows stop at maxRows although the list has more. */
  capped: boolean;
  pages: number;
}

/** A followed `next_request`: which endpoint it named, its validated params, and the body. */
export interface FollowedRequest {
  name: EndpointName;
  params: Record<string, unknown>;
  body: unknown;
}

/** One request at a time, without paging or paths: what most widgets need (and all their bundle carries). */
export interface AivisReader {
  readonly baseUrl: string;
  /**
   * Validates params (throws validation_failed before any request), sends,
   * retries, parses. A set validateParams returned for this endpoint
   * (CheckedParams) is sent without a second check.
   */
  get<N extends EndpointName>(
    name: N,
    params: ParamsOf<N> | CheckedParams<N>,
    options?: RequestOptions,
  ): Promise<ResponseOf<N>>;
}

export interface AivisClient extends AivisReader {
  /** Follows an API path such as an action's next_request ("/api/v1/projects/1001/answers?..."). */
  getPath(path: string, options?: RequestOptions): Promise<FollowedRequest>;
  /** Pages of a list while pagination.has_more; stop early by breaking out of the loop. */
  pages<N extends EndpointName>(
    name: N,
    params: ParamsOf<N> | CheckedParams<N>,
    options?: RequestOptions,
  ): AsyncGenerator<ResponseOf<N>>;
  /** Every row of a list up to maxRows; pages after the first are fetched concurrently. */
  collect<N extends EndpointName>(
    name: N,
    params: ParamsOf<N> | CheckedParams<N>,
    options?: CollectOptions,
  ): Promise<Collected<N>>;
}

export interface AivisSyncClient {
  readonly baseUrl: string;
  get<N extends EndpointName>(name: N, params: ParamsOf<N> | CheckedParams<N>): ResponseOf<N>;
  getPath(path: string): FollowedRequest;
  /** Every row up to maxRows; the pages after the first go in one fetchAll batch. */
  collect<N extends EndpointName>(
    name: N,
    params: ParamsOf<N> | CheckedParams<N>,
    options?: { maxRows?: number },
  ): Collected<N>;
}
