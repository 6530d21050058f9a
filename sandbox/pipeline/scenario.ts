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
  /** How the slow token waits; rejects when the client goes away (the signal aborts). */
  slowWait: (signal: AbortSignal) => Promise<void>,
): Promise<Response | undefined> {
  if (scenario.behaviour === 'server_error') {
    return sendBytes(exchange, SERVER_ERROR.status, SERVER_ERROR.bytes);
  }
  if (scenario.behaviour === 'slow') {
    try {
      await slowWait(exchange.request.signal);
    } catch {
      return fail(exchange, 'server_error', 'The client went away before the answer was ready.');
    }
  }
  return undefined;
}
