import type { HttpResponse } from '../../shared/client/types.js';

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

/** Rows 0..total-1 of the answers endpoint, paged as the server pages them. */
export function answersServer(total: number) {
  return (url: string): HttpResponse => {
    const query = new URL(url).searchParams;
    const offset = Number(query.get('offset') ?? 0);
    const limit = Math.min(
      Number(query.get('limit') ?? 25),
      query.get('include_answer_text') === 'true' ? 20 : 100,
    );
    const ids = Array.from(
      { length: Math.max(0, Math.min(limit, total - offset)) },
      (_, index) => offset + index,
    );
    return {
      status: 200,
      headers: {},
      body: JSON.stringify({
        answers: ids.map(answerRow),
        pagination: {
          offset,
          limit,
          returned: ids.length,
          total,
          has_more: offset + ids.length < total,
        },
        period: ANSWERS_PERIOD,
      }),
    };
  };
}
