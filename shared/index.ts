/** The public surface of the core: what widgets, the Sheets add-on, the proxy and users import. */
export {
  ENDPOINT_NAMES,
  ENDPOINTS,
  type EndpointName,
  needsProject,
  type ParamsOf,
  type Query,
} from './api/endpoints.js';
export { describeAllowed, describeRule, type ParamRule, readParam } from './api/param-rules.js';
export type { ResponseOf } from './api/responses.js';
export {
  type CheckedParams,
  encodeQuery,
  endpointPath,
  isChecked,
  matchEndpointPath,
  queryPairs,
  type ValidationErrors,
  validateParams,
  withDefaults,
} from './api/validate.js';
export * from './api/vocabulary.js';
export { createClient } from './client/async-client.js';
export { createSyncClient } from './client/sync-client.js';
export type * from './client/types.js';
export {
  AivisError,
  type AivisErrorDetails,
  errorEnvelope,
  isAivisError,
  summarizeValidationErrors,
} from './http/errors.js';
export { apiUrl, buildRequest, normalizeBaseUrl, parseApiPath } from './http/request.js';
export { interpretResponse } from './http/response.js';
export { DEFAULT_RETRY_POLICY, retryDelay } from './http/retry.js';
export { buildOpenApiDocument } from './openapi/document.js';
export type * from './schemas/action-plan.js';
export type * from './schemas/answers.js';
export type * from './schemas/common.js';
export type * from './schemas/competitors.js';
export type * from './schemas/project.js';
export type * from './schemas/summary.js';
export { isFormulaLike, neutralizeFormula, toCsv } from './table/csv.js';
export { toTable } from './table/normalize.js';
export type * from './table/types.js';
