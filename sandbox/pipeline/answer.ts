/**
 * The endpoint's handler answers from the generated data (spec 4;
 * sandbox/handlers/). The data is deterministic for a sandbox's "today", so
 * an answer is computed and encoded once per (account, endpoint, normalized
 * query) and served as the same bytes after; the per-request parts (rate
 * headers, the log) are added by serialize.ts.
 */
import { encodeQuery, queryPairs, type ValidationErrors } from '../../shared/api/validate.js';
import type { AccountId } from '../data/catalog.js';
import type { Dataset } from '../data/dataset.js';
import { HANDLERS } from '../handlers/index.js';
import type { Exchange } from './exchange.js';
import { encodeJson, sendBytes } from './serialize.js';
import { type ValidRequest, validationFailed } from './validate.js';

/** Distinct answers kept; the oldest goes first. A constant bound whatever clients ask. */
export const ANSWER_CACHE_ENTRIES = 256;

type Encoded = { bytes: Uint8Array } | { errors: ValidationErrors };

export function createAnswerer(dataset: Dataset) {
  const cache = new Map<string, Encoded>();
  return function answer(exchange: Exchange, valid: ValidRequest, account: AccountId): Response {
    const { route, data, query } = valid;
    // The normalized query: validated values with defaults, in the table's order (never a token).
    const key = `${account}\n${route.name}\n${String(query.project ?? '')}\n${encodeQuery(queryPairs(route.name, query))}`;
    let encoded = cache.get(key);
    if (!encoded) {
      const result = HANDLERS[route.name]({ dataset, account, data, query });
      encoded = 'errors' in result ? { errors: result.errors } : { bytes: encodeJson(result.body) };
      if (cache.size >= ANSWER_CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
      cache.set(key, encoded);
    }
    if ('errors' in encoded) return validationFailed(exchange, encoded.errors);
    return sendBytes(exchange, 200, encoded.bytes);
  };
}
