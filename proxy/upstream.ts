/**
 * One upstream call: waits for a slot in the budget, sends GET with the
 * proxy's token to the configured base and nowhere else, and sorts the answer
 * into what the handler needs: a fresh 200 to cache, an outage it may cover
 * with a stale copy (429, 5xx, network, budget), or a refusal to pass on.
 */
import { API_PREFIX } from '../shared/api/vocabulary.js';
import { MAX_UPSTREAM_BODY_BYTES } from './body-limit.js';
import { BufferBusyError, type ByteBudget, type Release } from './byte-budget.js';
import type { CachedAnswer } from './cache.js';
import type { ProxyConfig } from './config.js';
import { strongEtag } from './etag.js';
import { isJsonText } from './json-check.js';
import type { Pacer } from './pacer.js';
import { JSON_TYPE, jsonError, YAML_TYPE } from './responses.js';
import { scrubBody } from './scrub.js';
import {
  GONE,
  readErrorBody,
  replay,
  retryAfterSeconds,
  tokenRefused,
  withSentence,
} from './upstream-errors.js';

export type UpstreamOutcome =
  /** `shared`: another instance's call, read from the store they share. */
  | { kind: 'fresh'; entry: CachedAnswer; shared?: true }
  /** Worth covering with a stale copy: upstream 429, 5xx, no answer, or no budget left. */
  | { kind: 'unavailable'; reason: string; response: () => Response }
  /** The service said no (401, 403, 404, 422): pass it on, never cover it. */
  | { kind: 'refused'; status: number; response: () => Response };

