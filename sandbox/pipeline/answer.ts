/** The endpoint's handler answers from the generated data (spec 4; sandbox/handlers/). */
import type { AccountId } from '../data/catalog.js';
import type { Dataset } from '../data/dataset.js';
import { HANDLERS } from '../handlers/index.js';
import type { Exchange } from './exchange.js';
import { send } from './serialize.js';
import { type ValidRequest, validationFailed } from './validate.js';

export function answer(
  exchange: Exchange,
  { route, data, query }: ValidRequest,
  dataset: Dataset,
  account: AccountId,
): Response {
  const result = HANDLERS[route.name]({ dataset, account, data, query });
  if ('errors' in result) return validationFailed(exchange, result.errors);
  return send(exchange, 200, result.body);
}
