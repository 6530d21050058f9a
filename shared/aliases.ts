/**
 * The one table of names the real service is known to use for what our
 * client calls otherwise (docs/service-drift.md). Every reader goes through
 * it: the contract check reconciles a body (shared/http/reconcile.ts) before
 * any widget, table, Sheets function or Looker report reads it, so they all
 * read the canonical name.
 *
 * Key: the name our client reads (the real service's where it is known).
 * `names`: every name looked for, the canonical first. `concept`: the thing
 * in plain words, for the Details of a card and the drift report.
 */
export interface FieldAlias {
  readonly names: readonly string[];
  readonly concept: string;
}

export const FIELD_ALIASES: Readonly<Record<string, FieldAlias>> = {
  // Summary ai_visibility: the MCP tools call it performance_comparison; our first guess was change.
  performance_comparison: {
    names: ['performance_comparison', 'change'],
    concept: 'previous-period change',
  },
  // Competitor ranking and detail rows.
  platform_highlights: {
    names: ['platform_highlights', 'highlights'],
    concept: 'highlight sentences per platform',
  },
  // Answer rows: the web searches the platform ran.
  search_queries: {
    names: ['search_queries', 'web_searches'],
    concept: 'web searches the platform ran',
  },
  // Action-plan actions: data-api 2.4 names next_request; the MCP tools say next_call.
  next_request: { names: ['next_request', 'next_call'], concept: 'follow-up request' },
};

/**
 * Our first guesses where they differ from the canonical name (an alias in
 * FIELD_ALIASES): the sandbox's old-names scenario serves them. Apart from the
 * table so the widget bundle, which never writes them, does not carry them.
 */
export const FIRST_GUESSES: Readonly<Record<string, string>> = {
  performance_comparison: 'change',
  platform_highlights: 'highlights',
  search_queries: 'web_searches',
};

/** The names looked for under `key` (the key alone where no alias is known). */
export const namesOf = (key: string): readonly string[] =>
  Object.hasOwn(FIELD_ALIASES, key) ? FIELD_ALIASES[key]!.names : [key];

/** The concept `key` stands for, in plain words. */
export const conceptOf = (key: string): string =>
  Object.hasOwn(FIELD_ALIASES, key) ? FIELD_ALIASES[key]!.concept : key.replaceAll('_', ' ');
