/**
 * Paging through an action's supporting rows: the address of a page. Apart
 * from supporting-rows.ts, which loads with the rows' first answer.
 */

/** The same API path asking for the page at `offset` (the next_request's other parameters kept). */
export function pathAtOffset(path: string, offset: number): string {
  const at = path.indexOf('?');
  const query = new URLSearchParams(at < 0 ? '' : path.slice(at + 1));
  if (offset > 0) query.set('offset', String(offset));
  else query.delete('offset');
  const text = query.toString();
  return `${at < 0 ? path : path.slice(0, at)}${text ? `?${text}` : ''}`;
}
