/** A deterministic answers page of any length: every field varies with the index, a tenth not yet judged. */
const PLATFORMS = ['chatgpt', 'perplexity', 'ai_overviews', 'gemini', 'claude', 'grok'];

export function answersBody(rows: number): Record<string, unknown> {
  const answers = Array.from({ length: rows }, (_, i) => {
    const judged = i % 10 !== 0;
    const day = String((i % 28) + 1).padStart(2, '0');
    return {
      id: 10_000 + i,
      prompt_id: 1 + (i % 16),
      platform: PLATFORMS[i % PLATFORMS.length],
      checked_at: `2026-10-${day}T06:${String(i % 60).padStart(2, '0')}:00Z`,
      prominence_level: judged ? i % 4 : null,
      on_topic: judged ? i % 7 !== 0 : null,
      names_brands: judged ? ['Acme Outdoor', `Brand ${i % 13}`, `Brand ${i % 7}`] : null,
      brand_sentiment: judged ? ['positive', 'neutral', 'negative'][i % 3] : null,
      brand_drawback: judged && i % 5 === 0 ? `Drawback number ${i}: pricier than rivals` : null,
      evidence_quote: judged ? `"Acme Outdoor is a solid choice" (answer ${i})` : null,
      brand_mentioned: judged ? i % 4 !== 0 : null,
      cited_urls: [`https://review${i % 9}.example/tents/${i}`, 'https://acme.example/'],
      web_searches: [`best tents ${i % 12}`],
    };
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
