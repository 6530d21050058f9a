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
  const filtered: Record<string, unknown> = { ...withCounts(list, projects.length), projects };
  const pagination = list.pagination;
  if (typeof pagination === 'object' && pagination !== null && !Array.isArray(pagination)) {
    const page = withCounts(pagination as Record<string, unknown>, projects.length);
    if (typeof page.has_more === 'boolean') page.has_more = false;
    filtered.pagination = page;
  }
  return new TextEncoder().encode(JSON.stringify(filtered));
}

/** Counts of the list itself: they become the filtered list's length. */
const LIST_COUNTS = new Set(['total', 'returned', 'count']);
/** Any other field named like a count: the proxy cannot compute it, so it is dropped. */
const COUNT_LIKE = /(?:^|_)(?:total|count|returned|number)(?:_|$)|count$/i;

/**
 * A count beside the list would still tell how many projects are hidden:
 * `total`, `returned` and `count` say the filtered list's length, and any
 * other number named like a count is left out (data-api 2.1 names none).
 */
function withCounts(record: Record<string, unknown>, length: number): Record<string, unknown> {
  // No prototype: a "__proto__" key of the parsed list stays a plain field.
  const out: Record<string, unknown> = Object.create(null);
  for (const [key, value] of Object.entries(record)) {
    if (typeof value === 'number' && LIST_COUNTS.has(key)) out[key] = length;
    else if (typeof value === 'number' && COUNT_LIKE.test(key)) continue;
    else out[key] = value;
  }
  return out;
}
