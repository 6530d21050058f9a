/**
 * The showcase projects' data speaks their own trade (sandbox/data/trades.ts):
 * an outdoor store's search queries, opportunities, pages, AI-traffic landing
 * pages, answer texts and competitors are about outdoor gear, a bakery's about
 * bread, never the software vocabulary project 1001 keeps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOFTWARE_TRADE, tradeOf } from '../../sandbox/data/trades.js';
import { PROJECT_SPECS } from '../../sandbox/data/world.js';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.js';
import { api, ENTRY, PRO } from './helpers.js';

const TOKEN_OF_ACCOUNT = { A: ENTRY, B: PRO, C: 'aivis_test_showcase' } as const;
/** Words only a software product's data would hold. */
const SOFTWARE_WORDS =
  /\b(dashboards?|analytics|reporting|attribution|kpi|roi|integrations|in ga4)\b/i;

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: false });
});
afterAll(async () => {
  await sandbox?.close();
});

const SHOWCASE = PROJECT_SPECS.filter((spec) => spec.trade !== undefined);

describe('the showcase projects speak their own trade', () => {
  it('covers the gallery projects other than the hostile one, and leaves 1001 the software trade', () => {
    expect(SHOWCASE.map((spec) => spec.id).sort()).toEqual([1002, 1003, 2001, 3001]);
    expect(tradeOf(PROJECT_SPECS.find((spec) => spec.id === 1001)!)).toBe(SOFTWARE_TRADE);
  });

  it.each(SHOWCASE.map((spec) => [spec.id, spec] as const))(
    'project %i: queries, opportunities, pages, landing pages and answers',
    async (id, spec) => {
      const token = TOKEN_OF_ACCOUNT[spec.account];
      const trade = tradeOf(spec);
      const texts: string[] = [];
      if (spec.google) {
        for (const dataset of [
          'top_queries',
          'opportunities',
          'ai_question_queries',
          'top_pages',
        ]) {
          const answer = await api(
            sandbox.baseUrl,
            `/api/v1/projects/${id}/search-performance?dataset=${dataset}`,
            token,
          );
          expect(answer.status, dataset).toBe(200);
          const rows = answer.body.rows as Array<{ query?: string; page?: string }>;
          texts.push(...rows.map((row) => row.query ?? row.page ?? ''));
          if (dataset === 'top_queries') {
            const ofTrade = rows.filter((row) =>
              trade.topics.some((topic) => row.query!.includes(topic)),
            );
            expect(ofTrade.length, `${id} queries of its trade`).toBeGreaterThan(rows.length / 2);
          }
        }
      }
      if (spec.ga4) {
        const pages = await api(
          sandbox.baseUrl,
          `/api/v1/projects/${id}/ai-traffic?dataset=landing_pages`,
          token,
        );
        texts.push(...(pages.body.rows as Array<{ path: string }>).map((row) => row.path));
      }
      const answers = await api(
        sandbox.baseUrl,
        `/api/v1/projects/${id}/answers?include_answer_text=true&limit=20`,
        token,
      );
      for (const row of answers.body.answers as Array<Record<string, unknown>>) {
        texts.push(
          String(row.answer_text),
          String(row.evidence_quote ?? ''),
          String(row.brand_drawback ?? ''),
        );
      }
      expect(texts.length).toBeGreaterThan(10);
      for (const text of texts) expect(text, `${id}`).not.toMatch(SOFTWARE_WORDS);
      const competitors = await api(
        sandbox.baseUrl,
        `/api/v1/projects/${id}/competitors?dataset=ranking`,
        token,
      );
      const names = (competitors.body.competitors as Array<{ name: string }>).map(
        (row) => row.name,
      );
      for (const name of names) {
        expect([spec.brand_name, ...spec.competitors.map((rival) => rival.name)]).toContain(name);
      }
    },
  );

  it('no quote names a platform by its id', async () => {
    const answer = await api(
      sandbox.baseUrl,
      '/api/v1/projects/3001/answers?limit=100',
      'aivis_test_showcase',
    );
    for (const row of answer.body.answers as Array<{ evidence_quote: string | null }>) {
      expect(row.evidence_quote ?? '').not.toMatch(
        /^(chatgpt|perplexity|gemini|claude|grok|ai_overviews) /,
      );
    }
  });
});
