/**
 * Core cost of a sheet refresh: parse one answers body of 1,000 rows with the
 * zod page schema, then normalize it into a table. Run: npx tsx bench/core.bench.ts
 */
import { answersResponseSchema } from '../shared/schemas/answers.js';
import { toTable } from '../shared/table/normalize.js';

const ROWS = 1000;
const RUNS = 15;
const PLATFORMS = ['chatgpt', 'perplexity', 'ai_overviews', 'gemini', 'claude', 'grok'];

/** Deterministic rows: every field varies with the index, a tenth are not yet judged. */
function answerRows(): unknown[] {
  return Array.from({ length: ROWS }, (_, i) => {
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
}

const body = {
  answers: answerRows(),
  pagination: { offset: 0, limit: ROWS, returned: ROWS, total: ROWS, has_more: false },
  period: {
    requested: 'last_30_days',
    used: 'last_30_days',
    start: '2026-10-02',
    end: '2026-10-31',
  },
};

function once(): number {
  const started = performance.now();
  const parsed = answersResponseSchema.safeParse(body);
  if (!parsed.success) throw new Error('bench body does not match the answers schema');
  const table = toTable('answers', { project: 1001 }, parsed.data);
  if (table.rows.length !== ROWS) throw new Error('normalization lost rows');
  return performance.now() - started;
}

for (let i = 0; i < 3; i += 1) once(); // warm-up: JIT and zod's compiled parsers
const times = Array.from({ length: RUNS }, once).sort((a, b) => a - b);
const median = times[Math.floor(RUNS / 2)] ?? Number.NaN;
console.log(
  `core parse+normalize: ${median.toFixed(1)} ms per 1,000 answer rows (median of ${RUNS} runs)`,
);
