/**
 * Deterministic answers pages of any length, of the document's shape (the
 * fields of data-api 2.3, short quotes, one cited URL, one search query):
 * every field varies with the index, a tenth not yet judged. The variants
 * are the bodies the core bench measures (docs/benchmarks.md, "core"):
 * - `longTexts`: every row carries a full answer text of about 1.5 KB;
 * - `aliases`: every row names its fields as the service's other names do
 *   (shared/aliases.ts: `web_searches` for `search_queries`);
 * - `lacking`: every row lacks this assumed field.
 */
const PLATFORMS = ['chatgpt', 'perplexity', 'ai_overviews', 'gemini', 'claude', 'grok'];

export interface AnswersBodyOptions {
  longTexts?: boolean;
  aliases?: boolean;
  lacking?: string;
}

const SENTENCE =
  'Acme Outdoor makes a solid three-season tent that packs small, and reviewers like its price. ';

export function answersBody(
  rows: number,
  options: AnswersBodyOptions = {},
): Record<string, unknown> {
  const answers = Array.from({ length: rows }, (_, i) => {
    const judged = i % 10 !== 0;
    const day = String((i % 28) + 1).padStart(2, '0');
    const row: Record<string, unknown> = {
      id: 10_000 + i,
      prompt_id: 1 + (i % 16),
      platform: PLATFORMS[i % PLATFORMS.length],
      checked_at: `2026-10-${day}T06:${String(i % 60).padStart(2, '0')}:00Z`,
      prominence_level: judged ? i % 4 : null,
      on_topic: judged ? i % 7 !== 0 : null,
      names_brands: judged ? ['Acme Outdoor', `Brand ${i % 13}`] : null,
      brand_sentiment: judged ? ['positive', 'neutral', 'negative'][i % 3] : null,
      brand_drawback: judged && i % 5 === 0 ? `Pricier than rivals (${i})` : null,
      evidence_quote: judged ? `"A solid choice" (${i})` : null,
      brand_mentioned: judged ? i % 4 !== 0 : null,
      cited_urls: [`https://review${i % 9}.example/tents/${i}`],
      [options.aliases ? 'web_searches' : 'search_queries']: [`best tents ${i % 12}`],
    };
    if (options.longTexts) {
      row.answer_text = `${SENTENCE.repeat(16)}(answer ${i})`;
      row.answer_text_truncated = false;
    }
    if (options.lacking) delete row[options.lacking];
    return row;
  });
  return {
    answers,
    pagination: { offset: 0, limit: rows, returned: rows, total: rows, has_more: false },
    period: {
      requested: 'last_30_days',
      used: 'last_30_days',
      start: '2026-10-02',
      end: '2026-10-31',
    },
  };
}
