/**
 * Parameter validation from the endpoint table. The result has the same shape
 * as the server's 422 (`errors`: parameter -> messages), so a bad parameter
 * reads the same whether the client or the service caught it.
 */

import {
  ENDPOINTS,
  type EndpointName,
  needsProject,
  type ParamsOf,
  projectParam,
  type Query,
} from './endpoints.js';
import { type ParamRule, readParam, writeParam } from './param-rules.js';
import { decodeComponent } from './query.js';

export type ValidationErrors = Record<string, string[]>;

/** Type only: no value carries this key, so the brand costs nothing at run time. */
declare const checkedFor: unique symbol;

/**
 * A parameter set validateParams accepted for endpoint N: typed, read into
 * canonical values, unknown keys gone. Nothing else produces one (the brand's
 * key is not exported), so a function that takes it knows the check is done;
 * the clients send it without checking again.
 */
export type CheckedParams<N extends EndpointName = EndpointName> = Readonly<ParamsOf<N>> & {
  readonly [checkedFor]: N;
};

export type ValidationResult<N extends EndpointName> =
  | { ok: true; params: CheckedParams<N> }
  | { ok: false; errors: ValidationErrors };

/**
 * The sets this module produced, by endpoint. Types vanish at run time, and
 * the clients also take raw input from JavaScript and spreadsheets, so they
 * ask here whether a set is checked. A WeakMap keeps no set alive and adds no
 * property a caller could copy or forge; the sets are frozen, so a checked set
 * cannot change after its check.
 */
const checkedSets = new WeakMap<object, EndpointName>();

function checked<N extends EndpointName>(name: N, params: Query): CheckedParams<N> {
  const frozen = Object.freeze(params);
  checkedSets.set(frozen, name);
  return frozen as unknown as CheckedParams<N>;
}

/** Whether `params` is a set validateParams produced for this endpoint (a set for another one is not). */
export function isChecked<N extends EndpointName>(
  name: N,
  params: unknown,
): params is CheckedParams<N> {
  // WeakMap.get answers undefined for a key that is not an object: raw text, numbers, null.
  return checkedSets.get(params as object) === name;
}

export interface ValidateOptions {
  /**
   * A client rejects unknown parameters (a typo would otherwise be ignored
   * silently); the sandbox, like most HTTP APIs, ignores them.
   */
  unknownParams?: 'reject' | 'ignore';
}

/** Empty spreadsheet cells and absent query values mean "not given". */
const isAbsent = (value: unknown) => value === undefined || value === null || value === '';

/** Own properties only: `constructor` or `toString` in a query is a name, never a built-in. */
const own = (record: object, key: string): unknown =>
  Object.hasOwn(record, key) ? (record as Record<string, unknown>)[key] : undefined;

/**
 * One rule for a key given more than once (`?include=a&include=b`, which is
 * how openapi-fetch and most form encoders send arrays): the values of a list
 * parameter merge, as if joined by commas; any other parameter must come once.
 * Returns the value to read, or the complaint.
 */
function mergeRepeats(rule: ParamRule, raw: unknown): { value: unknown } | { message: string } {
  if (!Array.isArray(raw)) return { value: raw };
  const given = raw.filter((item) => !isAbsent(item));
  if (rule.kind === 'list') {
    const items = given.flatMap((item) => (typeof item === 'string' ? item.split(',') : [item]));
    return { value: items.length > 0 ? items : undefined };
  }
  if (given.length <= 1) return { value: given[0] };
  return {
    message: `is given ${given.length} times (${given
      .slice(0, 3)
      .map((item) => `'${String(item).slice(0, 20)}'`)
      .join(', ')}${given.length > 3 ? ', …' : ''}); give it once`,
  };
}

