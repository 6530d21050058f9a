/**
 * Real sandbox bodies for every endpoint, and one-field mutations of them:
 * what the contract-check suites (shape-check, compiled-check) hold their
 * checks to, beside the zod reference.
 */
import fc from 'fast-check';
import { afterAll, beforeAll } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.js';
import type { EndpointName, Query } from '../../shared/api/endpoints.js';
import {
  encodeQuery,
  queryPairs,
  validateParams,
  withDefaults,
} from '../../shared/api/validate.js';

export interface ContractBody {
  name: EndpointName;
  query: Query;
  body: unknown;
  label: string;
}

const CALLS: Array<[EndpointName, Record<string, unknown>]> = [
  ['projects', {}],
  ['summary', { project: 1001 }],
  ['summary', { project: 1002 }],
  ['summary', { project: 1003, period: 'last_year' }],
  ['answers', { project: 1001, include_answer_text: true }],
  ['answers', { project: 1003 }],
  ['competitors', { project: 1001, include_highlights: true }],
  ['competitors', { project: 1001, dataset: 'detail', competitor: 'a' }],
  ['competitors', { project: 1001, dataset: 'history' }],
  ['citations', { project: 1001 }],
  ['citations', { project: 1001, group_by: 'domain' }],
  ['search-performance', { project: 1001 }],
  ['search-performance', { project: 1001, dataset: 'top_queries' }],
  ['search-performance', { project: 1001, dataset: 'history' }],
  ['search-performance', { project: 1002, source: 'bing' }],
  ['ai-traffic', { project: 1001, dataset: 'landing_pages' }],
  ['ai-traffic', { project: 1002 }],
  ['action-plan', { project: 1001 }],
  ['action-plan', { project: 1002 }],
];

/** Starts a sandbox, fetches every call's body, and gives them with the sandbox (close it after). */
export async function fetchContractBodies(): Promise<{
  sandbox: RunningSandbox;
  bodies: ContractBody[];
}> {
  const sandbox = await startSandbox({ port: 0, rateLimit: false });
  const bodies: ContractBody[] = [];
  for (const [name, input] of CALLS) {
    const validated = validateParams(name, input);
    if (!validated.ok) throw new Error(JSON.stringify(validated.errors));
    const query = withDefaults(name, validated.params);
    const path =
      name === 'projects'
        ? '/projects'
        : `/projects/${input.project}${name === 'summary' ? '' : `/${name}`}`;
    const search = encodeQuery(queryPairs(name, validated.params));
    const answer = await fetch(`${sandbox.baseUrl}/api/v1${path}?${search}`, {
      headers: { Authorization: 'Bearer aivis_test_entry' },
    });
    bodies.push({
      name,
      query,
      body: await answer.json(),
      label: `${name} ${JSON.stringify(input)}`,
    });
  }
  return { sandbox, bodies };
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every path to a value in a body, e.g. ['answers', 3, 'platform']. */
export function pathsOf(
  value: Json,
  prefix: Array<string | number> = [],
): Array<Array<string | number>> {
  if (Array.isArray(value))
    return value.flatMap((item, index) => [
      [...prefix, index],
      ...pathsOf(item, [...prefix, index]),
    ]);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => [
      [...prefix, key],
      ...pathsOf(item, [...prefix, key]),
    ]);
  return [];
}

/** A copy of the body with the value at `path` replaced, or removed when replacement is undefined. */
export function mutate(
  body: Json,
  path: Array<string | number>,
  replacement: Json | undefined,
): Json {
  const copy = structuredClone(body);
  let node = copy as Record<string | number, Json>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, Json>;
  const last = path[path.length - 1]!;
  if (replacement === undefined && !Array.isArray(node)) delete node[last];
  else node[last] = replacement ?? null;
  return copy;
}

/** Fetches the bodies before the suite (beforeAll) and closes the sandbox after it; filled once they arrive. */
export function contractBodies(): ContractBody[] {
  const bodies: ContractBody[] = [];
  let sandbox: RunningSandbox | undefined;
  beforeAll(async () => {
    const fetched = await fetchContractBodies();
    sandbox = fetched.sandbox;
    bodies.push(...fetched.bodies);
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  return bodies;
}

/** Runs `check` on fast-check's choice of one-field mutations (value replaced or removed) of every body. */
export function eachMutation(
  bodies: readonly ContractBody[],
  values: ReadonlyArray<Json | undefined>,
  runs: { numRuns: number; seed: number },
  check: (
    body: ContractBody,
    broken: Json,
    path: Array<string | number>,
    wrong: Json | undefined,
  ) => void,
): void {
  for (const body of bodies) {
    fc.assert(
      fc.property(
        fc.constantFrom(...pathsOf(body.body as Json)),
        fc.constantFrom(...values),
        (path, wrong) => check(body, mutate(body.body as Json, path, wrong), path, wrong),
      ),
      runs,
    );
  }
}
