/**
 * The proxy's one route decision (proxy/route.ts): every area a request can
 * be for is named by it, under BASE_PATH, so whatever serves the request
 * (client links, the portfolio, the accounts router, the cards, the ledger,
 * the cache) is handed the decision and never reads the URL again.
 */
import { describe, expect, it } from 'vitest';
import { type RouteRules, resolveRoute } from '../../proxy/route.js';

const decide = (target: string, rules: RouteRules = { basePath: '' }) =>
  resolveRoute(new URL(target, 'http://proxy.local'), rules);

describe('the route decision', () => {
  it('names each area of the proxy', () => {
    expect(decide('/api/v1/projects/1001?period=last_30_days')).toMatchObject({
      kind: 'api',
      name: 'summary',
      project: 1001,
    });
    expect(decide('/healthz')).toEqual({ kind: 'health' });
    expect(decide('/cards/aivis-score?project=1001')).toMatchObject({
      kind: 'card',
      form: 'fragment',
    });
    expect(decide('/embed/aivis-dashboard?project=1001')).toMatchObject({
      kind: 'card',
      form: 'embed',
    });
    expect(
      decide('/ledger/v1/projects/1001/series?metric=score&from=2025-01-01&to=2025-12-31'),
    ).toMatchObject({
      kind: 'ledger_series',
      project: 1001,
    });
    expect(decide('/embed/aivis-portfolio')).toEqual({ kind: 'portfolio', form: 'embed' });
    expect(decide('/cards/aivis-portfolio')).toEqual({ kind: 'portfolio', form: 'fragment' });
    expect(decide('/cards/aivis-portfolio.css')).toEqual({ kind: 'portfolio', form: 'css' });
  });

  it('gives /s/ to the client links only when they are on', () => {
    expect(decide('/s/abc.def?project=1001', { basePath: '', shareLinks: true })).toEqual({
      kind: 'share',
    });
    expect(decide('/s/abc.def?project=1001').kind).toBe('not_found');
  });

  it('decides under BASE_PATH only', () => {
    const rules = { basePath: '/aivis', shareLinks: true };
    expect(decide('/aivis/embed/aivis-portfolio', rules)).toEqual({
      kind: 'portfolio',
      form: 'embed',
    });
    expect(decide('/aivis/s/abc.def', rules)).toEqual({ kind: 'share' });
    expect(decide('/s/abc.def', rules).kind).toBe('not_found');
    expect(decide('/embed/aivis-portfolio', rules).kind).toBe('not_found');
  });
});
