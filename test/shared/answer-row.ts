/** One well-formed row of the answers endpoint, for fake servers in the tests. */
export function answerRow(id: number) {
  return {
    id,
    prompt_id: 1,
    platform: 'chatgpt',
    checked_at: '2026-11-14T03:00:00Z',
    prominence_level: 1,
    on_topic: true,
    names_brands: [],
    brand_sentiment: 'neutral',
    brand_drawback: null,
    evidence_quote: null,
    brand_mentioned: true,
    cited_urls: [],
    search_queries: [],
  };
}

/** The period object a fake answers page carries (the default last_30_days, ending on the sandbox's today). */
export const ANSWERS_PERIOD = {
  requested: 'last_30_days',
  used: 'last_30_days',
  start: '2026-10-16',
  end: '2026-11-14',
} as const;
