/**
 * The cards from the proxy (docs/widgets.md, "Cards from the proxy") in
 * front of a real sandbox: what a browser with JavaScript off receives (the
 * figures in the HTML, no inline style), the rules of the API routes (one
 * upstream call per answer and TTL for every form, the project list, the
 * host check, Fetch Metadata, ETag/304), the elements' messages, and what
 * an attacker can get out of them (no token, no framing, no 500).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FORMULA_BRAND, IMG_ONERROR, SCRIPT_TAG } from '../../sandbox/data/hostile.js';
import type { Query } from '../../shared/api/endpoints.js';
import { escapeHtml } from '../../shared/escape-html.js';
import { apiPath } from '../../shared/http/request.js';
import { WIDGET_CLASSES } from '../../ssr/card-elements.js';
import { cardAnswer, cardsReady, renderCard } from '../../ssr/index.js';
import { cardSuite, INTRANET, PRO_TOKEN, testProxy } from './helpers.js';

const suite = cardSuite();
const { watch } = suite;
const TAGS = Object.keys(WIDGET_CLASSES);

/** Upstream calls the sandbox saw for a path. */
const upstreamCalls = (path: string) =>
  suite.sandbox.requestLog.filter((entry) => entry.path === path).length;

describe('as a browser with JavaScript off', () => {
  it.each(TAGS)(
    '/cards/%s is the element with its figures in a declarative shadow root',
    async (tag) => {
      const { status, body, headers } = await suite.proxy.get(`/cards/${tag}?project=1001`);
      expect(status).toBe(200);
      expect(headers['content-type']).toBe('text/html; charset=utf-8');
      expect(body).toMatch(new RegExp(`^<${tag} project="1001"><template shadowrootmode="open">`));
      // One stylesheet for every card: a page of cards asks for it once.
      expect(body).toContain('<link rel="stylesheet" href="/cards/aivis-cards.css">');
      // Settled: no skeleton, not busy, the brand the data names in the heading.
      expect(body).not.toContain('part="skeleton"');
      expect(body).toContain('aria-busy="false"');
      // A strict CSP page keeps style-src 'self': nothing inline.
      expect(body).not.toMatch(/<style|\sstyle=/i);
      // The answer the bundle takes the card over with.
      expect(body).toContain('<script type="application/json" data-answer>');
    },
  );

  it('shows the figures of the API answer the element would read', async () => {
    const api = JSON.parse(
      (await suite.proxy.get('/api/v1/projects/1001?include=profile,ai_visibility')).body,
    );
    const card = (await suite.proxy.get('/cards/aivis-visibility-score?project=1001')).body;
    expect(card).toContain(`<bdi>${api.profile.brand_name}</bdi>`);
    expect(card).toContain(`<span class="value">${api.ai_visibility.score.toFixed(1)}</span>`);
    for (const row of api.ai_visibility.mentions_by_platform) {
      expect(card).toContain(`data-width="${Math.round(row.mention_rate)}"`);
    }
  });

  it('serves each card’s stylesheet: its own styles and a width rule per whole percent', async () => {
    const { status, body, headers } = await suite.proxy.get('/cards/aivis-visibility-score.css');
    expect(status).toBe(200);
    expect(headers['content-type']).toBe('text/css; charset=utf-8');
    expect(body).toContain(':host');
    expect(body).toContain('.bar[data-width="57"]{width:57%}');
  });

  it('/embed/aivis-dashboard is a whole page with every section’s card', async () => {
    const { status, body, headers } = await suite.proxy.get(
      '/embed/aivis-dashboard?project=1001&theme=dark',
    );
    expect(status).toBe(200);
    expect(body).toMatch(/^<!doctype html>/);
    expect(body).toContain('data-theme="dark"');
    for (const tag of TAGS) expect(body).toContain(`<${tag} part="section"`);
    expect(body).not.toContain('part="skeleton"');
    expect(body).not.toMatch(/<style|\sstyle=|<script(?! type="application\/json")/i);
    expect(headers['content-security-policy']).toContain("style-src 'self'");
    expect(headers['content-security-policy']).toContain("require-trusted-types-for 'script'");
  });

  it('/cards/<element>.svg is a picture with the figures as its title and description', async () => {
    const { status, body, headers } = await suite.proxy.get(
      '/cards/aivis-visibility-score.svg?project=1001',
    );
    expect(status).toBe(200);
    expect(headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(headers['cache-control']).toMatch(/^public, max-age=\d+/);
    const title = /<title id="title">([^<]*)<\/title>/.exec(body)?.[1];
    expect(title).toMatch(/^AI visibility · Brightlane/);
    expect(/<desc id="desc">([^<]*)<\/desc>/.exec(body)?.[1]).toMatch(/\d+\.\d out of 100/);
    expect(body).not.toMatch(/<script|<foreignObject|\son\w+=/i);
  });
});

describe('the rules of the API routes', () => {
  it('a card, its fragment, embed and picture cost one upstream call per TTL with the API route', async () => {
    const path = '/api/v1/projects/1003/citations';
    const before = upstreamCalls(path);
    await suite.proxy.get('/api/v1/projects/1003/citations?group_by=domain&limit=10');
    await suite.proxy.get('/cards/aivis-citations?project=1003');
    await suite.proxy.get('/embed/aivis-citations?project=1003&theme=light');
    await suite.proxy.get('/cards/aivis-citations.svg?project=1003');
    expect(upstreamCalls(path) - before).toBe(1);
  });

  it('answers a validator with 304', async () => {
    const first = await suite.proxy.get('/cards/aivis-competitor-ranking?project=1001&limit=5');
    expect(first.headers.etag).toMatch(/^".+"$/);
    const again = await suite.proxy.get('/cards/aivis-competitor-ranking?project=1001&limit=5', {
      headers: { 'If-None-Match': first.headers.etag! },
    });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
  });

  it('keeps to ALLOWED_PROJECTS without asking upstream', async () => {
    const limited = testProxy(
      { baseUrl: suite.sandbox.baseUrl, allowedProjects: [1001] },
      {},
      watch,
    );
    const before = suite.sandbox.requestLog.length;
    const { status, body } = await limited.get('/cards/aivis-citations?project=1002');
    expect(status).toBe(404);
    expect(body).toContain('data-code="not_found"');
    expect(suite.sandbox.requestLog.length).toBe(before);
  });

  it('refuses a Host that is not the proxy’s, as the API routes do', async () => {
    const { status } = await suite.proxy.get('/cards/aivis-citations?project=1001', {
      headers: { Host: 'evil.example' },
    });
    expect(status).toBe(421);
  });

  it('spends no budget for another site’s page (Fetch Metadata): the cache only', async () => {
    const before = upstreamCalls('/api/v1/projects/1002/action-plan');
    const { status, body } = await suite.proxy.get('/cards/aivis-action-plan?project=1002', {
      headers: { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate' },
    });
    expect(status).toBe(403);
    expect(body).toContain('role="alert"');
    expect(upstreamCalls('/api/v1/projects/1002/action-plan')).toBe(before);
  });
});

describe('renderCard, for others that serve cards', () => {
  const look = { stylesheet: (tag: string) => `/cards/${tag}.css` };

  it('renders a checked request from the answer it is given', async () => {
    await cardsReady();
    const { status, html } = await renderCard(
      'aivis-citations',
      new URLSearchParams('project=1001&limit=3'),
      async (request) => {
        const path = apiPath(request.endpoint, request.params as Query);
        const answer = await suite.proxy.get(path);
        return cardAnswer(
          request.endpoint,
          request.params,
          answer.status,
          answer.headers,
          answer.body,
          Date.now(),
        );
      },
      look,
    );
    expect(status).toBe(200);
    expect(html).toMatch(
      /^<aivis-citations limit="3" project="1001"><template shadowrootmode="open">/,
    );
    expect(html.match(/<li/g)?.length ?? html.match(/<tr/g)?.length).toBeGreaterThan(0);
  });

  it('gives the element’s error card for a refused attribute, without asking', async () => {
    let asked = false;
    const { status, html } = await renderCard(
      'aivis-citations',
      new URLSearchParams('project=1001&limit=0'),
      async () => {
        asked = true;
        throw new Error('not asked');
      },
      look,
    );
    expect({ status, asked }).toEqual({ status: 422, asked: false });
    expect(html).toContain('<code>limit</code>');
  });
});

describe('docs/widgets.md’s embeds and pictures', () => {
  const doc = readFileSync(new URL('../../docs/widgets.md', import.meta.url), 'utf8');
  const addresses = [
    ...new Set(
      [
        ...doc.matchAll(/src="https:\/\/intranet\.example\.com\/aivis(\/(?:cards|embed)\/[^"]+)"/g),
      ].map((match) => match[1]!.replaceAll('&amp;', '&')),
    ),
  ];

  it('names an embed and a picture', () => {
    expect(addresses.some((address) => address.startsWith('/embed/'))).toBe(true);
    expect(addresses.some((address) => address.includes('.svg?'))).toBe(true);
  });

  it.each(addresses)('%s answers with the figures', async (address) => {
    const { status, body, headers } = await suite.proxy.get(address);
    expect(status).toBe(200);
    // A PNG's figures are pixels (test/proxy/cards-png.test.ts); the rest carry them as text.
    if (address.includes('.png?')) expect(headers['content-type']).toBe('image/png');
    else expect(body).toContain('Brightlane');
  });
});

describe('the elements’ messages', () => {
  it('an invalid attribute is the element’s error card, naming the attribute (422)', async () => {
    const { status, body } = await suite.proxy.get(
      '/cards/aivis-visibility-trend?project=1001&months=0',
    );
    expect(status).toBe(422);
    expect(body).toContain('data-code="validation_failed"');
    expect(body).toContain('<code>months</code>');
  });

  it('an attribute the element does not have is refused with the ones it has', async () => {
    const { status, body } = await suite.proxy.get(
      '/cards/aivis-citations?project=1001&colour=red',
    );
    expect(status).toBe(422);
    expect(body).toContain('<code>colour</code> is not an attribute of &lt;aivis-citations&gt;');
    expect(body).toContain('group-by');
  });

  it('never takes a token or a base-url, and never echoes them', async () => {
    const { status, body } = await suite.proxy.get(
      `/cards/aivis-citations?project=1001&token=${PRO_TOKEN}&base-url=https://evil.example`,
    );
    expect(status).toBe(422);
    expect(body).not.toContain(PRO_TOKEN);
    expect(body).not.toContain('evil.example');
  });

  it('an unknown element is a 404 naming the cards there are', async () => {
    const { status, body } = await suite.proxy.get('/cards/aivis-nothing?project=1001');
    expect(status).toBe(404);
    expect(JSON.parse(body).error.message).toContain('aivis-visibility-score');
  });
});

describe('as an attacker', () => {
  it.each([
    '/cards/',
    '/cards/aivis-dashboard?project=1001&nope=1',
    '/cards/aivis-dashboard.svg?project=1001&token=x',
    '/embed/aivis-dashboard?project=1001&sections=x,y&nope=1',
    '/cards/AIVIS-CITATIONS?project=1001',
    '/cards/aivis-citations?project=%ZZ',
    '/cards/aivis-citations?project=1001&project=1002',
    `/cards/aivis-citations?project=1001&heading=${'x'.repeat(5_000)}`,
    `/cards/aivis-citations?${'a=1&'.repeat(200)}`,
    '/embed/..%2fapi%2fv1%2fprojects',
    '/cards/aivis-citations.css.svg',
  ])('%s is a 4xx, never a 500', async (path) => {
    const { status } = await suite.proxy.get(path);
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
  });

  it.each([
    ['/cards/aivis-competitor-ranking?project=1001&include-highlights=', FORMULA_BRAND],
    ['/embed/aivis-competitor-ranking?project=1001&include-highlights=', FORMULA_BRAND],
    ['/cards/aivis-competitor-ranking.svg?project=1001', FORMULA_BRAND],
    ['/embed/aivis-dashboard?project=1001', FORMULA_BRAND],
    ['/cards/aivis-dashboard?project=1001', FORMULA_BRAND],
    ['/cards/aivis-dashboard.svg?project=1001', FORMULA_BRAND],
    ['/cards/aivis-citations?project=1001', 'javascript:'],
    ['/cards/aivis-citations.svg?project=1001', 'javascript:'],
  ])('%s keeps the planted hostile values as text', async (path, planted) => {
    const { status, body } = await suite.proxy.get(path);
    expect(status).toBe(200);
    // The sandbox plants them in project 1001 (sandbox/data/hostile.ts): shown, escaped, inert.
    expect(body).toContain(escapeHtml(planted));
    for (const attack of [SCRIPT_TAG, IMG_ONERROR]) expect(body).not.toContain(attack);
    expect(body).not.toMatch(/href="javascript:|<img|<script(?! type="application\/json")/i);
  });

  it('an embed may be framed by no page unless FRAME_ANCESTORS lists it', async () => {
    const closed = await suite.proxy.get('/embed/aivis-citations?project=1001');
    expect(closed.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(closed.headers['x-frame-options']).toBe('DENY');
    const open = testProxy(
      { baseUrl: suite.sandbox.baseUrl, frameAncestors: ['https://contoso.sharepoint.com'] },
      {},
      watch,
    );
    const framed = await open.get('/embed/aivis-citations?project=1001');
    expect(framed.headers['content-security-policy']).toContain(
      'frame-ancestors https://contoso.sharepoint.com',
    );
    expect(framed.headers['x-frame-options']).toBeUndefined();
    // A fragment is never a page to frame.
    const fragment = await open.get('/cards/aivis-citations?project=1001');
    expect(fragment.headers['x-frame-options']).toBe('DENY');
  });

  it('an origin outside ALLOWED_ORIGINS gets no CORS grant on a card', async () => {
    const mine = await suite.proxy.get('/cards/aivis-citations?project=1001', {
      headers: { Origin: INTRANET },
    });
    expect(mine.headers['access-control-allow-origin']).toBe(INTRANET);
    const theirs = await suite.proxy.get('/cards/aivis-citations?project=1001', {
      headers: { Origin: 'https://evil.example' },
    });
    expect(theirs.headers['access-control-allow-origin']).toBeUndefined();
  });
});
