/** The token decides the account, its budget and its scenario (spec 5; sandbox/auth.ts). */
import { authenticate, type Scenario } from '../auth.js';
import type { Exchange, StepResult } from './exchange.js';
import { fail } from './serialize.js';

export function authenticateStep(exchange: Exchange): StepResult<Scenario> {
  const auth = authenticate(
    exchange.request.headers.get('authorization'),
    exchange.url.searchParams,
  );
  if (!auth.ok) {
    const { code, message, plans_url } = auth.failure;
    return { response: fail(exchange, code, message, plans_url ? { plans_url } : {}) };
  }
  exchange.account = auth.scenario.account;
  return { value: auth.scenario };
}
