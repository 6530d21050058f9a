/**
 * The sandbox as a standard fetch handler: a pipeline of small steps, in the
 * order of data-api 4, 5, 7 and 8: route (preflight, methods, document), auth,
 * rate limit, scenario, endpoint, validation, answer (sandbox/pipeline/).
 * Pure apart from the injected clock and the rate-limit state.
 */

import { stringify } from 'yaml';
import type { RequestHead } from '../server/request-head.js';
import { abortableSleep } from '../shared/http/edge.js';
import { buildOpenApiDocument, DEFAULT_SERVER_URL } from '../shared/openapi/document.js';
import { createDataset, DEFAULT_NOW } from './data/dataset.js';
import type { DriftName } from './data/drift.js';
import { createAnswerer } from './pipeline/answer.js';
import { authenticateStep } from './pipeline/auth.js';
import { openExchange, type RequestLogEntry } from './pipeline/exchange.js';
import { spendBudget } from './pipeline/rate-limit.js';
import { answerOutsideApi, routeEndpoint } from './pipeline/route.js';
import { playScenario } from './pipeline/scenario.js';
import { validateRequest } from './pipeline/validate.js';
import { createRateLimiter } from './rate-limit.js';

export type { RequestLogEntry };

export interface SandboxOptions {
  /** The sandbox's today, YYYY-MM-DD; default 2026-11-15. */
  now?: string;
  /** Enforce the per-minute budget (headers are sent either way). Default true. */
  rateLimit?: boolean;
  /** Delay of the aivis_test_slow token. Default 5000 ms. */
  slowDelayMs?: number;
  /**
   * Instead of the delay, what the aivis_test_slow token waits for: a test
   * that must see the loading state holds the answer until it has (no real
   * wait). Must reject when the signal aborts.
   */
  slowWait?: (signal: AbortSignal) => Promise<void>;
  /**
   * The named drift step the data is in (sandbox/data/drift.ts), read per
   * request: a test moves the figures between two runs of a client.
   * Default: always 'baseline'.
   */
  drift?: () => DriftName;
  /** Milliseconds since the epoch, for the rate limit. Default Date.now. */
  clock?: () => number;
  /** Receives one entry per request; never a token. */
  onRequest?: (entry: RequestLogEntry) => void;
  /**
   * The address the sandbox listens on, for the OpenAPI document's `servers`
   * (a function: the port is known only once listening). Never taken from a
   * request's Host header, which any client can set. Default
   * http://127.0.0.1:8787.
   */
  serverUrl?: () => string;
}

export function createSandboxHandler(options: SandboxOptions = {}) {
  // One dataset (and its answerer) per drift step, built on first use.
  const steps = new Map<
    DriftName,
    { dataset: ReturnType<typeof createDataset>; answers: ReturnType<typeof createAnswerer> }
  >();
  const stepOf = (name: DriftName) => {
    let step = steps.get(name);
    if (!step) {
      const dataset = createDataset(options.now ?? DEFAULT_NOW, name);
      step = { dataset, answers: createAnswerer(dataset) };
      steps.set(name, step);
    }
    return step;
  };
  const drift = options.drift ?? (() => 'baseline' as const);
  const limiter = createRateLimiter({
    now: options.clock ?? Date.now,
    enforce: options.rateLimit !== false,
  });
  const slowDelayMs = options.slowDelayMs ?? 5_000;
  const slowWait =
    options.slowWait ?? ((signal: AbortSignal) => abortableSleep(slowDelayMs, signal));
  const serverUrl = options.serverUrl ?? (() => DEFAULT_SERVER_URL);
  let openApi: { url: string; yaml: string } | undefined;
  const openApiYaml = () => {
    const url = serverUrl();
    if (openApi?.url !== url)
      openApi = { url, yaml: stringify(buildOpenApiDocument({ serverUrl: url })) };
    return openApi.yaml;
  };

  const handle = async (request: RequestHead): Promise<Response> => {
    const exchange = openExchange(request, options.onRequest);
    const outside = answerOutsideApi(exchange, openApiYaml);
    if (outside) return outside;
    const auth = authenticateStep(exchange);
    if ('response' in auth) return auth.response;
    const scenario = auth.value;
    const refused =
      spendBudget(exchange, scenario, limiter) ??
      (await playScenario(exchange, scenario, slowWait));
    if (refused) return refused;
    const { dataset, answers } = stepOf(drift());
    const account = scenario.dataAccount ?? 'A';
    const known = answers.known(exchange, account, scenario.oldNames === true);
    if (known) return known;
    const route = routeEndpoint(exchange);
    if ('response' in route) return route.response;
    const valid = validateRequest(exchange, route.value, dataset, account);
    if ('response' in valid) return valid.response;
    return answers.answer(exchange, valid.value, account, scenario.oldNames === true);
  };
  // It reads of a GET or HEAD only the request's head: the Node host builds no fetch Request for one.
  return Object.assign(handle, { readsRequestHeads: true as const });
}
