/**
 * The async client with the zod schemas as its contract check (compiled into
 * closures, shared/schemas/compiled-check.ts): what Node, workers, the
 * explorer and users of the core call. The widget bundle uses
 * createFetchClient with compact shapes instead, to stay small.
 */
import { compiledCheck } from '../schemas/compiled-check.js';
import { createFetchClient } from './fetch-client.js';
import type { AivisClient, AsyncClientOptions } from './types.js';

export function createClient(options: AsyncClientOptions): AivisClient {
  return createFetchClient(options, compiledCheck);
}
