/**
 * How a page words whether a token is stored. The Settings sidebar and the
 * connections list both say it with these words, from the same server-side
 * answer (connections.ts isTokenSet), so they cannot disagree.
 */
export function tokenState(tokenSet: boolean): 'token set' | 'token not set' {
  return tokenSet ? 'token set' : 'token not set';
}

/** The same words at the start of a line. */
export function tokenStateLine(tokenSet: boolean): string {
  const words = tokenState(tokenSet);
  return words.charAt(0).toUpperCase() + words.slice(1);
}
