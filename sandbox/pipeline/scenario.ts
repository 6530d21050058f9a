/** The scenario tokens that answer before any data is read: server error and slow. */
import type { Scenario } from '../auth.js';
import type { Exchange } from './exchange.js';
import { encodeError, fail, sendBytes } from './serialize.js';

const SERVER_ERROR = encodeError(
  'server_error',
  'The service failed to answer (sandbox server-error scenario). Retry later; if it keeps failing, report it.',
);

/** The server-error and slow scenarios; undefined when the request goes on to the data. */
export async function playScenario(
  exchange: Exchange,
  scenario: Scenario,
  slowDelayMs: number,
): Promise<Response | undefined> {
  if (scenario.behaviour === 'server_error') {
    return sendBytes(exchange, SERVER_ERROR.status, SERVER_ERROR.bytes);
  }
  if (scenario.behaviour === 'slow') {
    const finished = await delay(slowDelayMs, exchange.request.signal);
    if (!finished)
      return fail(exchange, 'server_error', 'The client went away before the answer was ready.');
  }
  return undefined;
}

/** Waits, unless the request is aborted first; leaves no timer behind either way. */
function delay(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
