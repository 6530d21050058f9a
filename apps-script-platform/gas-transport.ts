/**
 * UrlFetchApp seen through the core's SyncTransport, with a time budget.
 * Sheets stops a custom function after 30 seconds; rather than be cut off
 * with a bare "exceeded maximum execution time", the add-on stops sending
 * and sleeping when its budget is spent and says so.
 */

import type { HttpRequest, HttpResponse, SyncTransport } from '../shared/client/types.js';
import { AivisError } from '../shared/http/errors.js';
import { redactSecret, redactSecretInJson } from '../shared/http/redaction.js';

export interface Budget {
  /** Milliseconds since the epoch after which nothing new starts. */
  deadline: number;
  totalMs: number;
}

export function startBudget(totalMs: number): Budget {
  return { deadline: Date.now() + totalMs, totalMs };
}

export function budgetExceeded(budget: Budget): AivisError {
  const seconds = Math.round(budget.totalMs / 1000);
  return new AivisError({
    code: 'timeout',
    status: 0,
    message: `The service did not answer within ${seconds} seconds (Sheets stops a custom function at 30). Try again later, lower max_rows, or use Insert report for long lists.`,
  });
}

function toOptions(request: HttpRequest): GoogleAppsScript.URL_Fetch.URLFetchRequest {
  return {
    url: request.url,
    method: 'get',
    headers: request.headers,
    // The core reads error bodies (data-api 7); an exception would hide them.
    muteHttpExceptions: true,
    followRedirects: false,
  };
}

function toResponse(response: GoogleAppsScript.URL_Fetch.HTTPResponse): HttpResponse {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.getAllHeaders() as Record<string, unknown>)) {
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return { status: response.getResponseCode(), headers, body: response.getContentText('UTF-8') };
}

export interface CountingTransport extends SyncTransport {
  /** UrlFetchApp calls made (a fetchAll batch counts once per request in it). */
  readonly requests: number;
}

export function urlFetchTransport(budget: Budget): CountingTransport {
  let requests = 0;
  const guard = () => {
    if (Date.now() >= budget.deadline) throw budgetExceeded(budget);
  };
  return {
    get requests() {
      return requests;
    },
    fetch(request) {
      guard();
      requests += 1;
      const { url, ...options } = toOptions(request);
      return toResponse(UrlFetchApp.fetch(url, options));
    },
    fetchAll(batch) {
      guard();
      requests += batch.length;
      return UrlFetchApp.fetchAll(batch.map(toOptions)).map(toResponse);
    },
  };
}

/** Utilities.sleep that refuses to sleep past the budget (429 Retry-After, backoff). */
export function budgetSleep(budget: Budget): (ms: number) => void {
  return (ms) => {
    if (Date.now() + ms >= budget.deadline) throw budgetExceeded(budget);
    Utilities.sleep(ms);
  };
}

/**
 * Answers with every echoed form of the token removed (shared/http/redaction.ts)
 * before anything reads them: no cell, CacheService value or message can hold it.
 */
export function scrubbedTransport(inner: SyncTransport, token: string): SyncTransport {
  const scrub = (response: HttpResponse): HttpResponse => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      headers[name] = redactSecret(value, token);
    }
    return { status: response.status, headers, body: redactSecretInJson(response.body, token) };
  };
  return {
    fetch: (request) => scrub(inner.fetch(request)),
    fetchAll: (batch) => inner.fetchAll(batch).map(scrub),
  };
}