export function validateParams<N extends EndpointName>(
  name: N,
  given: Record<string, unknown>,
  options: ValidateOptions = {},
): ValidationResult<N> {
  // A set this function already accepted for this endpoint is not read again
  // (isChecked, written out: the widget bundles carry one function fewer).
  if (checkedSets.get(given) === name) return { ok: true, params: given as CheckedParams<N> };
  // Untyped callers (Sheets, JavaScript) can pass anything; nothing is "no parameters".
  const input: Record<string, unknown> = typeof given === 'object' && given !== null ? given : {};
  const definition = ENDPOINTS[name];
  const rules = definition.params as Record<string, ParamRule>;
  // Maps, not objects: a key named __proto__ must not reach a prototype.
  const errors = new Map<string, string[]>();
  const params = new Map<string, unknown>();
  const complain = (param: string, message: string) => {
    errors.set(param, [...(errors.get(param) ?? []), message]);
  };

  const project = mergeRepeats(projectParam, own(input, 'project'));
  if ('message' in project) complain('project', project.message);
  else if (needsProject(name)) {
    if (isAbsent(project.value))
      complain('project', 'is required: give a numeric project id from GET /projects');
    else {
      const read = readParam(projectParam, project.value);
      if (read.ok) params.set('project', read.value);
      else complain('project', read.message);
    }
  } else if (!isAbsent(project.value)) {
    complain('project', `is not a parameter of GET ${definition.path}`);
  }

  for (const key of Object.keys(input)) {
    if (key === 'project') continue;
    const raw = input[key];
    const rule = Object.hasOwn(rules, key) ? rules[key] : undefined;
    if (!rule) {
      const given = Array.isArray(raw) ? raw.some((item) => !isAbsent(item)) : !isAbsent(raw);
      if (given && options.unknownParams !== 'ignore') {
        const known = Object.keys(rules);
        complain(
          key,
          known.length
            ? `is not a parameter of GET ${definition.path}; allowed: ${known.join(', ')}`
            : `is not a parameter of GET ${definition.path}, which takes none`,
        );
      }
      continue;
    }
    const merged = mergeRepeats(rule, raw);
    if ('message' in merged) {
      complain(key, merged.message);
      continue;
    }
    if (isAbsent(merged.value)) continue;
    const read = readParam(rule, merged.value);
    if (read.ok) params.set(key, read.value);
    else complain(key, read.message);
  }

  const validated: Query = Object.fromEntries(params);
  // Rules across parameters read the query as the service answers it (defaults filled in).
  if (errors.size === 0) {
    const filled = withDefaults(name, validated);
    for (const [param, rule] of Object.entries(rules)) {
      for (const message of rule.crossViolations?.(param, filled) ?? []) complain(param, message);
    }
  }
  return errors.size > 0
    ? { ok: false, errors: Object.fromEntries(errors) }
    : { ok: true, params: checked(name, validated) };
}

/**
 * The same checked set with one paging parameter changed (the pages after
 * the first ask from another `offset`; a table read asks for its largest
 * `limit`): only that value is new, so only it is read, by the endpoint's
 * own rule. Cross-parameter limits are the caller's to weigh.
 */
export function withCheckedPaging<N extends EndpointName>(
  name: N,
  params: CheckedParams<N>,
  key: 'offset' | 'limit',
  value: number,
): ValidationResult<N> {
  const rules = ENDPOINTS[name].params as Record<string, ParamRule>;
  const rule = Object.hasOwn(rules, key) ? rules[key] : undefined;
  if (!rule)
    return { ok: false, errors: { [key]: [`is not a parameter of GET ${ENDPOINTS[name].path}`] } };
  const read = readParam(rule, value);
  if (!read.ok) return { ok: false, errors: { [key]: [read.message] } };
  return { ok: true, params: checked(name, { ...(params as Query), [key]: read.value }) };
}

/** The query with every default filled in: what the service actually answers. */
export function withDefaults(name: EndpointName, params: Query): Query {
  const definition = ENDPOINTS[name];
  const rules = definition.params as Record<string, ParamRule>;
  const filled: Query = {};
  for (const [key, rule] of Object.entries(rules)) {
    if (params[key] !== undefined) filled[key] = params[key];
    else if ('default' in rule && rule.default !== undefined) filled[key] = rule.default;
  }
  // Defaults by another parameter's value (competitors' limit by dataset) read the filled query.
  for (const [key, rule] of Object.entries(rules)) {
    const byValue = filled[key] === undefined ? rule.crossDefault?.(filled) : undefined;
    if (byValue !== undefined) filled[key] = byValue;
  }
  if (params.project !== undefined) filled.project = params.project;
  return filled;
}

/**
 * Query-string pairs of validated params in the table's canonical order,
 * without the path parameter. Equal queries give equal pairs.
 */
export function queryPairs(name: EndpointName, params: Query): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const [key, rule] of Object.entries(ENDPOINTS[name].params as Record<string, ParamRule>)) {
    const value = params[key];
    if (value !== undefined) pairs.push([key, writeParam(rule, value)]);
  }
  return pairs;
}

/** The path under /api/v1 for validated params, e.g. /projects/1001/answers. */
export function endpointPath(name: EndpointName, params: Query): string {
  return ENDPOINTS[name].path.replace('{project}', String(params.project));
}

/** Percent-encodes query pairs without URLSearchParams (absent in Apps Script). */
export function encodeQuery(pairs: ReadonlyArray<readonly [string, string]>): string {
  return pairs
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
}

export interface MatchedRoute {
  name: EndpointName;
  /** The raw project segment; validation decides whether it is a valid id. */
  project?: string;
}

/** Which endpoint a path under /api/v1 names, e.g. /projects/1001/answers -> answers. */
export function matchEndpointPath(path: string): MatchedRoute | undefined {
  const segments = path.replace(/\/+$/, '').split('/').slice(1);
  for (const name of Object.keys(ENDPOINTS) as EndpointName[]) {
    const template = ENDPOINTS[name].path.split('/').slice(1);
    if (template.length !== segments.length) continue;
    let project: string | undefined;
    const matches = template.every((part, index) => {
      const segment = segments[index]!;
      if (part === '{project}') {
        project = decodeComponent(segment);
        return segment.length > 0;
      }
      return part === segment;
    });
    if (matches) return project === undefined ? { name } : { name, project };
  }
  return undefined;
}
