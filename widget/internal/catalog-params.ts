/**
 * A widget's request and its validation messages, read from its catalogue
 * entry (widget/catalog.ts): which attribute feeds which parameter, the
 * element's own defaults and fixed parameters. What a value may be is the
 * endpoint table's rule; this file only maps names both ways.
 */
import { ENDPOINTS, type EndpointName } from '../../shared/api/endpoints.js';
import type { ParamRule } from '../../shared/api/param-rules.js';
import {
  type CheckedParams,
  type ValidationErrors,
  validateParams,
} from '../../shared/api/validate.js';
import { AivisError, validationError } from '../../shared/http/errors.js';
import type { WidgetEntry } from '../catalog.js';

/** `include-highlights` -> `includeHighlights`: the property Lit keeps an attribute in. */
export const propertyOf = (attribute: string): string =>
  attribute.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

const ruleOf = (endpoint: EndpointName, param: string): ParamRule | undefined =>
  (ENDPOINTS[endpoint].params as Record<string, ParamRule>)[param];

/**
 * The raw parameters of the element's request: the project, the fixed
 * parameters, each attribute under the parameter it feeds (the element's own
 * default where it is absent) and `state` (what the element itself changes,
 * such as its page). A bare attribute (value '') of a yes/no parameter means
 * yes, as with HTML's boolean attributes.
 */
export function requestInput(
  entry: WidgetEntry,
  element: object,
  state: Record<string, unknown> = {},
): Record<string, unknown> {
  const input: Record<string, unknown> = {
    project: (element as { project?: unknown }).project,
    ...entry.fixed,
  };
  for (const [attribute, { param, default: fallback }] of Object.entries(entry.attributes)) {
    const value = (element as Record<string, unknown>)[propertyOf(attribute)] ?? fallback;
    input[param] = value === '' && ruleOf(entry.endpoint, param)?.kind === 'bool' ? 'true' : value;
  }
  return { ...input, ...state };
}

/**
 * The names the connection layer files its refusals under (shared/http/request.ts,
 * widget/internal/connection.ts) -> the card attribute that sets them.
 */
const CONNECTION_ATTRIBUTES: Readonly<Record<string, string>> = { base_url: 'base-url' };

/** Parameter -> the attribute that feeds it (project and token are attributes of every widget). */
function attributeOf(entry: WidgetEntry, param: string): string {
  for (const [attribute, fed] of Object.entries(entry.attributes)) {
    if (fed.param === param) return attribute;
  }
  return CONNECTION_ATTRIBUTES[param] ?? param;
}

/**
 * A refusal with its messages under the attributes the page's editor wrote:
 * the element's own check, the connection's, or the service's 422.
 */
export function forAttributes(entry: WidgetEntry, error: unknown): unknown {
  if (!(error instanceof AivisError) || !error.errors) return error;
  const errors: ValidationErrors = {};
  for (const [param, messages] of Object.entries(error.errors)) {
    const attribute = attributeOf(entry, param);
    errors[attribute] = [...(errors[attribute] ?? []), ...messages];
  }
  // The one-line message names them too (an event listener may show it).
  const message =
    error.code === 'validation_failed' ? validationError(errors).message : error.message;
  return new AivisError({ ...error.toJSON(), message, errors });
}

/**
 * The element's parameters, checked once against the endpoint table. The
 * checked set goes to the client as it is (docs/widgets.md, "Adding an
 * element"); a refusal names parameters (forAttributes renames them).
 */
export function checkedParams<N extends EndpointName>(
  entry: WidgetEntry<N>,
  input: Record<string, unknown>,
): CheckedParams<N> {
  const checked = validateParams(entry.endpoint, input);
  if (checked.ok) return checked.params;
  throw validationError(checked.errors);
}
