/**
 * What the fourth attack run got past the proxy's edge and its project list:
 * a sibling host of the same site spending the budget through navigations
 * and frames, and counts beside the filtered list that are nested or named
 * otherwise (`pagination.matched`, `stats.total`). The upstream is a scripted
 * fetch, so each answer is exactly the one attacked.
 */
import { describe, expect, it } from 'vitest';
import { INTRANET, testProxy } from './helpers.js';

const BASE = 'https://svc.example';
const distinct = (index: number) => `/api/v1/projects/1001/answers?offset=${index}`;

function upstream(body: () => unknown = () => ({ ok: true })) {
  const calls: string[] = [];
  return {
    calls,
    fetch: async (input: string) => {
      calls.push(input);
      return new Response(JSON.stringify(body()), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    },
  };
}

describe('Fetch Metadata: a same-site page is another page', () => {
  it.each([
    [
      'a link followed on a sibling host',
      { 'Sec-Fetch-Site': 'same-site', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' },
    ],
    [
      'an <iframe> on a sibling host',
      { 'Sec-Fetch-Site': 'same-site', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'iframe' },
    ],
    [
      'a CORS fetch from a sibling host not in ALLOWED_ORIGINS',
      {
        Origin: 'https://wiki.example.com',
        'Sec-Fetch-Site': 'same-site',
        'Sec-Fetch-Mode': 'cors',
      },
    ],
  ])('%s spends nothing: answered from the cache or refused', async (_what, headers) => {
    const script = upstream();
    const proxy = testProxy({ baseUrl: BASE, allowedOrigins: [] }, { fetch: script.fetch });
    for (let i = 1; i <= 20; i += 1) {
      expect((await proxy.get(distinct(i), { headers })).status).toBe(403);
    }
    expect(script.calls).toHaveLength(0);
  });

  it('an allowed origin on a sibling host, the same origin and a typed address still spend', async () => {
    const script = upstream();
    const proxy = testProxy({ baseUrl: BASE }, { fetch: script.fetch });
    const asks: Record<string, string>[] = [
      { Origin: INTRANET, 'Sec-Fetch-Site': 'same-site', 'Sec-Fetch-Mode': 'cors' },
      { 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'cors' },
      { 'Sec-Fetch-Site': 'none', 'Sec-Fetch-Mode': 'navigate' },
    ];
    for (const [index, headers] of asks.entries()) {
      expect((await proxy.get(distinct(index), { headers })).status).toBe(200);
    }
    expect(script.calls).toHaveLength(3);
  });
});

describe('ALLOWED_PROJECTS: no count beside the filtered list, at any depth', () => {
  it('pagination.matched, stats.total and every other number beside the list say the filtered list or go', async () => {
    const list = {
      projects: [1001, 1002, 1003, 1004].map((id) => ({ id, name: `P${id}`, answers: 40 })),
      pagination: { offset: 0, limit: 50, returned: 4, total: 4, matched: 4, has_more: true },
      stats: { total: 4, active: 4, by_plan: { entry: 3, pro: 1 }, archived: '2' },
      meta: [{ hidden: 2 }, 4],
      hidden_ids: [1002, 1004],
      note: 'kept',
    };
    const script = upstream(() => list);
    const proxy = testProxy(
      { baseUrl: BASE, allowedProjects: [1001, 1003] },
      { fetch: script.fetch },
    );
    const body = JSON.parse((await proxy.get('/api/v1/projects')).body);
    expect(body.projects.map((p: { id: number }) => p.id)).toEqual([1001, 1003]);
    // Rows keep their own figures: they are the allowed projects'.
    expect(body.projects[0].answers).toBe(40);
    expect(body.pagination).toEqual({
      offset: 0,
      limit: 50,
      returned: 2,
      total: 2,
      matched: 2,
      has_more: false,
    });
    expect(body.stats).toEqual({ total: 2, by_plan: {} });
    expect(body.meta).toEqual([{}]);
    expect(body.hidden_ids).toEqual([]);
    expect(body.note).toBe('kept');
    // Nothing beside the list still says 4 (or 2 hidden).
    const { projects: _, ...beside } = body;
    expect(JSON.stringify(beside)).not.toMatch(/[^0-9]4[^0-9]|1002|1004|"2"/);
  });
});
