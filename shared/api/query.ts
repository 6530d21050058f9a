/**
 * Query strings into raw validation input: one reading for the client's
 * getPath, the sandbox and the proxy, so a repeated or oddly named key means
 * the same thing everywhere. The input keeps every key as an own property
 * (`constructor`, `__proto__` included) and repeated keys as arrays; what a
 * repeat means for each parameter (lists merge, scalars are refused) is
 * validateParams' decision. No URL or URLSearchParams: Apps Script has none.
 */

/** Raw query input: one text per key, or every text of a key given more than once. */
export type QueryInput = Record<string, string | string[]>;

/**
 * Percent-decoding that never throws: a malformed escape (`%ZZ`, a lone `%`,
 * broken UTF-8) stays as it was written, as URLSearchParams does, so it reaches
 * validation as text and gets a message naming the parameter.
 */
export function decodeComponent(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
}

/** Collects key/value pairs; a key met again turns into the list of all its values, in order. */
export function queryInput(pairs: Iterable<readonly [string, string]>): QueryInput {
  const collected = new Map<string, string[]>();
  for (const [key, value] of pairs) {
    const values = collected.get(key);
    if (values) values.push(value);
    else collected.set(key, [value]);
  }
  // fromEntries defines own properties: a key named __proto__ stays a key.
  return Object.fromEntries(
    [...collected].map(([key, values]) => [key, values.length === 1 ? values[0]! : values]),
  );
}

/** Splits and decodes `a=1&b=2` (without the `?`) into pairs, as a form-encoded query. */
export function queryPairsOf(query: string): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const pair of query.split('&')) {
    if (!pair) continue;
    const at = pair.indexOf('=');
    const key = at < 0 ? pair : pair.slice(0, at);
    const value = at < 0 ? '' : pair.slice(at + 1);
    pairs.push([
      decodeComponent(key.replace(/\+/g, ' ')),
      decodeComponent(value.replace(/\+/g, ' ')),
    ]);
  }
  return pairs;
}

/** Where the project id goes; said the same way by every reader of a query. */
const PROJECT_IN_QUERY = 'goes in the path (/projects/{project}), not in the query string';

/**
 * The raw input of one request to a route: the query's keys, plus the
 * project segment of the path when the route has one. A `project` key in the
 * query is refused rather than silently losing to (or beating) the path.
 */
export function routeInput(
  pairs: Iterable<readonly [string, string]>,
  pathProject: string | undefined,
): { input: QueryInput } | { errors: Record<string, string[]> } {
  const input = queryInput(pairs);
  if (Object.hasOwn(input, 'project')) return { errors: { project: [PROJECT_IN_QUERY] } };
  if (pathProject !== undefined) input.project = pathProject;
  return { input };
}
