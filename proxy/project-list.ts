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
  const filtered: Record<string, unknown> = { ...list, projects };
  // A count beside the list would still tell how many projects are hidden.
  if (typeof list.total === 'number') filtered.total = projects.length;
  const pagination = list.pagination;
  if (typeof pagination === 'object' && pagination !== null && !Array.isArray(pagination)) {
    const page = { ...(pagination as Record<string, unknown>) };
    if (typeof page.total === 'number') page.total = projects.length;
    if (typeof page.has_more === 'boolean') page.has_more = false;
    filtered.pagination = page;
  }
  return new TextEncoder().encode(JSON.stringify(filtered));
}