export interface UpstreamCall {
  config: ProxyConfig;
  /** Canonical path and query from resolveRoute, starting with /api/v1 or /openapi. */
  upstreamPath: string;
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  pacer: Pacer;
  /** Bytes of answers held at once (MAX_BUFFERED_BYTES). */
  buffers: ByteBudget;
  now: () => number;
  onSend: () => void;
  /** Reshapes a 200 body before it is cached (the project allowlist); undefined refuses it. */
  reshape?: (body: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer> | undefined;
}

/** Headers of an upstream error worth passing on; nothing else of upstream's is. */
const PASSED_HEADERS = ['Retry-After', 'X-RateLimit-Limit', 'X-RateLimit-Remaining'] as const;

export async function fetchUpstream(call: UpstreamCall): Promise<UpstreamOutcome> {
  const { config, pacer } = call;
  const slot = await pacer.acquire();
  if (!slot.ok) {
    const seconds = Math.max(1, Math.ceil(slot.retryAfterMs / 1000));
    return {
      kind: 'unavailable',
      reason: 'proxy budget',
      response: () =>
        jsonError(
          429,
          'rate_limited',
          `The proxy keeps within the account's budget of ${pacer.limit} requests per minute and has none left now. Try again in ${seconds} s.`,
          { retry_after: seconds },
          { 'Retry-After': String(seconds) },
        ),
    };
  }

  // The base comes from the configuration, the path from the endpoint table.
  const target = `${config.baseUrl}${call.upstreamPath}`;
  if (new URL(target).origin !== new URL(config.baseUrl).origin) {
    throw new Error('upstream URL left the configured origin');
  }
  const isApi = call.upstreamPath.startsWith(`${API_PREFIX}/`);
  call.onSend();
  let upstream: Response | undefined;
  let body: { bytes: Uint8Array<ArrayBuffer>; text: string; wellFormed: boolean };
  let release: Release = () => undefined;
  try {
    const signal = AbortSignal.timeout(config.upstreamTimeoutMs);
    upstream = await call.fetch(target, {
      method: 'GET',
      headers: {
        Authorization: `Bearer ${config.token}`,
        Accept: isApi ? 'application/json' : 'application/yaml, text/yaml, */*',
      },
      // A redirect could lead anywhere, token and all: treat it as a broken upstream.
      redirect: 'manual',
      signal,
    });
    // Room for the body before it is read: the declared length, or the most an answer may be.
    const declared = Number(upstream.headers.get('Content-Length') ?? Number.NaN);
    const expected =
      Number.isInteger(declared) && declared >= 0 && declared <= MAX_UPSTREAM_BODY_BYTES
        ? declared
        : MAX_UPSTREAM_BODY_BYTES;
    release = await call.buffers.reserve(expected, signal);
    const read = await readLimited(upstream, expected);
    if (read === undefined) {
      release();
      return badGateway('upstream answer too large');
    }
    body = scrubBody(read, config.token, isApi);
  } catch (error) {
    release();
    // An unread body would hold its connection open.
    if (upstream?.body && !upstream.bodyUsed && !upstream.body.locked) {
      await upstream.body.cancel().catch(() => undefined);
    }
    if (error instanceof BufferBusyError) {
      return {
        kind: 'unavailable',
        reason: 'proxy busy',
        response: () =>
          jsonError(
            503,
            'server_error',
            'The proxy is reading too many large answers at once. Try again in a few seconds.',
            {},
            { 'Retry-After': '5' },
          ),
      };
    }
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    const reason = timedOut ? 'upstream timeout' : 'upstream unreachable';
    return {
      kind: 'unavailable',
      reason,
      response: () =>
        jsonError(
          timedOut ? 504 : 502,
          'server_error',
          timedOut
            ? `The service did not answer within ${Math.round(config.upstreamTimeoutMs / 1000)} s. Try again later.`
            : 'The proxy could not reach the service. Try again later; if it persists, tell the proxy operator to check AIVIS_BASE_URL.',
        ),
    };
  }
  try {
    return await settle(call, upstream, body, isApi);
  } finally {
    // Cached or not, the body is no longer being worked on.
    release();
  }
}

/** Sorts a read and scrubbed answer into an outcome. */
async function settle(
  call: UpstreamCall,
  upstream: Response,
  scrubbed: { bytes: Uint8Array<ArrayBuffer>; text: string; wellFormed: boolean },
  isApi: boolean,
): Promise<UpstreamOutcome> {
  let body = scrubbed.bytes;
  const { pacer } = call;
  pacer.observe(
    upstream.headers.get('X-RateLimit-Limit'),
    // On a 429, Retry-After says when the budget comes back; Remaining: 0 says nothing more.
    upstream.status === 429 ? null : upstream.headers.get('X-RateLimit-Remaining'),
  );

  if (upstream.status === 200) {
    // The scan reads the text; only bytes that are that text exactly (UTF-8) may be served as it.
    if (isApi && (!scrubbed.wellFormed || !isJsonText(scrubbed.text))) {
      return badGateway('upstream sent a non-JSON answer');
    }
    if (call.reshape) {
      const reshaped = call.reshape(body);
      if (reshaped === undefined) return badGateway('upstream sent a list the proxy cannot filter');
      body = reshaped;
    }
    return {
      kind: 'fresh',
      entry: {
        status: 200,
        body,
        // Upstream's own Content-Type is not passed on: text/html would make the body a page.
        contentType: isApi ? JSON_TYPE : YAML_TYPE,
        etag: await strongEtag(body),
        storedAt: call.now(),
      },
    };
  }

  const passed: Record<string, string> = {};
  for (const name of PASSED_HEADERS) {
    const value = upstream.headers.get(name);
    if (value !== null) passed[name] = value;
  }
  const envelope = readErrorBody(scrubbed.text);

  if (upstream.status === 429) {
    const seconds = retryAfterSeconds(passed['Retry-After'], envelope);
    pacer.blockFor(seconds * 1000);
    passed['Retry-After'] = String(seconds);
    return {
      kind: 'unavailable',
      reason: 'upstream 429',
      response: () =>
        envelope
          ? replay(429, envelope, passed)
          : jsonError(
              429,
              'rate_limited',
              `The service's per-minute budget is used up. Try again in ${seconds} s.`,
              { retry_after: seconds },
              passed,
            ),
    };
  }
  if (upstream.status >= 500) {
    return {
      kind: 'unavailable',
      reason: `upstream ${upstream.status}`,
      response: () =>
        envelope
          ? replay(upstream.status, envelope, passed)
          : jsonError(
              502,
              'server_error',
              `The service failed (HTTP ${upstream.status}). Try again later.`,
              {},
              passed,
            ),
    };
  }
  if (upstream.status >= 300 && upstream.status < 400) {
    return badGateway(`upstream ${upstream.status} redirect`);
  }
  if (upstream.status === 401 || upstream.status === 403) {
    return {
      kind: 'refused',
      status: upstream.status,
      response: () => tokenRefused(upstream.status, envelope, passed),
    };
  }
  const status = upstream.status;
  return {
    kind: 'refused',
    status,
    response: () =>
      envelope
        ? replay(status, status === 404 ? withSentence(envelope, GONE) : envelope, passed)
        : status === 404
          ? jsonError(404, 'not_found', `The service has no such resource. ${GONE}`, {}, passed)
          : jsonError(
              502,
              'server_error',
              `The service answered HTTP ${status} without an error body.`,
              {},
              passed,
            ),
  };
}

async function readLimited(
  response: Response,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const declared = Number(response.headers.get('Content-Length') ?? Number.NaN);
  if (declared > maxBytes || response.body === null) {
    await response.body?.cancel();
    return response.body === null ? new Uint8Array(0) : undefined;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

function badGateway(reason: string): UpstreamOutcome {
  return {
    kind: 'unavailable',
    reason,
    response: () =>
      jsonError(
        502,
        'server_error',
        'The service sent an answer the proxy cannot use. Try again later; if it persists, tell the proxy operator to check AIVIS_BASE_URL.',
      ),
  };
}
