/** Typed response bodies per endpoint, inferred from the schemas of the table. */
import type * as z from 'zod/mini';
import type { UnavailableSource } from '../schemas/common.js';
import type { ENDPOINTS, EndpointName } from './endpoints.js';

type VariantsOf<N extends EndpointName> = (typeof ENDPOINTS)[N]['responseVariants'][number];

/** The body an endpoint returns; connected sources may instead say `available: false`. */
export type ResponseOf<N extends EndpointName> =
  | z.infer<VariantsOf<N>>
  | ((typeof ENDPOINTS)[N]['connectedSource'] extends true ? UnavailableSource : never);
