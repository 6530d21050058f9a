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

export type ValidationErrors = Record<string, string[]>;

export type ValidationResult<N extends EndpointName> =
  | { ok: true; params: ParamsOf<N> }
  | { ok: false; errors: ValidationErrors };

export interface ValidateOptions {
  /**
   * A client rejects unknown parameters (a typo would otherwise be ignored
   * silently); the sandbox, like most HTTP APIs, ignores them.
   */
  unknownParams?: 'reject' | 'ignore';
}

/** Empty spreadsheet cells and absent query values mean "not given". */
const isAbsent = (value: unknown) => value === undefined || value === null || value === '';

export function validateParams<N extends EndpointName>(
  name: N,
  input: Record<string, unknown>,
  options: ValidateOptions = {},
): ValidationResult<N> {
  const definition = ENDPOINTS[name];
  const rules = definition.params as Record<string, ParamRule>;
  const errors: ValidationErrors = {};
  const params: Query = {};
  const complain = (param: string, message: string) => {
    errors[param] = [...(errors[param] ?? []), message];
  };

  if (needsProject(name)) {
    if (isAbsent(input.project))
      complain('project', 'is required: give a numeric project id from GET /projects');
    else {
      const read = readParam(projectParam, input.project);
      if (read.ok) params.project = read.value;
      else complain('project', read.message);
    }
  } else if (!isAbsent(input.project)) {
    complain('project', `is not a parameter of GET ${definition.path}`);
  }

  for (const [key, raw] of Object.entries(input)) {
    if (key === 'project' || isAbsent(raw)) continue;
    const rule = rules[key];
    if (!rule) {
      if (options.unknownParams !== 'ignore') {
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
    const read = readParam(rule, raw);
    if (read.ok) params[key] = read.value;
    else complain(key, read.message);
  }

  if (Object.keys(errors).length === 0 && definition.crossRules) {
    for (const [param, message] of definition.crossRules(withDefaults(name, params)))
      complain(param, message);
  }
  return Object.keys(errors).length > 0
    ? { ok: false, errors }
    : { ok: true, params: params as ParamsOf<N> };
}

/** The query with every default filled in: what the service actually answers. */
export function withDefaults(name: EndpointName, params: Query): Query {
  const definition = ENDPOINTS[name];
  const filled: Query = {};
  for (const [key, rule] of Object.entries(definition.params as Record<string, ParamRule>)) {
    if (params[key] !== undefined) filled[key] = params[key];
    else if ('default' in rule && rule.default !== undefined) filled[key] = rule.default;
  }
  if ('dynamicDefaults' in definition && definition.dynamicDefaults) {
    for (const [key, value] of Object.entries(definition.dynamicDefaults(filled))) {
      if (filled[key] === undefined) filled[key] = value;
    }
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
        project = decodeURIComponent(segment);
        return segment.length > 0;
      }
      return part === segment;
    });
    if (matches) return project === undefined ? { name } : { name, project };
  }
  return undefined;
}
