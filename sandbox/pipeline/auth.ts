/** The token decides the account, its budget and its scenario (data-api 5; sandbox/auth.ts). */
import { authenticate, type Scenario } from '../auth.js';
import type { Exchange, StepResult } from './exchange.js';
import { type EncodedError, encodeError, sendBytes } from './serialize.js';

/** Envelopes of the authentication failures, by message: a handful of fixed texts (auth.ts). */
const FAILURES = new Map<string, EncodedError>();
const MAX_FAILURES = 32;

export function authenticateStep(exchange: Exchange): StepResult<Scenario> {
  const auth = authenticate(
    exchange.request.headers.get('authorization'),
    exchange.url.searchParams,
  );
  if (!auth.ok) {
    const { code, message, plans_url } = auth.failure;
    let error = FAILURES.get(message);
    if (!error) {
      error = encodeError(code, message, plans_url ? { plans_url } : {});
      if (FAILURES.size < MAX_FAILURES) FAILURES.set(message, error);
    }
    return { response: sendBytes(exchange, error.status, error.bytes) };
  }
  exchange.account = auth.scenario.account;
  return { value: auth.scenario };
}
