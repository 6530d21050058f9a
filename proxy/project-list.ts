/**
 * ALLOWED_PROJECTS applies to the list too: GET /projects would otherwise name
 * every project of the account (data-api 4.1), the hidden ones included.
 */

/**
 * The list body with only the allowed projects (and any count adjusted), or
 * undefined when it is not the list the proxy knows how to filter: then
 * nothing is passed on rather than everything.
 */
export function keepAllowedProjects(
  body: Uint8Array<ArrayBuffer>,
  allowed: readonly number[],
): Uint8Array<ArrayBuffer> | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(body));
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const list = parsed as Record<string, unknown>;
  if (!Array.isArray(list.projects)) return undefined;
  const projects = list.projects.filter(
    (project: unknown) =>
      typeof project === 'object' &&
      project !== null &&
      allowed.includes((project as { id?: unknown }).id as number),
  );
  const filtered = withCounts(list, projects.length, 0) as Record<string, unknown>;
  filtered.projects = projects;
  return new TextEncoder().encode(JSON.stringify(filtered));
}

/** The counts of the list itself, at any depth (pagination, stats, …): they become the filtered list's length. */
const LIST_COUNTS = new Set(['total', 'returned', 'count', 'matched', 'total_count', 'filtered']);
/** Numbers beside the list that say nothing of the hidden projects: the request's own paging. */
const PAGING = new Set(['offset', 'limit', 'page', 'per_page', 'page_size']);
/** Deeper than this, beside the list, is nothing the proxy passes on. */
const MAX_DEPTH = 8;

const isNumberLike = (value: unknown) =>
  typeof value === 'number' || (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value));

/**
 * Everything beside the list, with no number that could tell how many
 * projects are hidden, at any depth: the list's counts say the filtered
 * length, the paging numbers stay, `has_more` is false, and every other
 * number (or numeric text) is left out, whatever its name (`stats.total`,
 * `pagination.matched`, `hidden: 3`): the proxy cannot tell a count from
 * anything else, and data-api 2.1 names no other number there.
 */
function withCounts(value: unknown, length: number, depth: number): unknown {
  if (Array.isArray(value)) {
    if (depth >= MAX_DEPTH) return [];
    return value
      .filter((item) => !isNumberLike(item))
      .map((item) => withCounts(item, length, depth + 1));
  }
  if (typeof value !== 'object' || value === null) return value;
  // No prototype: a "__proto__" key of the parsed list stays a plain field.
  const out: Record<string, unknown> = Object.create(null);
  if (depth >= MAX_DEPTH) return out;
  for (const [key, item] of Object.entries(value)) {
    if (depth === 0 && key === 'projects') continue;
    if (isNumberLike(item)) {
      if (LIST_COUNTS.has(key.toLowerCase())) out[key] = length;
      else if (PAGING.has(key.toLowerCase())) out[key] = item;
    } else if (key === 'has_more' && typeof item === 'boolean') out[key] = false;
    else out[key] = withCounts(item, length, depth + 1);
  }
  return out;
}
