/**
 * The endpoint's handler answers from the generated data (data-api 4;
 * sandbox/handlers/). The data is deterministic for a sandbox's "today", so
 * an answer is computed and encoded once per (account, endpoint, normalized
 * query) and served as the same bytes after; the per-request parts (rate
 * headers, the log) are added by serialize.ts.
 */
import { FIRST_GUESSES } from '../../shared/aliases.js';
import { encodeQuery, queryPairs, type ValidationErrors } from '../../shared/api/validate.js';
import type { Dataset } from '../data/dataset.js';
import type { AccountId } from '../data/world.js';
import { HANDLERS } from '../handlers/index.js';
import type { Exchange } from './exchange.js';
import { encodeJson, sendBytes } from './serialize.js';
import { type ValidRequest, validationFailed } from './validate.js';

/** Distinct answers kept; the oldest goes first. A constant bound whatever clients ask. */
export const ANSWER_CACHE_ENTRIES = 256;

type Encoded = { bytes: Uint8Array } | { errors: ValidationErrors };

/** A Map that forgets its oldest entry past a constant size. */
function boundedSet<V>(map: Map<string, V>, key: string, value: V): void {
  if (map.size >= ANSWER_CACHE_ENTRIES) map.delete(map.keys().next().value as string);
  map.set(key, value);
}

/** Request targets that may key the fast path: nothing that could hold a token or a secret. */
const SECRET_LOOKING = /aivis_|token|key|auth|secret|password/i;

const FIRST_GUESS = new Map(Object.entries(FIRST_GUESSES));

/** A body under the names the client first guessed (the old-names scenario); depth is bounded by the handlers' own bodies. */
function withFirstGuesses(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withFirstGuesses);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      FIRST_GUESS.get(key) ?? key,
      withFirstGuesses(item),
    ]),
  );
}

export function createAnswerer(dataset: Dataset) {
  const byQuery = new Map<string, Encoded>();
  // The same answers by request target, so a repeated URL skips parsing and
  // validating it again: only targets that were valid are ever stored.
  const byTarget = new Map<string, Encoded>();
  const targetKey = (exchange: Exchange, account: AccountId, oldNames = false) =>
    `${account}${oldNames ? ' old' : ''}\n${exchange.url.pathname}${exchange.url.search}`;
  const send = (exchange: Exchange, encoded: Encoded) =>
    'errors' in encoded
      ? validationFailed(exchange, encoded.errors)
      : sendBytes(exchange, 200, encoded.bytes);

  return {
    /** The answer to a target seen before, or undefined (then route, validate and answer). */
    known(exchange: Exchange, account: AccountId, oldNames = false): Response | undefined {
      const encoded = byTarget.get(targetKey(exchange, account, oldNames));
      return encoded && send(exchange, encoded);
    },
    answer(
      exchange: Exchange,
      valid: ValidRequest,
      account: AccountId,
      oldNames = false,
    ): Response {
      const { route, data, query } = valid;
      // The normalized query: validated values with defaults, in the table's order (never a token).
      const key = `${account}${oldNames ? ' old' : ''}\n${route.name}\n${String(query.project ?? '')}\n${encodeQuery(queryPairs(route.name, query))}`;
      let encoded = byQuery.get(key);
      if (!encoded) {
        const result = HANDLERS[route.name]({ dataset, account, data, query });
        encoded =
          'errors' in result
            ? { errors: result.errors }
            : { bytes: encodeJson(oldNames ? withFirstGuesses(result.body) : result.body) };
        boundedSet(byQuery, key, encoded);
      }
      if (!SECRET_LOOKING.test(exchange.url.search))
        boundedSet(byTarget, targetKey(exchange, account, oldNames), encoded);
      return send(exchange, encoded);
    },
  };
}
